import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { guestRsvpLink } from '../../features/guests/api/guest-rsvps.ts';
import { GuestLinkFailed } from '../../features/guests/components/guest-link-failed.tsx';
import { GuestLinkFrame, GuestLinkWaiting } from '../../features/guests/components/guest-link-frame.tsx';
import { GuestRsvpCard } from '../../features/guests/components/guest-rsvp-card.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** The link of the confirmation e-mail to a guest without an account (decision 040). */
export function GuestRsvpConfirmPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = guestRsvpLink.useConfirm(token);
  const state = !token ? 'failed' : confirm.isPending ? 'confirming' : confirm.isSuccess ? 'done' : 'failed';
  return (
    <GuestLinkFrame title={t('guests.confirm.pageTitle')}>
      {state === 'confirming' ? (
        <GuestLinkWaiting text={t('guests.confirm.confirming')} />
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
    </GuestLinkFrame>
  );
}
