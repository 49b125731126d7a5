import { Copy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { duplicateFormValues, type EventFormSource } from '../event-form.ts';
import { NewEventDialog } from './new-event-dialog.tsx';

/** The create form, opened with a copy of `event`; mounted only while it is open. */
function DuplicateDialog({
  event,
  viewerId,
  onClose,
}: {
  event: EventFormSource;
  viewerId: string;
  onClose: () => void;
}) {
  const copyOf = useMemo(() => duplicateFormValues(event, event.creatorId === viewerId), [event, viewerId]);
  // Hosted by the same community when the viewer may host for it; else by the viewer.
  return <NewEventDialog copyOf={copyOf} hostAsDefault={event.communityId} onClose={onClose} />;
}

/**
 * "Duplicate event" for the event's hosts: the create form with the event's fields and
 * dates one week later; saving creates a new event through the usual POST /api/events.
 */
export function DuplicateEvent({ event, viewerId }: { event: EventFormSource; viewerId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        <Copy aria-hidden="true" />
        {t('events.hosts.duplicate')}
      </Button>
      {open ? <DuplicateDialog event={event} viewerId={viewerId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
