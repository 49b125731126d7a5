import { guestVoteLink } from '../../features/guests/api/guest-votes.ts';
import { GuestLinkConfirmPage } from '../../features/guests/components/guest-link-confirm.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** The link of the confirmation e-mail to a poll's guest without an account (decision 056). */
export function GuestVotesConfirmPage() {
  const t = useT();
  return (
    <GuestLinkConfirmPage
      link={guestVoteLink}
      title={t('guests.votes.confirmPageTitle')}
      confirming={t('guests.votes.confirming')}
      done={t('guests.votes.confirmed')}
      detail={(confirmed) => confirmed.poll.title}
      emailed={t('guests.votes.emailed')}
      managePage="/guest-votes/manage"
      manageLabel={t('guests.votes.change')}
    />
  );
}
