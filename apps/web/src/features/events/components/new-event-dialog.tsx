import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useHostableCommunities } from '../../../lib/api/get-my-communities.ts';
import type { EventFormValues } from '../event-form.ts';
import type { EventFormDialogProps } from './event-form-dialog.tsx';

const EventFormDialog = lazy(() =>
  import('./event-form-dialog.tsx').then((m) => ({ default: m.EventFormDialog })),
);

/**
 * The create form outside the event board (a duplicate, the dashboard's first steps), with the
 * communities the viewer may host for; a saved event opens its page. Mount it only while open.
 */
export function NewEventDialog({
  copyOf,
  hostAsDefault,
  fromPoll,
  onClose,
}: {
  copyOf?: EventFormValues;
  /** "Make this the event": saving finalises this poll with this date (decision 082). */
  fromPoll?: EventFormDialogProps['fromPoll'];
  /** A community id: hosted by it when the viewer may host for it. */
  hostAsDefault?: string | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const hosts = useHostableCommunities();
  const hostAs = hosts.some((h) => h.id === hostAsDefault) ? (hostAsDefault ?? '') : '';
  return (
    <Suspense fallback={null}>
      <EventFormDialog
        open
        copyOf={copyOf}
        fromPoll={fromPoll}
        hosts={hosts}
        hostAsDefault={hostAs}
        onOpenChange={(open) => (open ? undefined : onClose())}
        onSaved={(saved) => navigate(`/event/${saved.id}`)}
      />
    </Suspense>
  );
}
