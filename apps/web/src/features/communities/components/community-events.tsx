import type { EventDto } from '@townsquare/contracts';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { placesText } from '../../events/capacity-texts.ts';
import { eventStartText } from '../../events/event-time.ts';

/**
 * A short list of events: when (in the event's zone, named), title (a link), host and place, and
 * "Full" or the places left.
 */
export function EventList({
  events,
  loading,
  empty,
}: {
  events: EventDto[] | undefined;
  loading: boolean;
  empty: string;
}) {
  const t = useT();
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (!events?.length) return <EmptyState icon={CalendarDays} title={empty} headingLevel="h3" />;
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-0.5 p-4 sm:flex-row sm:items-baseline sm:gap-4">
          <span className="shrink-0 text-sm font-medium text-brand-800">{eventStartText(event)}</span>
          <span className="min-w-0">
            <Link to={`/event/${event.id}`} className="font-semibold text-stone-900 hover:underline">
              {event.title}
            </Link>
            <span className="block text-sm text-stone-600">
              {event.community
                ? `${t('events.hostedBy', { name: event.community.name })} · ${event.location}`
                : event.location}
            </span>
            {placesText(event) ? (
              <span className="block text-sm font-medium text-stone-800">{placesText(event)}</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
