import { MapPin } from 'lucide-react';
import { EventLines } from '../../../components/event-lines.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { formatDistance } from '../../../lib/place-text.ts';

export interface NearItem {
  id: string;
  title: string;
  startDate: string;
  /** The event's zone: its time reads as it does there, named. */
  timeZone?: string;
  distanceKm: number | undefined;
  location?: string;
  /** Published on another server (decision 079): "From <instance>", linking out. */
  origin?: { url: string; instance: string };
}

/** Events near a place, soonest first, each with how far it is ("Happening near", city pages). */
export function NearList(list: { items: NearItem[] | undefined; loading: boolean; empty: string }) {
  const t = useT();
  return (
    <EventLines
      {...list}
      emptyIcon={MapPin}
      details={(item) => (
        <>
          {item.location ? <span className="block text-sm text-stone-600">{item.location}</span> : null}
          {item.origin ? (
            <span className="block text-sm text-stone-600">
              {t('events.remote.from', { instance: item.origin.instance })}
            </span>
          ) : null}
        </>
      )}
      aside={(item) =>
        item.distanceKm !== undefined ? (
          <span className="shrink-0 text-sm text-stone-700">
            {formatDistance(item.distanceKm)}
            <span className="sr-only"> {t('places.near.away')}</span>
          </span>
        ) : null
      }
    />
  );
}
