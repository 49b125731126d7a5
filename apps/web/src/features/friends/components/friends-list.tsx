import type { FriendUser } from '@townsquare/contracts';
import { UserMinus, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useFriends } from '../api/get-friends.ts';
import { useRemoveFriend } from '../api/remove-friend.ts';
import { usePresence } from '../presence.ts';
import { FriendChatDialog } from './friend-chat-dialog.tsx';
import { PersonRow } from './person-row.tsx';

export function FriendsList() {
  const friends = useFriends();
  const presence = usePresence();
  const t = useT();

  if (friends.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label={t('friends.loading')}>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (friends.isError)
    return <Alert variant="error" title={errorMessage(friends.error, t('friends.loadFailed'))} />;
  if (friends.data.length === 0) {
    return (
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
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {friends.data.map((friend) => (
        <PersonRow
          key={friend.id}
          person={friend}
          online={presence[friend.id]}
          actions={
            <>
              <FriendChatDialog friend={friend} />
              <RemoveFriendButton friend={friend} />
            </>
          }
        />
      ))}
    </ul>
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <UserMinus aria-hidden="true" />
          {t('friends.remove.button')} <span className="sr-only">{friend.username}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('friends.remove.title', { name: friend.username })}</DialogTitle>
          <DialogDescription>{t('friends.remove.body')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t('friends.remove.keep')}</Button>
          </DialogClose>
          <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
            {t('friends.remove.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
