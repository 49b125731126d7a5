import type { PublicEventDto } from '@townsquare/contracts';
import { CalendarCheck2, CalendarX2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useSetEventCancelled } from '../api/cancel-event.ts';
import { EVENT_TEXT } from '../event-texts.ts';

type CancellableEvent = Pick<
  PublicEventDto,
  'id' | 'title' | 'status' | 'startDate' | 'endDate' | 'cancelled'
>;

/**
 * For the hosts on the event page: "Cancel event" asks first (the alert dialog: focus starts on
 * "Keep event", stays inside, Escape keeps it); a cancelled event that has not started offers
 * "Restore event". Drafts and ended events show nothing (deleted, not cancelled; it took place). The dialog stays
 * mounted while the button under it changes, so focus comes back to whichever button is there.
 */
export function CancelEventControls({ event }: { event: CancellableEvent }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const set = useSetEventCancelled(event.id);
  if (event.status === 'DRAFT') return null;
  const started = Date.parse(event.startDate) <= Date.now();
  // An event that has ended took place: it can be neither called off nor restored.
  if (Date.parse(event.endDate) <= Date.now()) return null;

  return (
    <>
      {event.cancelled ? (
        started ? null : (
          <Button
            ref={button}
            variant="secondary"
            className="w-full"
            disabled={set.isPending}
            onClick={() =>
              set.mutate(false, {
                onSuccess: () => toast.success(EVENT_TEXT.restored),
                onError: (err) => toast.error(errorMessage(err, EVENT_TEXT.restoreFailed)),
              })
            }
          >
            <CalendarCheck2 aria-hidden="true" />
            {EVENT_TEXT.restoreAction}
          </Button>
        )
      ) : (
        <Button
          ref={button}
          variant="secondary"
          className="w-full text-red-800 hover:text-red-900"
          aria-haspopup="dialog"
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          <CalendarX2 aria-hidden="true" />
          {EVENT_TEXT.cancelAction}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          button.current?.focus();
        }}
        title={t('events.cancelDialog.title')}
        body={t.rich('events.cancelDialog.body', {
          title: event.title,
          b: (chunks: ReactNode[]) => <span className="font-semibold text-stone-900">{chunks}</span>,
        })}
        cancel={t('events.cancelDialog.keep')}
        confirm={EVENT_TEXT.cancelAction}
        confirmDisabled={set.isPending}
        onConfirm={(e) => {
          // Closed once the server agrees; a refusal is shown inside the dialog.
          e.preventDefault();
          setError(null);
          set.mutate(true, {
            onSuccess: () => {
              setOpen(false);
              toast.success(EVENT_TEXT.cancelled);
            },
            onError: (err) => setError(errorMessage(err, EVENT_TEXT.cancelFailed)),
          });
        }}
      >
        {error ? (
          <Alert variant="error" className="mt-4">
            {error}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
