import type { EventRow } from '../../db/schema/index.ts';
import { writeCalendar } from '../../platform/ics-writer.ts';

/** The per-event iCalendar file, written by the one calendar writer (modules/calendar). */
export function eventToIcs(event: EventRow, options: { publicUrl: string }): string {
  return writeCalendar([event], options);
}
