import { CircleCheck, Loader2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useConfirmGuest } from '../../features/guests/api/guest-rsvps.ts';
import { GuestLinkFailed } from '../../features/guests/components/guest-link-failed.tsx';
import { GuestRsvpCard } from '../../features/guests/components/guest-rsvp-card.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** The link of the confirmation e-mail to a guest without an account (decision 040). */
export function GuestRsvpConfirmPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmGuest(token);
  const state = !token ? 'failed' : confirm.isPending ? 'confirming' : confirm.isSuccess ? 'done' : 'failed';
  return (
    <div className="mx-auto max-w-md">
      <title>{t('guests.confirm.pageTitle')}</title>
      <div className="rounded-3xl border border-stone-200/80 bg-white p-8 text-center shadow-(--shadow-lift)">
        {state === 'confirming' ? (
          <div role="status" className="space-y-4">
            <Loader2 className="mx-auto size-12 animate-spin text-brand-700" aria-hidden="true" />
            <h1 className="font-display text-2xl font-semibold">{t('guests.confirm.confirming')}</h1>
          </div>
        ) : state === 'done' && confirm.data ? (
          <div className="space-y-5">
            <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
            <div role="status">
              <h1 className="font-display text-2xl font-semibold">{t('guests.confirm.done')}</h1>
            </div>
            <GuestRsvpCard rsvp={confirm.data.rsvp} />
            <p className="text-sm text-stone-700">{t('guests.confirm.emailed')}</p>
            <Button asChild className="w-full">
              <Link to={`/guest-rsvp/manage?token=${encodeURIComponent(confirm.data.manageToken)}`}>
                {t('guests.confirm.changeOrCancel')}
              </Link>
            </Button>
          </div>
        ) : (
          <GuestLinkFailed token={token || null} error={confirm.error} />
        )}
      </div>
    </div>
  );
}
