import type { ConversationSummary } from '@townsquare/contracts';
import { MessageCircle, MessagesSquare, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useConversations } from '../../features/chat/api/get-conversations.ts';
import { GeneralChat } from '../../features/chat/components/general-chat.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatMessageTime } from '../../lib/format.ts';

export const CONVERSATIONS_FAILED = 'Failed to load conversations';

/** Spec 2: the general group chat on top, then the conversation list with Open buttons. */
export function MessagesPage() {
  return (
    <>
      <title>Messages · Townsquare</title>
      <PageHeader title="Messages" description="The town-wide chat and your conversations, live." />
      <div className="space-y-8">
        <Card className="p-5 sm:p-6">
          <section aria-labelledby="general-chat-heading" className="space-y-4">
            <div className="space-y-1">
              <h2 id="general-chat-heading" className="flex items-center gap-2 text-lg font-semibold">
                <UsersRound className="size-5 text-brand-700" aria-hidden="true" />
                General chat
              </h2>
              <p className="text-sm text-stone-600">Everyone on Townsquare can read and write here.</p>
            </div>
            <GeneralChat />
          </section>
        </Card>
        <section aria-labelledby="conversations-heading" className="space-y-4">
          <h2 id="conversations-heading" className="flex items-center gap-2 text-lg font-semibold">
            <MessagesSquare className="size-5 text-brand-700" aria-hidden="true" />
            Conversations
          </h2>
          <ConversationList />
        </section>
      </div>
    </>
  );
}

function ConversationList() {
  const conversations = useConversations();
  const { user } = useSession();

  if (conversations.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading conversations">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (conversations.isError) {
    return <Alert variant="error" title={errorMessage(conversations.error, CONVERSATIONS_FAILED)} />;
  }
  if (conversations.data.length === 0) {
    return (
      <EmptyState
        icon={MessageCircle}
        title="No conversations yet"
        headingLevel="h3"
        actions={
          <Button asChild variant="secondary">
            <Link to="/friends">Go to your friends</Link>
          </Button>
        }
      >
        <p>Press Message next to a friend to start one.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {conversations.data.map((conversation) => (
        <ConversationRow key={conversation.userId} conversation={conversation} currentUserId={user?.id} />
      ))}
    </ul>
  );
}

function ConversationRow({
  conversation,
  currentUserId,
}: {
  conversation: ConversationSummary;
  currentUserId: string | undefined;
}) {
  const { lastMessage, unreadCount } = conversation;
  const name = conversation.username || conversation.fullName;
  const mine = lastMessage.sender.id === currentUserId;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:p-4">
      <Avatar src={conversation.profileImage} alt="" className="size-11 ring-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <p className="truncate font-semibold text-stone-900">{name}</p>
          <time dateTime={lastMessage.timestamp} className="text-xs text-stone-600">
            {formatMessageTime(lastMessage.timestamp)}
          </time>
          {unreadCount > 0 ? (
            <Badge tone="brand" className="bg-brand-700 text-white">
              {unreadCount} unread
            </Badge>
          ) : null}
        </div>
        <p
          className={
            unreadCount > 0
              ? 'truncate text-sm font-medium text-stone-900'
              : 'truncate text-sm text-stone-600'
          }
        >
          {mine ? 'You: ' : ''}
          {lastMessage.content}
        </p>
      </div>
      <Button asChild variant="secondary" size="sm">
        <Link to={`/messages/${conversation.userId}`}>
          Open <span className="sr-only">conversation with {name}</span>
        </Link>
      </Button>
    </li>
  );
}
