import { ArrowLeft, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { BlockMenu } from '../../features/blocks/components/block-menu.tsx';
import { DirectChat } from '../../features/chat/components/direct-chat.tsx';
import { usePublicProfile } from '../../features/users/api/get-public-profile.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

/** A direct conversation (spec 2), live: its room is joined while the page is open. */
export function ConversationPage() {
  const { userId = '' } = useParams();
  const { user } = useSession();
  const profile = usePublicProfile(userId);

  const backLink = (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to="/messages">
        <ArrowLeft aria-hidden="true" />
        Back to Messages
      </Link>
    </Button>
  );

  if (profile.isError || user?.id === userId) {
    const self = user?.id === userId;
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <title>Conversation · Townsquare</title>
        {backLink}
        <h1 className="sr-only">Conversation</h1>
        <EmptyState
          icon={UserX}
          title={
            self
              ? 'This is your own account'
              : notFound
                ? 'Profile not found'
                : errorMessage(profile.error, 'Failed to load profile')
          }
        >
          <p>{self ? 'Pick a friend to message instead.' : 'The person may have left Townsquare.'}</p>
        </EmptyState>
      </div>
    );
  }

  const name = profile.data ? (profile.data.username ?? profile.data.fullName) : '';
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <title>{name ? `${name} · Messages · Townsquare` : 'Conversation · Townsquare'}</title>
      {backLink}
      <div className="flex items-center gap-3">
        {profile.data ? (
          <>
            <Avatar src={profile.data.profileImage} alt="" className="size-12 ring-0" />
            <div className="min-w-0 flex-1">
              <h1 className="truncate font-display text-2xl font-semibold sm:text-3xl">{name}</h1>
              <Link
                to={`/user/${userId}`}
                className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                View profile
              </Link>
            </div>
            <BlockMenu userId={userId} name={name} />
          </>
        ) : (
          <>
            <Skeleton className="size-12 rounded-full" />
            <h1 className="sr-only">Conversation</h1>
            <Skeleton className="h-8 w-40" />
          </>
        )}
      </div>
      <Card className="p-3 sm:p-5">
        <DirectChat
          userId={userId}
          name={name || 'this member'}
          className="h-[calc(100dvh-22rem)] min-h-72"
        />
      </Card>
    </div>
  );
}
