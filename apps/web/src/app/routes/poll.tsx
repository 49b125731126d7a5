import { CalendarX2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { usePoll } from '../../features/polls/api/get-poll.ts';
import { PollView } from '../../features/polls/components/poll-view.tsx';
import { joinRoom } from '../../lib/socket.ts';

/** A date poll: its dates, answers live (the poll's room), and the host's choice. */
export function PollPage() {
  const { pollId = '' } = useParams();
  const { user } = useSession();
  const poll = usePoll(pollId);
  const { refetch } = poll;
  // Tallies arrive over the socket; what was sent while it was down is fetched when it rejoins.
  useEffect(
    () => joinRoom({ join: 'join-poll', leave: 'leave-poll', payload: { pollId } }, () => void refetch()),
    [pollId, refetch],
  );

  if (poll.isPending) return <Skeleton className="h-64 w-full" />;
  if (poll.isError || !user) {
    return (
      <div className="mx-auto max-w-xl">
        <title>Poll not found · Townsquare</title>
        <h1 className="sr-only">Date poll</h1>
        <EmptyState
          icon={CalendarX2}
          title="Poll not found"
          actions={
            <Button asChild variant="secondary">
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          }
        >
          <p>
            It may have been removed, it may be for a community you are not in, or the link may be mistyped.
          </p>
        </EmptyState>
      </div>
    );
  }
  const data = poll.data;
  return (
    <>
      <title>{`${data.title} · Find a date · Townsquare`}</title>
      <PageHeader
        eyebrow={data.community ? `Date poll · ${data.community.name}` : 'Date poll'}
        title={data.title}
        description={data.description || undefined}
      />
      <PollView poll={data} viewerId={user.id} />
    </>
  );
}
