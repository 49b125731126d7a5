import type { EventStatus } from '@townsquare/contracts';
import { CalendarCheck2, CalendarClock, FilePen } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { formatCount, useEventCounts } from '../api/get-event-counts.ts';

const TILES: Array<{ status: EventStatus; label: string; icon: typeof FilePen; tint: string }> = [
  { status: 'DRAFT', label: 'events.tiles.DRAFT', icon: FilePen, tint: 'bg-amber-100 text-amber-900' },
  {
    status: 'LIVE',
    label: 'events.tiles.LIVE',
    icon: CalendarClock,
    tint: 'bg-emerald-100 text-emerald-900',
  },
  { status: 'PAST', label: 'events.tiles.PAST', icon: CalendarCheck2, tint: 'bg-stone-200 text-stone-800' },
];

/** Spec 2, Dashboard: the three count tiles ("1000+" once the server's cap is reached). */
export function EventCountTiles() {
  const counts = useEventCounts();
  const t = useT();
  return (
    <ul aria-label={t('events.tiles.label')} className="grid grid-cols-3 gap-3 sm:gap-4">
      {TILES.map(({ status, label, icon: Icon, tint }) => (
        <li
          key={status}
          className="flex flex-col gap-2 rounded-(--radius-card) border border-stone-200/80 bg-white p-3.5 shadow-(--shadow-soft) sm:flex-row sm:items-center sm:gap-4 sm:p-5"
        >
          <span className={`flex size-9 shrink-0 items-center justify-center rounded-xl sm:size-11 ${tint}`}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="flex min-w-0 flex-col-reverse">
            <span className="text-xs font-medium text-stone-700 sm:text-sm">{t(label)}</span>
            {counts.data ? (
              <span className="font-display text-2xl font-semibold text-stone-900 tabular-nums sm:text-3xl">
                {formatCount(counts.data, status)}
              </span>
            ) : counts.isError ? (
              <span
                className="font-display text-3xl font-semibold text-stone-500"
                title={t('events.tiles.failed')}
              >
                –
              </span>
            ) : (
              <Skeleton className="my-1 h-7 w-12" />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
