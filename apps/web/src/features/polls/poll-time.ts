import { format } from 'date-fns';
import { formatZoneName, inTimeZone } from '../../lib/format.ts';

/** "Sat, Mar 8 · 7:00 PM – 9:00 PM (GMT+1)", as the date reads in the poll's zone. */
export function optionTimeText(startsAt: string, endsAt: string, timeZone: string): string {
  const start = inTimeZone(startsAt, timeZone);
  const end = inTimeZone(endsAt, timeZone);
  const sameDay = format(start, 'yyyy-MM-dd') === format(end, 'yyyy-MM-dd');
  const endText = sameDay ? format(end, 'h:mm a') : format(end, 'EEE, MMM d, h:mm a');
  return `${format(start, 'EEE, MMM d')} · ${format(start, 'h:mm a')} – ${endText} (${formatZoneName(startsAt, timeZone)})`;
}

/** "Mar 8" for a column heading. */
export function optionShortText(startsAt: string, timeZone: string): string {
  return format(inTimeZone(startsAt, timeZone), 'EEE MMM d, h:mm a');
}
