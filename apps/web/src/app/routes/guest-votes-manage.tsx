import { toast } from 'sonner';
import { FailedAlert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import {
  guestVoteLink,
  useChangeGuestVotes,
  useWithdrawGuestVotes,
} from '../../features/guests/api/guest-votes.ts';
import {
  AskBeforeRemoving,
  GuestLinkFrame,
  guestManageStatus,
} from '../../features/guests/components/guest-link-frame.tsx';
import { useGuestLinkToken } from '../../features/guests/guest-link-token.ts';
import { myVotes, PollView } from '../../features/polls/components/poll-view.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/**
 * The private manage link of a poll's guest (decision 056): the poll with their own answers,
 * each change saved at once through the one vote path, and "withdraw my answers".
 */
export function GuestVotesManagePage() {
  const t = useT();
  const token = useGuestLinkToken() ?? '';
  const votes = guestVoteLink.useOwnAnswer(token || null);
  const change = useChangeGuestVotes(token);
  const withdraw = useWithdrawGuestVotes(token);
  const data = votes.data;

  const status = guestManageStatus({
    token,
    answer: votes,
    ready: Boolean(data),
    removed: withdraw.isSuccess
      ? { title: t('guests.votes.withdrawn'), body: t('guests.votes.withdrawnBody') }
      : null,
    loading: t('guests.votes.loading'),
  });
  if (status || !data)
    return <GuestLinkFrame title={t('guests.votes.managePageTitle')}>{status}</GuestLinkFrame>;

  const mine = myVotes(data.poll);
  return (
    <>
      <title>{t('guests.votes.managePageTitle')}</title>
      <PageHeader
        eyebrow={t('guests.votes.answeringAs', { name: data.name })}
        title={data.poll.title}
        description={data.poll.description || undefined}
      />
      <PollView
        poll={data.poll}
        answering={{
          votes: mine,
          choose: (optionId, choice) =>
            change.mutate(
              { ...mine, [optionId]: choice },
              { onError: (err) => toast.error(errorMessage(err, t('polls.view.saveFailed'))) },
            ),
          busy: change.isPending,
        }}
      >
        <FailedAlert failed={withdraw} fallback={t('guests.votes.withdrawFailed')} />
        {data.poll.state === 'open' ? (
          <AskBeforeRemoving
            label={t('guests.votes.withdraw')}
            ask={t('guests.votes.withdrawAsk')}
            yes={t('guests.votes.withdrawYes')}
            pending={withdraw.isPending}
            onRemove={() => withdraw.mutate()}
          />
        ) : null}
      </PollView>
    </>
  );
}
