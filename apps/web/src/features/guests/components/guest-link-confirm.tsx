import type { UseQueryResult } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useGuestLinkToken } from '../guest-link-token.ts';
import { GuestLinkFailed } from './guest-link-failed.tsx';
import { GuestLinkFrame, GuestLinkWaiting } from './guest-link-frame.tsx';

/**
 * The page behind a guest's confirmation link: a spinner while `link.useConfirm` spends the
 * token, then the announced `done` (with `detail`), `card`, what was e-mailed and the way to the
 * manage page; or why the link did not work (no token, used, expired).
 */
export function GuestLinkConfirmPage<Confirmed extends { manageToken: string }>(props: {
  link: { useConfirm: (token: string | null) => UseQueryResult<Confirmed> };
  title: string;
  confirming: string;
  done: string;
  detail?: (confirmed: Confirmed) => string;
  card?: (confirmed: Confirmed) => ReactNode;
  emailed: string;
  /** The manage page's path; the manage token goes in its query. */
  managePage: string;
  manageLabel: string;
}) {
  const token = useGuestLinkToken();
  const confirm = props.link.useConfirm(token);
  const confirmed = token && confirm.isSuccess ? confirm.data : undefined;
  return (
    <GuestLinkFrame title={props.title}>
      {token && confirm.isPending ? (
        <GuestLinkWaiting text={props.confirming} />
      ) : confirmed ? (
        <div className="space-y-5">
          <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
          <div role="status" className={props.detail ? 'space-y-2' : undefined}>
            <h1 className="font-display text-2xl font-semibold">{props.done}</h1>
            {props.detail ? <p className="text-stone-700">{props.detail(confirmed)}</p> : null}
          </div>
          {props.card?.(confirmed)}
          <p className="text-sm text-stone-700">{props.emailed}</p>
          <Button asChild className="w-full">
            <Link to={`${props.managePage}?token=${encodeURIComponent(confirmed.manageToken)}`}>
              {props.manageLabel}
            </Link>
          </Button>
        </div>
      ) : (
        <GuestLinkFailed token={token || null} error={confirm.error} />
      )}
    </GuestLinkFrame>
  );
}
