import type { RsvpStatus } from '@townsquare/contracts';
import { CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRsvpEvent } from '../api/rsvp-event.ts';

const CHOICES: Array<{ status: RsvpStatus; label: string; icon: typeof CircleCheck }> = [
  { status: 'going', label: 'Going', icon: CircleCheck },
  { status: 'maybe', label: 'Maybe', icon: CircleHelp },
  { status: 'not_going', label: 'Not going', icon: CircleX },
];

interface EventRsvpProps {
  eventId: string;
  viewerId: string;
  myRsvp: RsvpStatus | null;
}

/** Going / Maybe / Not going for a signed-in visitor who did not create the event. */
export function EventRsvp({ eventId, viewerId, myRsvp }: EventRsvpProps) {
  const headingId = useId();
  const rsvp = useRsvpEvent(eventId, viewerId);
  const current = CHOICES.find((choice) => choice.status === myRsvp);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Are you going?
      </h2>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map(({ status, label, icon: Icon }) => {
          const chosen = myRsvp === status;
          return (
            <Button
              key={status}
              size="sm"
              variant={chosen ? 'primary' : 'secondary'}
              aria-pressed={chosen}
              disabled={rsvp.isPending}
              loading={rsvp.isPending && rsvp.variables === status}
              onClick={() => rsvp.mutate(status)}
            >
              {rsvp.isPending && rsvp.variables === status ? null : <Icon aria-hidden="true" />}
              {label}
            </Button>
          );
        })}
      </div>
      <p role="status" className="text-sm text-stone-700">
        {current ? `Your reply: ${current.label}.` : 'You have not replied yet.'}
      </p>
      {rsvp.isError ? (
        <Alert variant="error">{errorMessage(rsvp.error, 'Could not save your reply')}</Alert>
      ) : null}
    </section>
  );
}
