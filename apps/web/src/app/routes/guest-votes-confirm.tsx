import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { guestVoteLink } from '../../features/guests/api/guest-votes.ts';
import { GuestLinkFailed } from '../../features/guests/components/guest-link-failed.tsx';
import { GuestLinkFrame, GuestLinkWaiting } from '../../features/guests/components/guest-link-frame.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** The link of the confirmation e-mail to a poll's guest without an account (decision 056). */
export function GuestVotesConfirmPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = guestVoteLink.useConfirm(token);
  const state = !token ? 'failed' : confirm.isPending ? 'confirming' : confirm.isSuccess ? 'done' : 'failed';
  return (
    <GuestLinkFrame title={t('guests.votes.confirmPageTitle')}>
      {state === 'confirming' ? (
        <GuestLinkWaiting text={t('guests.votes.confirming')} />
      ) : state === 'done' && confirm.data ? (
        <div className="space-y-5">
          <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
          <div role="status" className="space-y-2">
            <h1 className="font-display text-2xl font-semibold">{t('guests.votes.confirmed')}</h1>
            <p className="text-stone-700">{confirm.data.poll.title}</p>
          </div>
          <p className="text-sm text-stone-700">{t('guests.votes.emailed')}</p>
          <Button asChild className="w-full">
            <Link to={`/guest-votes/manage?token=${encodeURIComponent(confirm.data.manageToken)}`}>
              {t('guests.votes.change')}
            </Link>
          </Button>
        </div>
      ) : (
        <GuestLinkFailed token={token || null} error={confirm.error} />
      )}
    </GuestLinkFrame>
  );
}
