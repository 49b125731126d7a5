import type { Database } from '../../db/client.ts';
import { cron, type Jobs } from '../../platform/jobs.ts';
import type { EventsService } from './events.service.ts';
import type { RsvpService } from './rsvp.service.ts';
import { askHostsToConfirm, extendSeries } from './series.service.ts';

/** The events module's crons (docs/ARCHITECTURE.md, "Jobs"). */
export async function startEventJobs(
  jobs: Jobs,
  deps: {
    db: Database;
    events: Pick<EventsService, 'persistPastStatus'>;
    rsvps: Pick<RsvpService, 'sweep'>;
    seriesConfirmDue: Parameters<typeof askHostsToConfirm>[2];
    /** Publishes a date of a series that publishes by itself (series.publishDue). */
    seriesPublishDue: Parameters<typeof askHostsToConfirm>[3];
  },
): Promise<void> {
  // Every read already reports ended events as PAST; this persists it for other consumers.
  await cron(jobs, 'past-status', '* * * * *', () => deps.events.persistPastStatus());
  // The series horizon: occurrences 8 weeks ahead (decision 023); idempotent, so any instance may run it.
  await cron(jobs, 'series-horizon', '17 * * * *', () => extendSeries(deps.db, new Date()));
  // Hosts are asked to confirm each date entering the confirmation window, once per date (its key);
  // a series set to publish by itself has the date published instead (decision 057).
  await cron(jobs, 'series-confirm', '*/15 * * * *', () =>
    askHostsToConfirm(deps.db, new Date(), deps.seriesConfirmDue, deps.seriesPublishDue),
  );
  // Lapsed waitlist offers pass to the next person (reads and RSVPs of an event also do it lazily).
  await cron(jobs, 'offer-sweep', '* * * * *', () => deps.rsvps.sweep());
}
