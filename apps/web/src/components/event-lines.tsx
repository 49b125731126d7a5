import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { eventStartText } from '../lib/event-time.ts';
import { useConventions } from '../lib/i18n/intl.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Skeleton } from './ui/skeleton.tsx';

interface EventLine {
  id: string;
  title: string;
  startDate: string;
  timeZone?: string;
  /** An event of another server (decision 079): its title links out to its page there. */
  origin?: { url: string; instance: string };
}

/**
 * A short list of events, a line each: when (in the event's zone, named), the title (a link to the
 * event) with `details` under it, and `aside` at the end of the line. `empty` (with `emptyIcon`)
 * when there are none.
 */
export function EventLines<T extends EventLine>({
  items,
  loading,
  empty,
  emptyIcon,
  details,
  aside,
}: {
  items: T[] | undefined;
  loading: boolean;
  empty: string;
  emptyIcon: LucideIcon;
  details: (item: T) => ReactNode;
  aside?: (item: T) => ReactNode;
}) {
  // The start times are formatted here, outside any translation: render again on the switch.
  useConventions();
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (!items?.length) return <EmptyState icon={emptyIcon} title={empty} headingLevel="h3" />;
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-0.5 p-4 sm:flex-row sm:items-baseline sm:gap-4">
          <span className="shrink-0 text-sm font-medium text-brand-800">{eventStartText(item)}</span>
          <span className="min-w-0 flex-1">
            {item.origin ? (
              <a
                href={item.origin.url}
                rel="noopener noreferrer nofollow"
                className="font-semibold text-stone-900 hover:underline"
              >
                {item.title}
              </a>
            ) : (
              <Link to={`/event/${item.id}`} className="font-semibold text-stone-900 hover:underline">
                {item.title}
              </Link>
            )}
            {details(item)}
          </span>
          {aside?.(item)}
        </li>
      ))}
    </ul>
  );
}
