import type { NotificationDto, NotificationKind, NotificationSubjectType } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { type Message, t } from '../../platform/i18n.ts';
import type { Job, Jobs } from '../../platform/jobs.ts';
import { people } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { presentNotification } from './notifications.presenter.ts';
import * as repo from './notifications.repository.ts';

export type Subject = { type: NotificationSubjectType; id: string };
export type Preferences = repo.Preferences;

import type { Recipient } from './notifications.presenter.ts';

export type { Recipient };

/**
 * A way to reach a person outside the app (e-mail here, Web Push in modules/push). `deliver` runs
 * in a queue job, once per notification and channel (claimed in notification_deliveries), and
 * throws to be retried with back-off. `wants` says from the person's choices (and address)
 * whether this channel has anything to do; a delivery it does not want is not even claimed.
 */
export type NotificationChannel = {
  name: string;
  wants(to: Recipient, kind: NotificationKind): boolean;
  /** `message`: the catalog key and values it was written from (null for rows from before them). */
  deliver(to: Recipient, notification: NotificationDto, message?: Message | null): Promise<void>;
  /** Seconds to wait before delivering this kind (the e-mail of a direct message waits). */
  delaySeconds?(kind: NotificationKind): number;
};

export type NotifyDeps = {
  db: Database;
  publisher: Pick<Publisher, 'toUser'>;
  jobs: Pick<Jobs, 'sendMany'>;
  /** The visibility rules of the subject's module: events' `visibleTo`, communities, chat rooms. */
  canSee: (userId: string, subject: Subject) => Promise<boolean>;
  channels: NotificationChannel[];
  /** modules/guests: the addresses, languages and links of guests (answers without an account). */
  guestRecipients?: (guestIds: string[]) => Promise<Map<string, Recipient>>;
};

export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  /** Who caused it; never notified about their own action. */
  actorId?: string | null;
  subject: Subject;
  /**
   * What it says: a catalog key and its values (`message`), written in English for the app's list
   * and in each recipient's language for e-mail and push; or a plain `text` (the same for all).
   */
  message?: Message;
  text?: string;
  /** A path in the web app. */
  url: string;
  /**
   * One notification per person and key: add the window yourself (`rsvp:<event>:<window>`).
   * Default `<kind>:<subject type>:<subject id>`.
   */
  dedupeKey?: string;
};

/**
 * The same notification for many people (a reminder to everyone going, a community's members).
 * `guestIds`: guests of the subject event (answers without an account, decision 040), told by
 * e-mail only; the caller read them with the event's visibility for a visitor (they see only
 * public events), and they are never blocked by anyone (they have no account).
 */
export type NotifyManyInput = Omit<NotifyInput, 'userId'> & { userIds: string[]; guestIds?: string[] };

export const DELIVER_QUEUE = 'notification-deliver';
export type DeliverJob = { notificationId: string; channel: string };

/**
 * Each channel has its own delivery queue and workers: a push service that stalls
 * holds push workers only, never the e-mail of anyone. E-mail keeps the original queue name (jobs
 * queued before the split are worked as they were; a worker delivers whatever channel a job names).
 */
export const deliverQueueOf = (channel: string) =>
  channel === 'email' ? DELIVER_QUEUE : `${DELIVER_QUEUE}-${channel}`;

/** Deliveries of one batch claimed and sent together (about twice the mail pool's connections). */
const SENDS_AT_ONCE = 10;

/** People checked against the subject's visibility rule at once, when the caller did not. */
const VISIBILITY_CHECKS_AT_ONCE = 8;

/**
 * The single entry point of every notification, for one person or many. Stores the in-app rows
 * (once per person and dedupe key, in one statement), emits `notification` to every socket of each
 * person, and queues one delivery per person and channel (in one statement). Answers the
 * notifications created; nobody is notified about their own action, by someone they blocked or
 * who blocked them, about a subject they cannot see, or twice for one key.
 *
 * `subjectChecked`: the caller already applied the subject's visibility rule to these people at
 * the moment it happened (everyone going, read with `visibleTo`; an event being deleted no
 * longer exists to check).
 */
export async function notifyMany(
  deps: NotifyDeps,
  input: NotifyManyInput,
  options: { subjectChecked?: boolean } = {},
): Promise<NotificationDto[]> {
  let userIds = [...new Set(input.userIds)].filter((id) => !input.actorId || id !== input.actorId);
  // A block either way silences the actor for every kind and every channel.
  if (input.actorId && userIds.length > 0) {
    const blocked = await repo.blockedWith(deps.db, input.actorId, userIds);
    if (blocked.size > 0) userIds = userIds.filter((id) => !blocked.has(id));
  }
  if (!options.subjectChecked) userIds = await whoCanSee(deps, userIds, input.subject);
  const guestIds = [...new Set(input.guestIds ?? [])];
  if (userIds.length === 0 && guestIds.length === 0) return [];
  const values = {
    kind: input.kind,
    actorId: input.actorId ?? null,
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    text: input.text ?? (input.message ? t('en', input.message.key, input.message.params) : ''),
    message: input.message ?? null,
    url: input.url,
    dedupeKey: input.dedupeKey ?? `${input.kind}:${input.subject.type}:${input.subject.id}`,
  };
  const { created, repeated } = await repo.insertMany(deps.db, { to: 'user', ids: userIds }, values);
  const guests = await repo.insertMany(deps.db, { to: 'guest', ids: guestIds }, values);
  const actor = input.actorId ? (await people(deps.db, [input.actorId])).get(input.actorId) : undefined;
  // Live, each in the recipient's chosen language (English when they chose none).
  const locales = await repo.chosenLocales(
    deps.db,
    created.map((row) => row.userId as string),
  );
  const dtos = created.map((row) => {
    const dto = presentNotification(row, actor, locales.get(row.userId as string));
    deps.publisher.toUser(row.userId as string, 'notification', dto);
    return dto;
  });
  // A repeat within the hour (`repeated`) queues the deliveries again (each keyed, so queued
  // once): a process that died between storing the rows and queueing them loses nothing.
  const rows = [...created, ...repeated, ...guests.created, ...guests.repeated];
  for (const channel of deps.channels)
    await deps.jobs.sendMany(
      deliverQueueOf(channel.name),
      rows.map((row) => {
        const delay = channel.delaySeconds?.(row.kind as NotificationKind) ?? 0;
        return {
          data: { notificationId: row.id, channel: channel.name } satisfies DeliverJob,
          key: `${row.id}:${channel.name}`,
          startAfter: delay > 0 ? new Date(row.createdAt.getTime() + delay * 1000) : undefined,
        };
      }),
    );
  return dtos;
}

