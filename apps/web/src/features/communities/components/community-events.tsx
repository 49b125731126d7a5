import type { EventDto } from '@townsquare/contracts';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCardDate, formatTime } from '../../../lib/format.ts';
import { placesText } from '../../events/capacity-texts.ts';

/** A short list of events: date, title (a link), place, and "Full" or the places left. */
export function EventList({
  events,
  loading,
  empty,
}: {
  events: EventDto[] | undefined;
  loading: boolean;
  empty: string;
}) {
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (!events?.length) return <EmptyState icon={CalendarDays} title={empty} headingLevel="h3" />;
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-0.5 p-4 sm:flex-row sm:items-baseline sm:gap-4">
          <span className="shrink-0 text-sm font-medium text-brand-800">
            {formatCardDate(event.startDate)} · {formatTime(event.startDate)}
          </span>
          <span className="min-w-0">
            <Link to={`/event/${event.id}`} className="font-semibold text-stone-900 hover:underline">
              {event.title}
            </Link>
            <span className="block text-sm text-stone-600">
              {event.community ? `Hosted by ${event.community.name} · ` : ''}
              {event.location}
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
