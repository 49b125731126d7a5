import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import {
  useChangeGuestVotes,
  useGuestVotes,
  useWithdrawGuestVotes,
} from '../../features/guests/api/guest-votes.ts';
import { GuestLinkFailed } from '../../features/guests/components/guest-link-failed.tsx';
import { GuestLinkFrame, GuestLinkWaiting } from '../../features/guests/components/guest-link-frame.tsx';
import { myVotes, PollView } from '../../features/polls/components/poll-view.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/**
 * The private manage link of a poll's guest (decision 056): the poll with their own answers,
 * each change saved at once through the one vote path, and "withdraw my answers".
 */
export function GuestVotesManagePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const votes = useGuestVotes(token || null);
  const change = useChangeGuestVotes(token);
  const withdraw = useWithdrawGuestVotes(token);
  const [asking, setAsking] = useState(false);
  const data = votes.data;

  const framed = (body: React.ReactNode) => (
    <GuestLinkFrame title={t('guests.votes.managePageTitle')}>{body}</GuestLinkFrame>
  );

  if (withdraw.isSuccess)
    return framed(
      <div className="space-y-4">
        <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
        <div role="status">
          <h1 className="font-display text-2xl font-semibold">{t('guests.votes.withdrawn')}</h1>
        </div>
        <p className="text-stone-700">{t('guests.votes.withdrawnBody')}</p>
      </div>,
    );
  if (!token || votes.isError) return framed(<GuestLinkFailed token={token || null} error={votes.error} />);
  if (!data) return framed(<GuestLinkWaiting text={t('guests.votes.loading')} />);

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
        {withdraw.isError ? (
          <Alert variant="error">{errorMessage(withdraw.error, t('guests.votes.withdrawFailed'))}</Alert>
        ) : null}
        {data.poll.state === 'open' ? (
          asking ? (
            <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
              <p className="text-sm text-red-900">{t('guests.votes.withdrawAsk')}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="destructive" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
                  {t('guests.votes.withdrawYes')}
                </Button>
                <Button variant="secondary" onClick={() => setAsking(false)}>
                  {t('guests.manage.keep')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="ghost" onClick={() => setAsking(true)}>
              {t('guests.votes.withdraw')}
            </Button>
          )
        ) : null}
      </PollView>
    </>
  );
}
