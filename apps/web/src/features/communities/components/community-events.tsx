import type { EventDto } from '@townsquare/contracts';
import { CalendarDays } from 'lucide-react';
import { EventLines } from '../../../components/event-lines.tsx';
import { placesText } from '../../../lib/capacity-texts.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

/**
 * A short list of events: when (in the event's zone, named), title (a link), host and place, and
 * "Full" or the places left.
 */
export function EventList({
  events,
  ...list
}: {
  events: EventDto[] | undefined;
  loading: boolean;
  empty: string;
}) {
  const t = useT();
  return (
    <EventLines
      items={events}
      {...list}
      emptyIcon={CalendarDays}
      details={(event) => (
        <>
          <span className="block text-sm text-stone-600">
            {event.community
              ? `${t('events.hostedBy', { name: event.community.name })} · ${event.location}`
              : event.location}
          </span>
          {placesText(event) ? (
            <span className="block text-sm font-medium text-stone-800">{placesText(event)}</span>
          ) : null}
        </>
      )}
    />
  );
}
