import { unreadTotal, useConversations } from '../../features/chat/api/get-conversations.ts';
import { useFriendRequests } from '../../features/friends/api/get-friend-requests.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';

export interface SocialCounts {
  /** Unread direct messages, summed over the conversations. */
  unread: number;
  /** Friend requests received and not answered yet. */
  requests: number;
}

/** The header's badges; the realtime modules keep both queries current. */
export function useSocialCounts(signedIn: boolean): SocialCounts {
  const conversations = useConversations({ enabled: signedIn });
  const requests = useFriendRequests({ enabled: signedIn });
  if (!signedIn) return { unread: 0, requests: 0 };
  return { unread: unreadTotal(conversations.data), requests: requests.data?.received.length ?? 0 };
}

/** The count each header link carries: `/messages` the unread messages, `/friends` the requests. */
export function countFor(to: string, counts: SocialCounts): { value: number; label: string } | null {
  if (to === '/messages' && counts.unread > 0) return { value: counts.unread, label: 'nav.unreadMessages' };
  if (to === '/friends' && counts.requests > 0)
    return { value: counts.requests, label: 'nav.friendRequests' };
  return null;
}

/** A small count pill; the number is read out with what it counts. */
export function CountBadge({
  count,
  className,
}: {
  count: { value: number; label: string } | null;
  className?: string;
}) {
  const t = useT();
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-none font-bold text-white',
          className,
        )}
      >
        {count.value > 99 ? '99+' : count.value}
      </span>
      <span className="sr-only"> ({t(count.label, { count: count.value })})</span>
    </>
  );
}
