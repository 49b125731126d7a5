import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { publicProfileQueryOptions } from '../../../lib/api/get-public-profile.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { EVENT_TEXT } from '../event-texts.ts';

/** Names are looked up for this many attendees; the rest are counted. */
export const SHOWN_ATTENDEES = 20;

/**
 * The going attendees' names. The event page's form lists them as user ids, so each name comes
 * from the public profile (one cached request per person); one that fails reads "Unknown User".
 */
export function EventAttendees({ userIds }: { userIds: string[] }) {
  const shown = userIds.slice(0, SHOWN_ATTENDEES);
  const profiles = useQueries({ queries: shown.map((id) => publicProfileQueryOptions(id)) });
  const more = userIds.length - shown.length;
  const t = useT();

  if (userIds.length === 0) {
    return <p className="text-sm text-stone-700">{t('events.attendees.none')}</p>;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('events.attendees.label')}>
      {shown.map((id, i) => {
        const profile = profiles[i];
        if (!profile || profile.isPending) {
          return (
            <li key={id}>
              <Skeleton className="h-8 w-24 rounded-full" />
            </li>
          );
        }
        const name = profile.data ? profile.data.username || profile.data.fullName : EVENT_TEXT.unknownUser;
        return (
          <li key={id}>
            {profile.data ? (
              <Link
                to={`/user/${id}`}
                className="inline-flex items-center rounded-full border border-stone-200 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:border-brand-300 hover:text-brand-900"
              >
                {name}
              </Link>
            ) : (
              <span className="inline-flex items-center rounded-full border border-stone-200 bg-stone-50 px-3 py-1.5 text-sm text-stone-700">
                {name}
              </span>
            )}
          </li>
        );
      })}
      {more > 0 ? (
        <li className="inline-flex items-center px-2 text-sm font-semibold text-stone-700">
          {t('events.attendees.more', { count: more })}
        </li>
      ) : null}
    </ul>
  );
}
