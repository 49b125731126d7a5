import { useQueryClient } from '@tanstack/react-query';
import type { FriendStatus } from '@townsquare/contracts';
import { Check, Clock, MessageCircle, UserCheck, UserPlus, X } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SignInLink } from '../../../components/sign-in-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { friendStatusQueryKey, useFriendStatus } from '../../../lib/api/get-friend-status.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useAcceptFriendRequest } from '../api/accept-friend-request.ts';
import { useDeclineFriendRequest } from '../api/decline-friend-request.ts';
import { useSendFriendRequest } from '../api/send-friend-request.ts';

/**
 * The friend button of a public profile (spec 4): Connect → "Sent" (disabled); Accept and Decline
 * for a request they sent; a disabled "Friends" once friends; nothing on one's own profile.
 */
export function FriendButton({ userId }: { userId: string }) {
  const t = useT();
  const { user, status: session } = useSession();
  const isSelf = user?.id === userId;
  const status = useFriendStatus(userId, { enabled: Boolean(user) && !isSelf });

  if (session === 'loading' || isSelf) return null;
  if (!user) {
    return (
      <SignInLink icon={UserPlus} variant="secondary" size="sm">
        {t('users.friend.signIn')}
      </SignInLink>
    );
  }
  if (status.isPending) return <Skeleton className="h-9 w-28 rounded-full" />;
  // A status we could not read is offered as "Connect", like the original client.
  return <FriendActions userId={userId} status={status.data ?? 'none'} />;
}

function FriendActions({ userId, status }: { userId: string; status: FriendStatus }) {
  const t = useT();
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
        toast.success(message || t('users.friend.sent'));
      },
      onError: (error) => {
        const message = errorMessage(error, t('users.friend.sendFailed'));
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
        toast.success(t('users.friend.accepted'));
      },
      onError: (error) => {
        const message = errorMessage(error, t('users.friend.acceptFailed'));
        toast.error(message.includes('already friends') ? message : t('users.friend.acceptFailed'));
      },
    });
  }

  function onDecline() {
    decline.mutate(userId, {
      onSuccess: () => setStatus('none'),
      onError: () => toast.error(t('users.friend.declineFailed')),
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
            {t('users.friend.friends')}
          </Button>
          <Button asChild variant="soft" size="sm">
            <Link to={`/messages/${userId}`}>
              <MessageCircle aria-hidden="true" />
              {t('users.friend.message')}
            </Link>
          </Button>
        </div>
      );
    case 'pending_sent':
      return (
        <Button variant="secondary" size="sm" disabled>
          <Clock aria-hidden="true" />
          {t('users.friend.pending')}
        </Button>
      );
    case 'pending_received':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" loading={accept.isPending} disabled={decline.isPending} onClick={onAccept}>
            {accept.isPending ? null : <Check aria-hidden="true" />}
            {t('users.friend.accept')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={decline.isPending}
            disabled={accept.isPending}
            onClick={onDecline}
          >
            {decline.isPending ? null : <X aria-hidden="true" />}
            {t('users.friend.decline')}
          </Button>
        </div>
      );
    default:
      return (
        <Button size="sm" loading={sendRequest.isPending} onClick={connect}>
          {sendRequest.isPending ? null : <UserPlus aria-hidden="true" />}
          {t('users.friend.connect')}
        </Button>
      );
  }
}
