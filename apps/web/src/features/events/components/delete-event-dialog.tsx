import type { EventDto } from '@townsquare/contracts';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

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
  const t = useT();
  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('events.delete.title')}
      body={t.rich('events.delete.body', {
        title: event?.title ?? '',
        b: (chunks: ReactNode[]) => <span className="font-semibold text-stone-900">{chunks}</span>,
      })}
      cancel={t('events.delete.cancel')}
      confirm={t('events.delete.confirm')}
      onConfirm={() => event && onConfirm(event)}
    />
  );
}
