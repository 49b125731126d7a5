import type { NotificationDto, NotificationKind, NotificationSubjectType } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { people } from '../chat/chat.repository.ts';
import { presentNotification } from './notifications.presenter.ts';
import * as repo from './notifications.repository.ts';

export type Subject = { type: NotificationSubjectType; id: string };
export type Preferences = repo.Preferences;

/**
 * A way to reach a person outside the app (e-mail here, Web Push in modules/push). `deliver` runs
 * in a queue job, once per notification and channel (claimed in notification_deliveries); it
 * decides from `prefs` whether this person wants this kind on this channel, and throws to be
 * retried with back-off.
 */
export type NotificationChannel = {
  name: string;
  deliver(userId: string, notification: NotificationDto, prefs: Preferences): Promise<void>;
  /** Seconds to wait before delivering this kind (the e-mail of a direct message waits). */
  delaySeconds?(kind: NotificationKind): number;
};

export type NotifyDeps = {
  db: Database;
  publisher: Pick<Publisher, 'toUser'>;
  jobs: Pick<Jobs, 'send'>;
  /** The visibility rules of the subject's module: events' `visibleTo`, communities, chat rooms. */
  canSee: (userId: string, subject: Subject) => Promise<boolean>;
  channels: NotificationChannel[];
};

export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  /** Who caused it; never notified about their own action. */
  actorId?: string | null;
  subject: Subject;
  text: string;
  /** A path in the web app. */
  url: string;
  /**
   * One notification per person and key: add the window yourself (`rsvp:<event>:<window>`).
   * Default `<kind>:<subject type>:<subject id>`.
   */
  dedupeKey?: string;
};

export const DELIVER_QUEUE = 'notification-deliver';
export type DeliverJob = { notificationId: string; channel: string };

/**
 * The single entry point of every notification. Stores the in-app row (once per dedupe key),
 * emits `notification` to every socket of the person, and queues one delivery per channel.
 * Answers the notification, or null when nothing was (or needed to be) sent: the person's own
 * action, a subject they cannot see, or a key already used.
 *
 * `subjectChecked`: the caller already applied the subject's visibility rule to this person at
 * the moment it happened (an event being deleted no longer exists to check).
 */
export async function notify(
  deps: NotifyDeps,
  input: NotifyInput,
  options: { subjectChecked?: boolean } = {},
): Promise<NotificationDto | null> {
  if (input.actorId && input.actorId === input.userId) return null;
  if (!options.subjectChecked && !(await deps.canSee(input.userId, input.subject))) return null;
  const stored = await repo.insertOnce(deps.db, {
    userId: input.userId,
    kind: input.kind,
    actorId: input.actorId ?? null,
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    text: input.text,
    url: input.url,
    dedupeKey: input.dedupeKey ?? `${input.kind}:${input.subject.type}:${input.subject.id}`,
  });
  if (!stored) return null; // the person's account is gone
  const { row, created } = stored;
  // A repeat within the hour re-queues the deliveries (each keyed, so queued once): a process
  // that died between storing the row and queueing them loses nothing.
  if (!created && Date.now() - row.createdAt.getTime() > 3_600_000) return null;
  const actor = row.actorId ? (await people(deps.db, [row.actorId])).get(row.actorId) : undefined;
  const dto = presentNotification(row, actor);
  if (created) deps.publisher.toUser(row.userId, 'notification', dto);
  for (const channel of deps.channels) {
    const delay = channel.delaySeconds?.(row.kind as NotificationKind) ?? 0;
    await deps.jobs.send(
      DELIVER_QUEUE,
      { notificationId: row.id, channel: channel.name } satisfies DeliverJob,
      {
        key: `${row.id}:${channel.name}`,
        startAfter: delay > 0 ? new Date(row.createdAt.getTime() + delay * 1000) : undefined,
      },
    );
  }
  return created ? dto : null;
}

/**
 * The delivery job: one notification on one channel, at most once. A delayed delivery (a direct
 * message's e-mail) is dropped when the person read it meanwhile or can no longer see its subject.
 */
export async function deliver(deps: NotifyDeps, job: DeliverJob): Promise<void> {
  const channel = deps.channels.find((c) => c.name === job.channel);
  if (!channel) return;
  const row = await repo.findById(deps.db, job.notificationId);
  if (!row) return;
  const delayed = (channel.delaySeconds?.(row.kind as NotificationKind) ?? 0) > 0;
  if (delayed) {
    if (row.readAt) return;
    if (!(await deps.canSee(row.userId, { type: row.subjectType as Subject['type'], id: row.subjectId })))
      return;
    if (
      row.kind === 'direct_message' &&
      row.actorId &&
      !(await repo.hasUnreadFrom(deps.db, row.userId, row.actorId))
    )
      return;
  }
  const person = await repo.recipient(deps.db, row.userId);
  if (!person) return;
  if (!(await repo.claimDelivery(deps.db, row.id, channel.name))) return;
  const actor = row.actorId ? (await people(deps.db, [row.actorId])).get(row.actorId) : undefined;
  try {
    await channel.deliver(row.userId, presentNotification(row, actor), person.preferences);
  } catch (err) {
    await repo.releaseDelivery(deps.db, row.id, channel.name);
    throw err;
  }
}
