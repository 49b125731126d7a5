import type { Executor } from '../../db/client.ts';
import type { EventRow } from '../../db/schema/index.ts';
import type { Jobs, JobsWithin } from '../../platform/jobs.ts';
import { QUEUES, type ReminderJob } from './context.ts';

const reminderKey = (eventId: string, leadMs: number, startsAt: Date) =>
  `${eventId}:${leadMs}:${startsAt.toISOString()}`;

/**
 * Event reminders are queue jobs (one per lead time, keyed by the event, lead and start) written
 * in the transaction of the event's change (decision 065): published, moved, called off, restored
 * or deleted, its reminders change with it or not at all.
 */
export function createReminders(deps: { jobs: Jobs; reminderLeadTimes: number[] }) {
  async function schedule(jobs: JobsWithin, event: EventRow, options: { restore?: boolean } = {}) {
    if (event.status === 'DRAFT' || event.cancelledAt) return;
    const now = Date.now();
    for (const leadMs of deps.reminderLeadTimes) {
      const due = event.startDate.getTime() - leadMs;
      // A lead already past when the event was published or moved is skipped.
      if (due < now - 30_000) continue;
      const key = reminderKey(event.id, leadMs, event.startDate);
      const sent = await jobs.send(
        QUEUES.reminder,
        { eventId: event.id, leadMs, startsAt: event.startDate.toISOString() } satisfies ReminderJob,
        { key, startAfter: new Date(due) },
      );
      // A restored event finds its reminders cancelled under the same keys: they are queued again.
      if (sent === null && options.restore) await jobs.resume(QUEUES.reminder, key);
    }
  }

  async function cancel(jobs: JobsWithin, event: EventRow) {
    for (const leadMs of deps.reminderLeadTimes)
      await jobs.cancel(QUEUES.reminder, reminderKey(event.id, leadMs, event.startDate));
  }

  /** In the change's transaction: created or published, updated, or deleted (`after` absent). */
  return async function remindersWithin(
    tx: Executor,
    { before, after }: { before?: EventRow; after?: EventRow },
  ): Promise<void> {
    const jobs = deps.jobs.within(tx);
    if (!after) {
      if (before) await cancel(jobs, before);
      return;
    }
    if (before && !before.cancelledAt && after.cancelledAt) {
      // Called off (decision 028): no reminders.
      await cancel(jobs, before);
      return;
    }
    const restored = before?.cancelledAt != null && after.cancelledAt === null;
    const moved = before !== undefined && before.startDate.getTime() !== after.startDate.getTime();
    if (before && (moved || after.status === 'DRAFT')) await cancel(jobs, before);
    await schedule(jobs, after, { restore: restored });
  };
}