/** One person: `notifyMany` for one. Answers the notification, or null when none was created. */
export async function notify(
  deps: NotifyDeps,
  input: NotifyInput,
  options: { subjectChecked?: boolean } = {},
): Promise<NotificationDto | null> {
  const { userId, ...rest } = input;
  const [dto] = await notifyMany(deps, { ...rest, userIds: [userId] }, options);
  return dto ?? null;
}

async function whoCanSee(deps: NotifyDeps, userIds: string[], subject: Subject): Promise<string[]> {
  const seen = new Array<boolean>(userIds.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(VISIBILITY_CHECKS_AT_ONCE, userIds.length) }, async () => {
      while (next < userIds.length) {
        const i = next++;
        seen[i] = await deps.canSee(userIds[i] as string, subject);
      }
    }),
  );
  return userIds.filter((_, i) => seen[i]);
}

/** Members and guests the rows go to, by id (user ids and guest ids are both UUIDv7). */
async function recipientsOf(deps: NotifyDeps, rows: NotificationRow[]): Promise<Map<string, Recipient>> {
  const members = await repo.recipients(
    deps.db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  const guestIds = rows.flatMap((r) => (r.guestId ? [r.guestId] : []));
  if (guestIds.length === 0 || !deps.guestRecipients) return members;
  return new Map([...members, ...(await deps.guestRecipients([...new Set(guestIds)]))]);
}

/**
 * The delivery jobs of a batch: each is one notification on one channel, delivered at most once.
 * The rows, their people and actors are read in one query each; the deliveries are then claimed
 * and sent in groups of SENDS_AT_ONCE. A delayed delivery (a direct message's e-mail) is
 * dropped when the person read it meanwhile or can no longer see its subject. Answers the jobs
 * whose channel failed (their claims are given back, so the retry may deliver).
 */
export async function deliverBatch(
  deps: NotifyDeps,
  jobs: Job<DeliverJob>[],
): Promise<{ id: string; error: unknown }[]> {
  const rows = new Map(
    (
      await repo.findByIds(
        deps.db,
        jobs.map((j) => j.data.notificationId),
      )
    ).map((r) => [r.id, r]),
  );
  const recipients = await recipientsOf(deps, [...rows.values()]);
  const due: { job: Job<DeliverJob>; row: NotificationRow; to: Recipient; channel: NotificationChannel }[] =
    [];
  for (const job of jobs) {
    const row = rows.get(job.data.notificationId);
    const channel = deps.channels.find((c) => c.name === job.data.channel);
    const to = row && recipients.get((row.userId ?? row.guestId) as string);
    if (!row || !channel || !to || !channel.wants(to, row.kind as NotificationKind)) continue;
    if ((channel.delaySeconds?.(row.kind as NotificationKind) ?? 0) > 0 && !(await stillWanted(deps, row)))
      continue;
    due.push({ job, row, to, channel });
  }
  const actors = await people(
    deps.db,
    due.flatMap((d) => (d.row.actorId ? [d.row.actorId] : [])),
  );
  const failed: { id: string; error: unknown }[] = [];
  // Claimed a few at a time, right before sending: a process killed mid-batch loses at most the
  // group in flight (claimed, not yet accepted by the SMTP server), never the whole batch.
  for (let i = 0; i < due.length; i += SENDS_AT_ONCE) {
    const group = due.slice(i, i + SENDS_AT_ONCE);
    const claimed = await repo.claimDeliveries(
      deps.db,
      group.map((d) => ({ notificationId: d.row.id, channel: d.channel.name })),
    );
    await Promise.all(
      group
        .filter((d) => claimed.has(`${d.row.id}:${d.channel.name}`))
        .map(async ({ job, row, to, channel }) => {
          try {
            // In the recipient's language, whoever caused it.
            const actor = row.actorId ? actors.get(row.actorId) : undefined;
            await channel.deliver(to, presentNotification(row, actor, to.locale ?? 'en'), row.message);
          } catch (error) {
            await repo.releaseDelivery(deps.db, row.id, channel.name);
            failed.push({ id: job.id, error });
          }
        }),
    );
  }
  return failed;
}

/**
 * A delayed delivery still makes sense: unread, no block between the two, its subject visible,
 * the conversation unread.
 */
async function stillWanted(deps: NotifyDeps, row: NotificationRow): Promise<boolean> {
  if (row.readAt || !row.userId) return false;
  // Blocked (either way) since it was stored: the waiting e-mail goes nowhere.
  if (row.actorId && (await repo.blockedWith(deps.db, row.actorId, [row.userId])).size > 0) return false;
  if (!(await deps.canSee(row.userId, { type: row.subjectType as Subject['type'], id: row.subjectId })))
    return false;
  if (row.kind === 'direct_message' && row.actorId)
    return repo.hasUnreadFrom(deps.db, row.userId, row.actorId);
  return true;
}
