import type { ConversationSummary } from '@townsquare/contracts';
import { MessageCircle, MessagesSquare, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { LoadingSkeletons } from '../../components/ui/skeleton.tsx';
import { useConversations } from '../../features/chat/api/get-conversations.ts';
import { GeneralChat } from '../../features/chat/components/general-chat.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatMessageTime } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** Spec 2: the general group chat on top, then the conversation list with Open buttons. */
export function MessagesPage() {
  const t = useT();
  return (
    <>
      <title>{t('common.pageTitle', { title: t('nav.messages') })}</title>
      <PageHeader title={t('nav.messages')} description={t('chat.messages.description')} />
      <div className="space-y-8">
        <Card className="p-5 sm:p-6">
          <section aria-labelledby="general-chat-heading" className="space-y-4">
            <div className="space-y-1">
              <h2 id="general-chat-heading" className="flex items-center gap-2 text-lg font-semibold">
                <UsersRound className="size-5 text-brand-700" aria-hidden="true" />
                {t('chat.messages.general')}
              </h2>
              <p className="text-sm text-stone-600">{t('chat.messages.generalHint')}</p>
            </div>
            <GeneralChat />
          </section>
        </Card>
        <section aria-labelledby="conversations-heading" className="space-y-4">
          <h2 id="conversations-heading" className="flex items-center gap-2 text-lg font-semibold">
            <MessagesSquare className="size-5 text-brand-700" aria-hidden="true" />
            {t('chat.messages.conversations')}
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
  const t = useT();

  if (conversations.isPending) {
    return (
      <LoadingSkeletons
        className="space-y-3"
        label={t('chat.messages.loading')}
        count={2}
        barClassName="h-20"
      />
    );
  }
  if (conversations.isError) {
    return <Alert variant="error" title={errorMessage(conversations.error, t('chat.messages.loadFailed'))} />;
  }
  if (conversations.data.length === 0) {
    return (
      <EmptyState
        icon={MessageCircle}
        title={t('chat.messages.empty')}
        headingLevel="h3"
        actions={
          <Button asChild variant="secondary">
            <Link to="/friends">{t('chat.messages.goFriends')}</Link>
          </Button>
        }
      >
        <p>{t('chat.messages.emptyHint')}</p>
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
  const t = useT();
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
              {t('chat.messages.unread', { count: unreadCount })}
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
          {mine ? t('chat.messages.mine', { message: lastMessage.content }) : lastMessage.content}
        </p>
      </div>
      <Button asChild variant="secondary" size="sm">
        <Link to={`/messages/${conversation.userId}`}>
          {t.rich('chat.messages.open', {
            name,
            hidden: (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>,
          })}
        </Link>
      </Button>
    </li>
  );
}
