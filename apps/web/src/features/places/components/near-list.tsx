import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { eventStartText } from '../../events/event-time.ts';
import { formatDistance } from '../place-text.ts';

export interface NearItem {
  id: string;
  title: string;
  startDate: string;
  /** The event's zone: its time reads as it does there, named. */
  timeZone?: string;
  distanceKm: number | undefined;
  location?: string;
}

/** Events near a place, soonest first, each with how far it is ("Happening near", city pages). */
export function NearList({
  items,
  loading,
  empty,
}: {
  items: NearItem[] | undefined;
  loading: boolean;
  empty: string;
}) {
  const t = useT();
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (!items?.length) return <EmptyState icon={MapPin} title={empty} headingLevel="h3" />;
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-0.5 p-4 sm:flex-row sm:items-baseline sm:gap-4">
          <span className="shrink-0 text-sm font-medium text-brand-800">{eventStartText(item)}</span>
          <span className="min-w-0 flex-1">
            <Link to={`/event/${item.id}`} className="font-semibold text-stone-900 hover:underline">
              {item.title}
            </Link>
            {item.location ? (
              <span className="block text-sm break-words text-stone-600">{item.location}</span>
            ) : null}
          </span>
          {item.distanceKm !== undefined ? (
            <span className="shrink-0 text-sm text-stone-700">
              {formatDistance(item.distanceKm)}
              <span className="sr-only"> {t('places.near.away')}</span>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
