import { guestRsvpLink } from '../../features/guests/api/guest-rsvps.ts';
import { GuestLinkConfirmPage } from '../../features/guests/components/guest-link-confirm.tsx';
import { GuestRsvpCard } from '../../features/guests/components/guest-rsvp-card.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** The link of the confirmation e-mail to a guest without an account (decision 040). */
export function GuestRsvpConfirmPage() {
  const t = useT();
  return (
    <GuestLinkConfirmPage
      link={guestRsvpLink}
      title={t('guests.confirm.pageTitle')}
      confirming={t('guests.confirm.confirming')}
      done={t('guests.confirm.done')}
      card={(confirmed) => <GuestRsvpCard rsvp={confirmed.rsvp} />}
      emailed={t('guests.confirm.emailed')}
      managePage="/guest-rsvp/manage"
      manageLabel={t('guests.confirm.changeOrCancel')}
    />
  );
}
