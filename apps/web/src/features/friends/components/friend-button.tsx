import { useQueryClient } from '@tanstack/react-query';
import type { FriendStatus } from '@townsquare/contracts';
import { Check, Clock, MessageCircle, UserCheck, UserPlus, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/get-session.ts';
import { ACCEPT_FAILED, useAcceptFriendRequest } from '../api/accept-friend-request.ts';
import { DECLINE_FAILED, useDeclineFriendRequest } from '../api/decline-friend-request.ts';
import { friendStatusQueryKey, useFriendStatus } from '../api/get-friend-status.ts';
import { useSendFriendRequest } from '../api/send-friend-request.ts';

export const SEND_FAILED = 'Failed to send friend request';

/**
 * The friend button of a public profile (spec 4): Connect → "Sent" (disabled); Accept and Decline
 * for a request they sent; a disabled "Friends" once friends; nothing on one's own profile.
 */
export function FriendButton({ userId }: { userId: string }) {
  const { user, status: session } = useSession();
  const location = useLocation();
  const isSelf = user?.id === userId;
  const status = useFriendStatus(userId, { enabled: Boolean(user) && !isSelf });

  if (session === 'loading' || isSelf) return null;
  if (!user) {
    return (
      <Button asChild variant="secondary" size="sm">
        <Link to="/login" state={{ from: location }}>
          <UserPlus aria-hidden="true" />
          Sign in to connect
        </Link>
      </Button>
    );
  }
  if (status.isPending) return <Skeleton className="h-9 w-28 rounded-full" />;
  // A status we could not read is offered as "Connect", like the original client.
  return <FriendActions userId={userId} status={status.data ?? 'none'} />;
}

function FriendActions({ userId, status }: { userId: string; status: FriendStatus }) {
  const queryClient = useQueryClient();
  const sendRequest = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const setStatus = (next: FriendStatus) => queryClient.setQueryData(friendStatusQueryKey(userId), next);

  function connect() {
    sendRequest.mutate(userId, {
      onSuccess: ({ message }) => {
        // Asking someone who had already asked us accepts their request.
        setStatus(/accepted/i.test(message) ? 'friends' : 'pending_sent');
        toast.success(message || 'Friend request sent');
      },
      onError: (error) => {
        const message = errorMessage(error, SEND_FAILED);
        // Contract 4.5: "already sent" is a success in disguise (no toast); the status is refreshed
        // for both, by the mutation itself.
        if (message.includes('already sent')) return;
        toast.error(message);
      },
    });
  }

  function onAccept() {
    accept.mutate(userId, {
      onSuccess: () => {
        setStatus('friends');
        toast.success('Friend request accepted');
      },
      onError: (error) => {
        const message = errorMessage(error, ACCEPT_FAILED);
        toast.error(message.includes('already friends') ? message : ACCEPT_FAILED);
      },
    });
  }

  function onDecline() {
    decline.mutate(userId, {
      onSuccess: () => setStatus('none'),
      onError: () => toast.error(DECLINE_FAILED),
    });
  }

  switch (status) {
    case 'self':
      return null;
    case 'friends':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" disabled>
            <UserCheck aria-hidden="true" />
            Friends
          </Button>
          <Button asChild variant="soft" size="sm">
            <Link to={`/messages/${userId}`}>
              <MessageCircle aria-hidden="true" />
              Message
            </Link>
          </Button>
        </div>
      );
    case 'pending_sent':
      return (
        <Button variant="secondary" size="sm" disabled>
          <Clock aria-hidden="true" />
          Sent
        </Button>
      );
    case 'pending_received':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" loading={accept.isPending} disabled={decline.isPending} onClick={onAccept}>
            {accept.isPending ? null : <Check aria-hidden="true" />}
            Accept
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={decline.isPending}
            disabled={accept.isPending}
            onClick={onDecline}
          >
            {decline.isPending ? null : <X aria-hidden="true" />}
            Decline
          </Button>
        </div>
      );
    default:
      return (
        <Button size="sm" loading={sendRequest.isPending} onClick={connect}>
          {sendRequest.isPending ? null : <UserPlus aria-hidden="true" />}
          Connect
        </Button>
      );
  }
}
