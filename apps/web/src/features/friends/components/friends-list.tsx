import type { FriendUser } from '@townsquare/contracts';
import { UserMinus, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { GroupList } from '../../../components/groups/group-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmChangeDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useFriends } from '../../../lib/api/get-friends.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useRemoveFriend } from '../api/remove-friend.ts';
import { usePresence } from '../presence.ts';
import { FriendChatDialog } from './friend-chat-dialog.tsx';
import { PersonRow } from './person-row.tsx';

export function FriendsList() {
  const friends = useFriends();
  const presence = usePresence();
  const t = useT();

  return (
    <GroupList
      empty={
        <EmptyState icon={Users} title={t('friends.empty.title')} headingLevel="h3">
          <p>
            {t.rich('friends.empty.body', {
              link: (chunks: ReactNode[]) => (
                <Link to="/dashboard" className="font-medium text-brand-800 underline underline-offset-2">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </EmptyState>
      }
      query={friends}
      loadingLabel={t('friends.loading')}
      errorText={t('friends.loadFailed')}
      skeletons={3}
      className="grid grid-cols-1 gap-3 lg:grid-cols-2"
      item={(friend) => (
        <PersonRow
          person={friend}
          online={presence[friend.id]}
          actions={
            <>
              <FriendChatDialog friend={friend} />
              <RemoveFriendButton friend={friend} />
            </>
          }
        />
      )}
    />
  );
}

function RemoveFriendButton({ friend }: { friend: FriendUser }) {
  const remove = useRemoveFriend();
  const [open, setOpen] = useState(false);
  const t = useT();

  function confirm() {
    remove.mutate(friend.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('friends.remove.done', { name: friend.username }));
      },
      onError: (error) => toast.error(errorMessage(error, t('friends.remove.failed'))),
    });
  }

  return (
    <ConfirmChangeDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm">
          <UserMinus aria-hidden="true" />
          {t('friends.remove.button')} <span className="sr-only">{friend.username}</span>
        </Button>
      }
      title={t('friends.remove.title', { name: friend.username })}
      description={t('friends.remove.body')}
      keep={t('friends.remove.keep')}
      confirm={t('friends.remove.confirm')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
