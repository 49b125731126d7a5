import { CalendarX2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { loginRedirectState } from '../../features/auth/components/route-guards.tsx';
import { GuestPollAnswer } from '../../features/guests/components/guest-poll-answer.tsx';
import { usePoll } from '../../features/polls/api/get-poll.ts';
import { PollView } from '../../features/polls/components/poll-view.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { joinRoom } from '../../lib/socket.ts';

/**
 * A date poll: its dates, answers live (the poll's room), and the host's choice. Signed out, a
 * poll that takes votes without an account shows the guest form; any other is "not found".
 */
export function PollPage() {
  const t = useT();
  const { pollId = '' } = useParams();
  const { user, status } = useSession();
  const location = useLocation();
  const poll = usePoll(pollId, status !== 'loading');
  const { refetch } = poll;
  // Tallies arrive over the socket; what was sent while it was down is fetched when it rejoins.
  useEffect(
    () => joinRoom({ join: 'join-poll', leave: 'leave-poll', payload: { pollId } }, () => void refetch()),
    [pollId, refetch],
  );

  if (poll.isPending) return <Skeleton className="h-64 w-full" />;
  // Signed out on a poll that is not open to guests: sign in first, as before (then back here).
  if (poll.isError && status === 'anonymous')
    return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  if (poll.isError) {
    return (
      <div className="mx-auto max-w-xl">
        <title>{t('common.pageTitle', { title: t('polls.page.notFound') })}</title>
        <h1 className="sr-only">{t('polls.page.datePoll')}</h1>
        <EmptyState
          icon={CalendarX2}
          title={t('polls.page.notFound')}
          actions={
            <Button asChild variant="secondary">
              <Link to="/dashboard">{t('polls.page.backDashboard')}</Link>
            </Button>
          }
        >
          <p>{t('polls.page.notFoundBody')}</p>
        </EmptyState>
      </div>
    );
  }
  const data = poll.data;
  return (
    <>
      <title>{t('polls.page.pageTitle', { title: data.title })}</title>
      <PageHeader
        eyebrow={
          data.community
            ? t('polls.page.eyebrowCommunity', { community: data.community.name })
            : t('polls.page.datePoll')
        }
        title={data.title}
        description={data.description || undefined}
      />
      {user ? (
        <PollView poll={data} viewerId={user.id} />
      ) : (
        // Signed out: a poll that takes votes without an account (decision 056).
        <GuestPollAnswer poll={data} />
      )}
    </>
  );
}
