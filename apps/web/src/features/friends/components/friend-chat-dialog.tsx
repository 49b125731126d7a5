import type { FriendUser } from '@townsquare/contracts';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TitledDialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { DirectChat } from '../../chat/components/direct-chat.tsx';

/**
 * Message: the conversation with a friend in a modal (spec 2). Radix traps focus inside, and an
 * outside click or Escape closes it, giving focus back to the button.
 */
export function FriendChatDialog({ friend }: { friend: FriendUser }) {
  const t = useT();
  return (
    <TitledDialog
      className="max-w-xl"
      trigger={
        <Button variant="soft" size="sm">
          <MessageCircle aria-hidden="true" />
          {t('users.friend.message')} <span className="sr-only">{friend.username}</span>
        </Button>
      }
      title={t('friends.chatWith', { name: friend.username })}
      description={
        <>
          {t('friends.chatLive')}{' '}
          <Link
            to={`/messages/${friend.id}`}
            className="font-medium text-brand-800 underline underline-offset-2"
          >
            {t('friends.openConversation')}
          </Link>
        </>
      }
    >
      <DirectChat userId={friend.id} name={friend.username} className="h-[min(20rem,50dvh)]" />
    </TitledDialog>
  );
}
