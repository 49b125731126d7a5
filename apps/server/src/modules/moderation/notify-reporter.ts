import { MODERATION_MSG, type ReportAction } from '@townsquare/contracts';
import type { NotifyInput } from '../notifications/notify.ts';

/**
 * Tells a reporter what came of their report, through the one notification path (in the app, and
 * by e-mail and push as their `reports` choices say); the outcome is also on `GET /api/reports/mine`.
 * The moderator stays anonymous: no actor.
 */
export async function notifyReporter(
  /** `notify` queues it (durable, keyed; `notifyLater`): resolves once queued, never throws. */
  deps: { notify: (input: NotifyInput) => Promise<unknown> },
  report: { id: string; reporterId: string },
  action: ReportAction,
): Promise<void> {
  await deps.notify({
    userId: report.reporterId,
    kind: 'report_resolved',
    actorId: null,
    subject: { type: 'report', id: report.id },
    text: `Your report was reviewed: ${MODERATION_MSG.outcomeDetail[action]}.`,
    url: '/settings',
    dedupeKey: `report_resolved:${report.id}`,
  });
}
