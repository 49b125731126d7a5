import {
  DEFAULT_LOCALE,
  type Locale,
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_MSG,
  type NotificationsResponse,
} from '@townsquare/contracts';
import type { EventRow, MessageRow, UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Message } from '../../platform/i18n.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { type Person, people } from '../../platform/people.ts';
import { hostIds } from '../access/events.ts';
import { findMessage } from '../access/rooms.ts';
import { presentNotification } from './notifications.presenter.ts';
import * as repo from './notifications.repository.ts';
import {
  DELIVER_QUEUE,
  type DeliverJob,
  deliverBatch,
  deliverQueueOf,
  type NotificationChannel,
  type NotifyDeps,
  type NotifyInput,
  type NotifyManyInput,
  notify,
  notifyMany,
} from './notify.ts';
import * as q from './triggers.repository.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

export type NotificationsDeps = Omit<NotifyDeps, 'channels'> & {
  jobs: Jobs;
  /** Every channel beyond the app: e-mail, push (modules/push), … */
  channels: NotificationChannel[];
  unsubscribeSecret: string;
  /** REMINDER_LEAD_TIMES in ms. */
  reminderLeadTimes: number[];
  /** RSVP notifications to the host: at most one per event per this window (ms). */
  rsvpWindowMs?: number;
  /** DM_EMAIL_DELAY in ms: also the window of one direct-message notification per conversation. */
  dmEmailDelay: number;
  log: { warn: (obj: object, msg: string) => void };
  /** communities: members of the community whose choice for new events is `all`. */
  membersNotifiedOfEvents: (communityId: string) => Promise<string[]>;
  /** Sign-up sheets: what each person claimed ("2 × Chairs"), added to their reminder. */
  bringing?: (event: EventRow) => Promise<Map<string, string>>;
};

export type NotificationsService = ReturnType<typeof createNotifications>;

const QUEUES = {
  reminder: 'event-reminder',
  rsvp: 'rsvp-digest',
  updated: 'event-updated',
  cancelled: 'event-cancelled',
  communityEvent: 'community-event',
  message: 'message-notify',
  notify: 'notify',
} as const;

type MessageJob = { messageId: string };
type NotifyJob = { input: NotifyInput; subjectChecked?: boolean };

type ReminderJob = { eventId: string; leadMs: number; startsAt: string };
type RsvpJob = { eventId: string; from: string; to: string };
/** `text`: a job queued before issue 24 (English only); `message` since. */
type UpdatedJob = { eventId: string; actorId: string; version: string; text?: string; message?: Message };
type CancelledJob = {
  eventId: string;
  actorId: string;
  title: string;
  recipients: string[];
  /** Guests going or maybe (absent: a job queued before guests were told). */
  guests?: string[];
  /** The event's page when it was cancelled and still exists; absent (deleted): the events list. */
  url?: string;
  /**
   * When it was called off (absent when deleted): each cancellation is its own notification, so a
   * cancelled, restored ("on again") and again cancelled event is announced twice.
   */
  at?: string;
};
type CommunityEventJob = { eventId: string; actorId: string };
/** What a notification about a community needs of it. */
type CommunityRef = { id: string; slug: string; name: string };

/**
 * Deliveries fetched per batch and batches at once on each instance: a burst of 10,000 reminders
 * is 20,000 deliveries (e-mail and push), read and claimed 100 at a time.
 */
const DELIVER_BATCH = 100;
const DELIVER_WORKERS = 2;

const displayName = (p: { username: string | null; fullName: string }) => p.username ?? p.fullName;

/**
 * A reminder's lead as the catalogs count it: whole days, hours, minutes or seconds (leads are
 * whole units; "1 hour 30 minutes" is not needed), e.g. `{ unit: 'hour', amount: 2 }`.
 */
export function leadParams(ms: number): { unit: string; amount: number } {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  for (const [size, unit] of units) if (ms % size === 0) return { unit, amount: ms / size };
  return { unit: 'second', amount: Math.round(ms / 1000) };
}

const MENTION = /(?:^|[^\w@])@([a-z0-9_]{3,30})\b/gi;

/**
 * Notifications: the in-app list and its read pointers, the delivery worker, and every trigger
 * (the hooks other services call, and the queue jobs they schedule). Every notification goes
 * through `notify` (notify.ts).
 */
