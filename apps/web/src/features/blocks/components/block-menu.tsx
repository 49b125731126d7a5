import { Ban, Ellipsis, Flag, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
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
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ReportDialog, type ReportTarget } from '../../moderation/components/report-dialog.tsx';
import { useBlockUser, useUnblockUser } from '../api/block-user.ts';
import { useHasBlocked } from '../api/get-blocks.ts';

interface BlockMenuProps {
  userId: string;
  /** The person's display name, for the labels and the question. */
  name: string;
  /** Adds "Report" to the same menu (a profile), so a person has one "More actions" menu. */
  report?: ReportTarget;
}

/**
 * "More actions" for another person (their profile, a conversation): Block or Unblock, each asked
 * first in a dialog (focus starts on Cancel, Escape cancels) and told with a toast.
 */
export function BlockMenu({ userId, name, report }: BlockMenuProps) {
  const blocked = useHasBlocked(userId);
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
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
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={`More actions for ${name}`}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setAsking(true)}>
            {blocked ? <ShieldCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {blocked ? 'Unblock' : 'Block'}
          </DropdownMenuItem>
          {report ? (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden="true" />
              Report
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={asking} onOpenChange={setAsking}>
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
      {report ? <ReportDialog target={report} open={reporting} onOpenChange={setReporting} /> : null}
    </>
  );
}
