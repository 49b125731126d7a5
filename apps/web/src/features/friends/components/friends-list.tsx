import type { FriendUser } from '@townsquare/contracts';
import { UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
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
import { useFriends } from '../api/get-friends.ts';
import { useRemoveFriend } from '../api/remove-friend.ts';
import { usePresence } from '../presence.ts';
import { FriendChatDialog } from './friend-chat-dialog.tsx';
import { PersonRow } from './person-row.tsx';

export function FriendsList() {
  const friends = useFriends();
  const presence = usePresence();

  if (friends.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading friends">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (friends.isError)
    return <Alert variant="error" title={errorMessage(friends.error, 'Failed to load friends')} />;
  if (friends.data.length === 0) {
    return (
      <EmptyState icon={Users} title="No friends yet" headingLevel="h3">
        <p>
          Find people with the search on your{' '}
          <Link to="/dashboard" className="font-medium text-brand-800 underline underline-offset-2">
            dashboard
          </Link>{' '}
          and press Connect on their profile.
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

  function confirm() {
    remove.mutate(friend.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`${friend.username} is no longer your friend`);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to remove friend')),
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <UserMinus aria-hidden="true" />
          Remove <span className="sr-only">{friend.username}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {friend.username} from your friends?</DialogTitle>
          <DialogDescription>
            You will no longer be able to message each other. Your past conversation stays readable.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep friend</Button>
          </DialogClose>
          <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
            Remove friend
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
