import { CircleCheck, Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { GuestLinkFailed } from './guest-link-failed.tsx';

/** The card the pages of a guest's e-mail links stand in (confirm, manage: decisions 040 and 056). */
export function GuestLinkFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md">
      <title>{title}</title>
      <div className="rounded-3xl border border-stone-200/80 bg-white p-8 text-center shadow-(--shadow-lift)">
        {children}
      </div>
    </div>
  );
}

/** While a guest's link is read or spent: a spinner and what is happening, announced. */
export function GuestLinkWaiting({ text }: { text: string }) {
  return (
    <div role="status" className="space-y-4">
      <Loader2 className="mx-auto size-12 animate-spin text-brand-700" aria-hidden="true" />
      <h1 className="font-display text-2xl font-semibold">{text}</h1>
    </div>
  );
}

/** A guest's link has done its last step (answer cancelled, votes withdrawn): what happened, announced. */
export function GuestLinkDone({ title, body }: { title: string; body: string }) {
  return (
    <div className="space-y-4">
      <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
      <div role="status">
        <h1 className="font-display text-2xl font-semibold">{title}</h1>
      </div>
      <p className="text-stone-700">{body}</p>
    </div>
  );
}

/**
 * "Cancel my answer" / "withdraw my votes": a quiet button that asks once more before it acts
 * (`ask`, `yes`), with a way back that keeps everything.
 */
export function AskBeforeRemoving({
  label,
  ask,
  yes,
  pending,
  onRemove,
  className,
}: {
  label: string;
  ask: string;
  yes: string;
  pending: boolean;
  onRemove: () => void;
  className?: string;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button variant="ghost" className={className} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="text-sm text-red-900">{ask}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" loading={pending} onClick={onRemove}>
          {yes}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          {t('guests.manage.keep')}
        </Button>
      </div>
    </div>
  );
}

/**
 * What a guest's manage link shows before its answer: `removed` once the guest took it back,
 * why the link failed, or a spinner (`loading`) while it is read; null once the answer is `ready`.
 */
export function guestManageStatus({
  token,
  answer,
  ready,
  removed,
  loading,
}: {
  token: string;
  answer: { isError: boolean; error: unknown };
  ready: boolean;
  removed: { title: string; body: string } | null;
  loading: string;
}): ReactNode {
  if (removed) return <GuestLinkDone title={removed.title} body={removed.body} />;
  if (!token || answer.isError) return <GuestLinkFailed token={token || null} error={answer.error} />;
  if (!ready) return <GuestLinkWaiting text={loading} />;
  return null;
}