export function createNotifications(deps: NotificationsDeps) {
  const { db, jobs } = deps;
  const rsvpWindowMs = deps.rsvpWindowMs ?? 15 * 60_000;
  const send = (input: NotifyInput, options?: { subjectChecked?: boolean }) => notify(deps, input, options);
  const sendMany = (input: NotifyManyInput, options?: { subjectChecked?: boolean }) =>
    notifyMany(deps, input, options);

  /** A notification whose actor and subject are `person`, its message naming them. */
  const sendAboutPerson = (
    person: UserRow,
    n: Pick<NotifyInput, 'userId' | 'kind' | 'url' | 'dedupeKey'> & { key: Message['key'] },
  ) =>
    send({
      userId: n.userId,
      kind: n.kind,
      actorId: person.id,
      subject: { type: 'user', id: person.id },
      message: { key: n.key, params: { name: displayName(person) } },
      url: n.url,
      dedupeKey: n.dedupeKey,
    });

  /** Runs a hook's work without failing the request that caused it. */
  function quietly(label: string, work: () => Promise<unknown>): Promise<void> {
    return work().then(
      () => undefined,
      (err: unknown) => deps.log.warn({ err }, `${label} failed`),
    );
  }

  const reminderKey = (eventId: string, leadMs: number, startsAt: Date) =>
    `${eventId}:${leadMs}:${startsAt.toISOString()}`;

  async function scheduleReminders(event: EventRow, options: { restore?: boolean } = {}) {
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

  /** Tells everyone going or maybe who can see the event (now, before it may go) that it is off. */
  async function announceCancelled(event: EventRow, actorId: string, url?: string) {
    const recipients = await q.attendeesWhoSee(db, event.id);
    const guests = await q.guestsWhoSee(db, event.id);
    if (recipients.length > 0 || guests.length > 0)
      await jobs.send(QUEUES.cancelled, {
        eventId: event.id,
        actorId,
        title: event.title,
        recipients,
        guests,
        url,
        at: event.cancelledAt?.toISOString(),
      } satisfies CancelledJob);
  }

  async function cancelReminders(event: EventRow) {
    for (const leadMs of deps.reminderLeadTimes)
      await jobs.cancel(QUEUES.reminder, reminderKey(event.id, leadMs, event.startDate));
  }

  async function channelUrl(channel: string): Promise<string> {
    const [type, id] = channel.split(':');
    if (type === 'event' && id) return `/event/${id}`;
    if (type === 'community' && id) return `/c/${(await q.communitySlug(db, id)) ?? ''}`;
    if (type === 'subgroup' && id) {
      const eventId = await q.subgroupEventId(db, id);
      return eventId ? `/event/${eventId}` : '/dashboard';
    }
    if (type === 'group') return '/friends';
    return '/dashboard';
  }

  /** Direct messages and mentions of one stored message (run by the `message-notify` job). */
  async function messageNotifications(row: MessageRow, sender: Person) {
    if (row.receiverId) {
      const window = Math.floor(row.createdAt.getTime() / deps.dmEmailDelay);
      await send({
        userId: row.receiverId,
        kind: 'direct_message',
        actorId: sender.id,
        subject: { type: 'user', id: sender.id },
        message: { key: 'notification.directMessage', params: { name: displayName(sender) } },
        url: `/messages/${sender.id}`,
        dedupeKey: `direct_message:${sender.id}:${window}`,
      });
      return;
    }
    const names = [...row.content.matchAll(MENTION)].map((m) => (m[1] as string).toLowerCase());
    const unique = [...new Set(names)].slice(0, 10);
    if (unique.length === 0) return;
    const ids = await repo.userIdsByUsername(db, unique);
    if (ids.length === 0) return;
    const url = await channelUrl(row.channel);
    const excerpt = row.content.length > 80 ? `${row.content.slice(0, 77)}...` : row.content;
    for (const userId of ids)
      await send({
        userId,
        kind: 'mention',
        actorId: sender.id,
        subject: { type: 'chat', id: row.channel },
        message: { key: 'notification.mention', params: { name: displayName(sender), excerpt } },
        url,
        dedupeKey: `mention:${row.id}`,
      });
  }

  const handlers = {
    async reminder(job: ReminderJob) {
      const event = await q.eventRow(db, job.eventId);
      // Moved, unpublished, cancelled or deleted since: this job is stale (its successor, if any, is queued).
      if (event?.status !== 'LIVE' || event.cancelledAt || event.startDate.toISOString() !== job.startsAt)
        return;
      // Everyone going who can still see the event: `visibleTo` for all of them in one query.
      const going = await q.attendeesWhoSee(db, event.id, ['going']);
      const guests = await q.guestsWhoSee(db, event.id, ['going']);
      // Everyone reminded is going, so they may read the online link (decision 044).
      const online = Boolean(event.online && event.onlineUrl);
      const params = {
        title: event.title,
        ...leadParams(job.leadMs),
        when: { at: event.startDate.toISOString(), zone: event.timeZone },
        joining: online ? 'yes' : 'no',
        url: online ? (event.onlineUrl ?? '') : '',
      };
      // Those who signed up to bring something read what, in their own reminder.
      const bringing = (await deps.bringing?.(event)) ?? new Map<string, string>();
      // Guests bring nothing (claims are members'): they read the plain reminder.
      const byBringing = new Map<string, string[]>(guests.length > 0 ? [['', []]] : []);
      for (const userId of going) {
        const own = bringing.get(userId) ?? '';
        byBringing.set(own, [...(byBringing.get(own) ?? []), userId]);
      }
      for (const [own, userIds] of byBringing)
        await sendMany(
          {
            userIds,
            guestIds: own === '' ? guests : undefined,
            kind: 'event_reminder',
            subject: { type: 'event', id: event.id },
            message: own
              ? { key: 'notification.reminderBringing', params: { ...params, bringing: own } }
              : { key: 'notification.reminder', params },
            url: `/event/${event.id}`,
            dedupeKey: `event_reminder:${event.id}:${job.leadMs}:${job.startsAt}`,
          },
          { subjectChecked: true },
        );
    },

    async rsvp(job: RsvpJob) {
      const event = await q.eventRow(db, job.eventId);
      if (!event) return;
      // Hosts who hear of each answer at once were told already (`rsvped`).
      const all = await hostIds(db, event);
      const instant = await repo.instantRsvpHosts(db, all);
      const hosts = all.filter((id) => !instant.has(id));
      if (hosts.length === 0) return;
      const answers = (await q.goingBetween(db, event.id, new Date(job.from), new Date(job.to))).filter(
        (a) => !all.includes(a.userId),
      );
      const first = answers[0];
      if (!first) return;
      const second = answers[1];
      await sendMany({
        userIds: hosts,
        kind: 'rsvp',
        actorId: first.userId,
        subject: { type: 'event', id: event.id },
        message: {
          key: 'notification.rsvp',
          params: {
            first: displayName(first),
            second: second ? displayName(second) : '',
            others: answers.length - 1,
            title: event.title,
          },
        },
        url: `/event/${event.id}`,
        dedupeKey: `rsvp:${event.id}:${job.from}`,
      });
    },

    async updated(job: UpdatedJob) {
      await sendMany({
        userIds: await q.answeredBy(db, job.eventId, ['going', 'maybe']),
        guestIds: await q.guestsWhoSee(db, job.eventId),
        kind: 'event_updated',
        actorId: job.actorId,
        subject: { type: 'event', id: job.eventId },
        ...(job.message ? { message: job.message } : { text: job.text ?? '' }),
        url: `/event/${job.eventId}`,
        dedupeKey: `event_updated:${job.eventId}:${job.version}`,
      });
    },

    async cancelled(job: CancelledJob) {
      await sendMany(
        {
          userIds: job.recipients,
          guestIds: job.guests,
          kind: 'event_cancelled',
          actorId: job.actorId,
          subject: { type: 'event', id: job.eventId },
          message: { key: 'notification.eventCancelled', params: { title: job.title } },
          url: job.url ?? '/events',
          dedupeKey: `event_cancelled:${job.eventId}${job.at ? `:${job.at}` : ''}`,
        },
        // Checked with visibleTo when it was cancelled (a deleted event no longer exists to check).
        { subjectChecked: true },
      );
    },

    async message(job: MessageJob) {
      const row = await findMessage(db, job.messageId);
      const sender = row?.senderId ? (await people(db, [row.senderId])).get(row.senderId) : undefined;
      // Deleted since (with its sender's account): nothing to tell.
      if (row && sender) await messageNotifications(row, sender);
    },

    async notify(job: NotifyJob) {
      await send(job.input, { subjectChecked: job.subjectChecked });
    },

    async communityEvent(job: CommunityEventJob) {
      const event = await q.eventRow(db, job.eventId);
      if (!event?.communityId || event.status === 'DRAFT') return;
      await sendMany({
        userIds: await deps.membersNotifiedOfEvents(event.communityId),
        kind: 'community_event',
        actorId: job.actorId,
        subject: { type: 'event', id: event.id },
        message: {
          key: 'notification.communityEvent',
          params: { title: event.title, when: { at: event.startDate.toISOString(), zone: event.timeZone } },
        },
        url: `/event/${event.id}`,
        dedupeKey: `community_event:${event.id}`,
      });
    },
  };

  /**
   * A word to one person about their place in a community (approved, invited), at most once per
   * `perMs` for the same community.
   */
  const toCommunityMember = (
    community: CommunityRef,
    actorId: string,
    userId: string,
    kind: 'community_approved' | 'community_invite',
    key: 'notification.communityApproved' | 'notification.communityInvite',
    perMs: number,
  ) =>
    send({
      userId,
      kind,
      actorId,
      subject: { type: 'community', id: community.id },
      message: { key, params: { community: community.name } },
      url: `/c/${community.slug}`,
      dedupeKey: `${kind}:${community.id}:${Math.floor(Date.now() / perMs)}`,
    });

  return {
    notify: send,
    notifyMany: sendMany,

    /** Registers this instance's workers on the queue. */
    async start() {
      // One queue per channel (deliverQueueOf), each with its own workers.
      for (const queue of new Set([DELIVER_QUEUE, ...deps.channels.map((c) => deliverQueueOf(c.name))]))
        await jobs.workBatch<DeliverJob>(queue, (batch) => deliverBatch(deps, batch), {
          batchSize: DELIVER_BATCH,
          workers: DELIVER_WORKERS,
        });
      await jobs.work<ReminderJob>(QUEUES.reminder, handlers.reminder);
      await jobs.work<RsvpJob>(QUEUES.rsvp, handlers.rsvp);
      await jobs.work<UpdatedJob>(QUEUES.updated, handlers.updated);
      await jobs.work<CancelledJob>(QUEUES.cancelled, handlers.cancelled);
      await jobs.work<CommunityEventJob>(QUEUES.communityEvent, handlers.communityEvent);
      await jobs.work<MessageJob>(QUEUES.message, handlers.message);
      await jobs.work<NotifyJob>(QUEUES.notify, handlers.notify);
    },

    // --- the API ---

    async list(
      me: UserRow,
      query: { cursor?: string; limit: number },
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<NotificationsResponse> {
      if (query.cursor !== undefined && !isUuid(query.cursor))
        throw badRequest(NOTIFICATION_MSG.cursorInvalid);
      const rows = await repo.page(db, me.id, query.cursor, query.limit + 1);
      const shown = rows.slice(0, query.limit);
      const actors = await people(
        db,
        shown.flatMap((r) => (r.actorId ? [r.actorId] : [])),
      );
      return {
        notifications: shown.map((r) =>
          presentNotification(r, r.actorId ? actors.get(r.actorId) : undefined, locale),
        ),
        nextCursor: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
        unread: await repo.unreadCount(db, me.id),
      };
    },

    unread: async (me: UserRow) => ({ unread: await repo.unreadCount(db, me.id) }),

    async markRead(me: UserRow, ids: string[] | undefined) {
      const valid = ids?.filter(isUuid);
      if (!valid || valid.length > 0) await repo.markRead(db, me.id, valid);
      const unread = await repo.unreadCount(db, me.id);
      deps.publisher.toUser(me.id, 'notifications-read', { unread });
      return { unread };
    },

    /** One-click unsubscribe: turns off the token's group of e-mails; no session needed. */
    async unsubscribe(token: string) {
      const parsed = readUnsubscribeToken(deps.unsubscribeSecret, token);
      if (!parsed) throw badRequest(NOTIFICATION_MSG.tokenInvalid);
      if (!(await repo.setPreference(db, parsed.userId, 'email', { [parsed.group]: false })))
        throw badRequest(NOTIFICATION_MSG.tokenInvalid);
      return {
        group: parsed.group,
        email: false as const,
        message: `You will no longer get e-mails about ${NOTIFICATION_GROUP_LABELS[parsed.group]}.`,
      };
    },

    /** What an unsubscribe link is about, for the page that offers the button. */
    describeToken(token: string) {
      const parsed = readUnsubscribeToken(deps.unsubscribeSecret, token);
      return parsed ? NOTIFICATION_GROUP_LABELS[parsed.group] : undefined;
    },

    // --- hooks other services call ---

    /** friends.service: a request was sent. */
    friendRequested: (sender: UserRow, receiverId: string) =>
      quietly('friend request notification', () =>
        sendAboutPerson(sender, {
          userId: receiverId,
          kind: 'friend_request',
          key: 'notification.friendRequest',
          url: '/friends',
          dedupeKey: `friend_request:${sender.id}:${Math.floor(Date.now() / 86_400_000)}`,
        }),
      ),

    /** friends.service: `accepter` accepted the request `requesterId` had sent. */
    friendAccepted: (accepter: UserRow, requesterId: string) =>
      quietly('friend accepted notification', () =>
        sendAboutPerson(accepter, {
          userId: requesterId,
          kind: 'friend_accepted',
          key: 'notification.friendAccepted',
          url: `/user/${accepter.id}`,
          dedupeKey: `friend_accepted:${accepter.id}`,
        }),
      ),

    /**
     * events.service, after a change: created or published (`before` absent or DRAFT), updated,
     * or about to be deleted (`after` absent; called before the row goes, so who may see it can
     * still be asked).
     */
    eventChanged: (change: { before?: EventRow; after?: EventRow; actorId: string }) =>
      quietly('event notifications', async () => {
        const { before, after, actorId } = change;
        if (!after) {
          if (!before) return;
          await cancelReminders(before);
          // Already cancelled: its attendees were told then (the dedupe key would hold it anyway).
          if (before.status === 'DRAFT' || before.cancelledAt) return;
          await announceCancelled(before, actorId);
          return;
        }
        if (before && !before.cancelledAt && after.cancelledAt) {
          // Called off (decision 028): no reminders, and one event_cancelled linking to its page.
          await cancelReminders(before);
          if (before.status !== 'DRAFT') await announceCancelled(after, actorId, `/event/${after.id}`);
          return;
        }
        const restored = before?.cancelledAt != null && after.cancelledAt === null;
        const moved = before !== undefined && before.startDate.getTime() !== after.startDate.getTime();
        if (before && (moved || after.status === 'DRAFT')) await cancelReminders(before);
        await scheduleReminders(after, { restore: restored });
        const published = after.status !== 'DRAFT' && (!before || before.status === 'DRAFT');
        if (published && after.communityId)
          await jobs.send(QUEUES.communityEvent, { eventId: after.id, actorId } satisfies CommunityEventJob, {
            key: after.id,
          });
        if (!before || before.status === 'DRAFT' || after.status === 'DRAFT') return;
        // Edits to an event that stays cancelled concern nobody going any more.
        if (after.cancelledAt) return;
        const changes: Message[] = [];
        if (restored) changes.push({ key: 'notification.eventChanged.onAgain' });
        if (moved || before.endDate.getTime() !== after.endDate.getTime())
          changes.push({
            key: 'notification.eventChanged.time',
            params: { when: { at: after.startDate.toISOString(), zone: after.timeZone } },
          });
        // Maybe-answers hear of it too: an address only people going may know stays out (decision 044).
        if (before.location !== after.location)
          changes.push(
            after.addressVisibility === 'ATTENDEES'
              ? { key: 'notification.eventChanged.placeHidden' }
              : { key: 'notification.eventChanged.place', params: { location: after.location } },
          );
        if (before.onlineUrl !== after.onlineUrl && after.onlineUrl)
          changes.push({ key: 'notification.eventChanged.onlineLink' });
        if (before.status !== after.status && after.status === 'PAST')
          changes.push({ key: 'notification.eventChanged.ended' });
        if (changes.length === 0) return;
        await jobs.send(QUEUES.updated, {
          eventId: after.id,
          actorId,
          version: after.updatedAt.toISOString(),
          message: {
            key: 'notification.eventChanged',
            params: { title: after.title, changes: { list: changes, separator: '; ' } },
          },
        } satisfies UpdatedJob);
      }),

    /**
     * series confirmation job: asks the hosts of a draft occurrence to confirm it, once per
     * occurrence (its dedupe key). Hosts who cannot see the draft (today only its creator can)
     * are left out by `notify`, like anyone who cannot see a subject.
     */
    seriesConfirmDue: async (event: EventRow, hostIds: string[]) => {
      for (const userId of hostIds)
        await send({
          userId,
          kind: 'series_confirm',
          subject: { type: 'event', id: event.id },
          message: {
            key: 'notification.seriesConfirm',
            params: {
              weekday: { at: event.startDate.toISOString(), zone: event.timeZone, style: 'weekday' },
              title: event.title,
              when: { at: event.startDate.toISOString(), zone: event.timeZone },
            },
          },
          url: `/event/${event.id}`,
          dedupeKey: `series_confirm:${event.id}`,
        });
    },

    /** events.service: someone answered "going"; the host hears of it once per window. */
    rsvped: (event: EventRow, userId: string, status: string, previous?: string) =>
      quietly('rsvp notification', async () => {
        if (userId === event.creatorId) return;
        const wasGoing = previous === 'going';
        if (wasGoing === (status === 'going')) return;
        const hosts = (await hostIds(db, event)).filter((id) => id !== userId);
        const person = (await people(db, [userId])).get(userId);
        const minute = Math.floor(Date.now() / 60_000);
        // The hosts told at once of this person's answer, once a minute.
        const tell = (
          userIds: string[],
          name: string,
          key: 'notification.rsvpCancelled' | 'notification.rsvpGoing',
          dedupe: string,
        ) =>
          sendMany({
            userIds,
            kind: 'rsvp',
            actorId: userId,
            subject: { type: 'event', id: event.id },
            message: { key, params: { name, title: event.title } },
            url: `/event/${event.id}`,
            dedupeKey: `${dedupe}:${event.id}:${userId}:${minute}`,
          });
        if (wasGoing) {
          // Someone going cancelled: every host is told at once, whatever their choice (issue 23).
          if (person) await tell(hosts, displayName(person), 'notification.rsvpCancelled', 'rsvp_cancelled');
          return;
        }
        const instant = await repo.instantRsvpHosts(db, hosts);
        if (person && instant.size > 0)
          await tell([...instant], displayName(person), 'notification.rsvpGoing', 'rsvp_instant');
        if (instant.size === hosts.length) return;
        const from = Math.floor(Date.now() / rsvpWindowMs) * rsvpWindowMs;
        const to = from + rsvpWindowMs;
        await jobs.send(
          QUEUES.rsvp,
          {
            eventId: event.id,
            from: new Date(from).toISOString(),
            to: new Date(to).toISOString(),
          } satisfies RsvpJob,
          { key: `${event.id}:${from}`, startAfter: new Date(to) },
        );
      }),

    /**
     * chat.service: a message was stored (direct messages and mentions in any room). Queued,
     * keyed by the message, before the sender's request is answered (issue 21): a process that
     * dies between the answer and the notifications loses nothing, and a repeat queues nothing.
     * Never throws: if the queue cannot be reached, the work runs here instead.
     */
    messageStored: (row: MessageRow, sender: Person) =>
      jobs.send(QUEUES.message, { messageId: row.id } satisfies MessageJob, { key: row.id }).then(
        () => undefined,
        (err: unknown) => {
          deps.log.warn({ err }, 'message notifications not queued; sent from this process');
          return quietly('message notifications', () => messageNotifications(row, sender));
        },
      ),

    /**
     * `notify` through the queue (issue 21), for callers that must not wait for it but must not
     * lose it either (a report's outcome, an offered place, a cancelled event): the job is keyed by
     * the person and dedupe key (queued once), retried with back-off, and `notify` is idempotent.
     * Never throws: if the queue cannot be reached, it is notified from this process instead.
     */
    notifyLater: (input: NotifyInput, options: { subjectChecked?: boolean } = {}) =>
      jobs
        .send(QUEUES.notify, { input, subjectChecked: options.subjectChecked } satisfies NotifyJob, {
          key: `${input.userId}:${input.dedupeKey ?? `${input.kind}:${input.subject.type}:${input.subject.id}`}`,
        })
        .then(
          () => undefined,
          (err: unknown) => {
            deps.log.warn({ err }, 'notification not queued; sent from this process');
            return quietly('notification', () => send(input, options));
          },
        ),

    /** chat.service: the person read the conversation with `otherId` (the same read pointer). */
    conversationRead: (userId: string, otherId: string) =>
      quietly('direct message notifications read', async () => {
        if ((await repo.markReadByActor(db, userId, 'direct_message', otherId)) > 0)
          deps.publisher.toUser(userId, 'notifications-read', { unread: await repo.unreadCount(db, userId) });
      }),

    /** communities.service hooks (issue 11's flows). */
    communityRequested: (community: CommunityRef, requester: UserRow, organizerIds: string[]) =>
      quietly('community request notification', async () => {
        await sendMany({
          userIds: organizerIds,
          kind: 'community_request',
          actorId: requester.id,
          subject: { type: 'community', id: community.id },
          message: {
            key: 'notification.communityRequest',
            params: { name: displayName(requester), community: community.name },
          },
          url: `/c/${community.slug}`,
          dedupeKey: `community_request:${community.id}:${requester.id}:${Math.floor(Date.now() / 86_400_000)}`,
        });
      }),

    communityApproved: (community: CommunityRef, actorId: string, userId: string) =>
      quietly('community approved notification', () =>
        toCommunityMember(
          community,
          actorId,
          userId,
          'community_approved',
          'notification.communityApproved',
          60_000,
        ),
      ),

    communityInvited: (community: CommunityRef, actorId: string, userId: string) =>
      quietly('community invite notification', () =>
        toCommunityMember(
          community,
          actorId,
          userId,
          'community_invite',
          'notification.communityInvite',
          86_400_000,
        ),
      ),

    /**
     * A host's message to the people of an event who can still see it (decision 038's sibling:
     * announcements, issue 23), by their answer. Not quiet: the route says how many it reached.
     */
    eventAnnouncement: async (
      event: Pick<EventRow, 'id' | 'title'>,
      actorId: string,
      audience: 'going' | 'waitlist' | 'all',
      announcement: { id: string; message: string },
    ): Promise<number> => {
      const statuses = (
        {
          going: ['going'],
          waitlist: ['waitlisted', 'offered'],
          all: ['going', 'maybe', 'waitlisted', 'offered'],
        } as const
      )[audience];
      const userIds = (await q.attendeesWhoSee(db, event.id, [...statuses])).filter((id) => id !== actorId);
      if (userIds.length > 0)
        await sendMany(
          {
            userIds,
            kind: 'event_announcement',
            actorId,
            subject: { type: 'event', id: event.id },
            message: {
              key: 'notification.announcement',
              params: { title: event.title, message: announcement.message },
            },
            url: `/event/${event.id}`,
            dedupeKey: `event_announcement:${announcement.id}`,
          },
          { subjectChecked: true },
        );
      return userIds.length;
    },

    /**
     * Community announcements (modules/communities/announcements.service.ts): the members to tell,
     * once per announcement id.
     */
    communityAnnouncement: (
      community: CommunityRef,
      actorId: string,
      memberIds: string[],
      announcement: { id: string; title: string; message: string },
    ) =>
      quietly('community announcement notifications', () =>
        sendMany({
          userIds: memberIds,
          kind: 'community_announcement',
          actorId,
          subject: { type: 'community', id: community.id },
          // "Runners: Saturday: bring water", each colon as the reader's language writes it.
          message: {
            key: 'notification.announcement',
            params: {
              title: community.name,
              message: {
                list: [
                  {
                    key: 'notification.announcement',
                    params: { title: announcement.title, message: announcement.message },
                  },
                ],
                separator: '',
              },
            },
          },
          url: `/c/${community.slug}`,
          dedupeKey: `community_announcement:${announcement.id}`,
        }),
      ),
  };
}
