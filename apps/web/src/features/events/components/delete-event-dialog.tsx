import type { EventDto } from '@townsquare/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';

interface DeleteEventDialogProps {
  /** The event to confirm; null keeps the dialog closed. */
  event: EventDto | null;
  onCancel: () => void;
  onConfirm: (event: EventDto) => void;
  /** Where focus goes when the dialog closes (after a delete its card is gone); default: back to Delete. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 2: Delete asks first. Focus starts on Cancel; Escape cancels. */
export function DeleteEventDialog({ event, onCancel, onConfirm, onCloseAutoFocus }: DeleteEventDialogProps) {
  return (
    <AlertDialog open={event !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>Delete this event?</AlertDialogTitle>
        <AlertDialogDescription>
          <span className="font-semibold break-words text-stone-900">{event?.title}</span> will be removed for
          everyone, with its RSVPs. This cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => event && onConfirm(event)}>Delete event</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
