import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBlockUser, useUnblockUser } from '../api/block-user.ts';

/**
 * Block or Unblock `name`, asked first (focus starts on Cancel, Escape cancels) and told with a
 * toast: from their profile, a conversation, or a message of theirs in a chat.
 */
export function BlockDialog({
  userId,
  name,
  blocked,
  open,
  onOpenChange,
}: {
  userId: string;
  name: string;
  blocked: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const block = useBlockUser();
  const unblock = useUnblockUser();

  function confirm() {
    const mutation = blocked ? unblock : block;
    mutation.mutate(userId, {
      onSuccess: () => toast.success(blocked ? `You unblocked ${name}` : `You blocked ${name}`),
      onError: (error) => toast.error(errorMessage(error, blocked ? 'Could not unblock' : 'Could not block')),
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{blocked ? `Unblock ${name}?` : `Block ${name}?`}</AlertDialogTitle>
        <AlertDialogDescription>
          {blocked
            ? 'You will see their messages again, and you can both send friend requests. Nothing you had before comes back by itself.'
            : 'You will no longer be friends. Neither of you can send the other a friend request or a message, you will not find each other in search, and their messages in shared chats are hidden from you. They are not told.'}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>{blocked ? 'Unblock' : 'Block'}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
