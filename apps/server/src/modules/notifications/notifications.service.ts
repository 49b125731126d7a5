import {
  DEFAULT_LOCALE,
  type Locale,
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_MSG,
  type NotificationsResponse,
} from '@townsquare/contracts';
import type { EventRow, UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { eventWhen } from '../../platform/i18n.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { people } from '../../platform/people.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import { hostIds } from '../access/events.ts';
import {
  type CommunityEventJob,
  createTriggerContext,
  nameGoneBy,
  QUEUES,
  type ReminderJob,
  type RsvpJob,
  type UpdatedJob,
} from './context.ts';
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
} from './notify.ts';
import { createReminders } from './reminders.ts';
import { tellCancelled } from './subscribers/event-cancelled.ts';
import { notificationSubscribers } from './subscribers/index.ts';
import { tellMessage } from './subscribers/message-stored.ts';
import * as q from './triggers.repository.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

export type NotificationsDeps = Omit<NotifyDeps, 'channels'> & {
  jobs: Jobs;
  /** Every channel beyond the app: e-mail, push (modules/push), … */
  channels: NotificationChannel[];
  /** Verifies the unsubscribe links (decision 066). */
  links: LinkSigner;
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

type NotifyJob = { input: NotifyInput; subjectChecked?: boolean };
/** A job of the `event-cancelled` queue, queued before decision 065 (now `event.cancelled` events). */
type CancelledJob = {
  eventId: string;
  actorId: string;
  title: string;
  recipients: string[];
  guests?: string[];
  url?: string;
  at?: string;
};

/**
 * Deliveries fetched per batch and batches at once on each instance: a burst of 10,000 reminders
 * is 20,000 deliveries (e-mail and push), read and claimed 100 at a time.
 */
const DELIVER_BATCH = 100;
const DELIVER_WORKERS = 2;

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

/**
 * Notifications: the in-app list and its read pointers, the delivery worker, and the jobs the
 * triggers schedule. The triggers themselves are domain-event subscribers, one file per kind
 * (subscribers/, decision 065). Every notification goes through `notify` (notify.ts).
 */
export function createNotifications(deps: NotificationsDeps) {
  const { db, jobs } = deps;
  const ctx = createTriggerContext(deps);
  const { send, sendMany } = ctx;

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
        when: eventWhen(event),
        // Going, they know where (decision 044): the reminder says it, the address included.
        placed: event.location.trim() === '' ? 'no' : 'yes',
        where: event.location,
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
        (a) => !a.userId || !all.includes(a.userId),
      );
      const first = answers[0];
      if (!first) return;
      const second = answers[1];
      await sendMany({
        userIds: hosts,
        kind: 'rsvp',
        ...(first.userId ? { actorId: first.userId } : {}),
        subject: { type: 'event', id: event.id },
        message: {
          key: 'notification.rsvp',
          params: {
            first: nameGoneBy(first),
            second: second ? nameGoneBy(second) : '',
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

    // Queued before decision 065: told by the one trigger of each kind.
    cancelled: (job: CancelledJob) =>
      tellCancelled(ctx, {
        eventId: job.eventId,
        title: job.title,
        actorId: job.actorId,
        recipients: job.recipients,
        guests: job.guests ?? [],
        url: job.url,
        cancelledAt: job.at,
      }),

    message: (job: { messageId: string }) => tellMessage(ctx, job.messageId),

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
          params: { title: event.title, when: eventWhen(event) },
        },
        url: `/event/${event.id}`,
        dedupeKey: `community_event:${event.id}`,
      });
    },
  };

  return {
    notify: send,
    notifyMany: sendMany,

    /** events.service: an event's reminders, in the transaction of its change (reminders.ts). */
    remindersWithin: createReminders({ jobs, reminderLeadTimes: deps.reminderLeadTimes }),

    /** The notification triggers, to register with the outbox (subscribers/index.ts). */
    subscribers: notificationSubscribers(ctx),

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
      await jobs.work<{ messageId: string }>(QUEUES.message, handlers.message);
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
      const parsed = readUnsubscribeToken(deps.links, token);
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
      const parsed = readUnsubscribeToken(deps.links, token);
      return parsed ? NOTIFICATION_GROUP_LABELS[parsed.group] : undefined;
    },

    // --- what other modules call ---

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
              when: eventWhen(event),
            },
          },
          url: `/event/${event.id}`,
          dedupeKey: `series_confirm:${event.id}`,
        });
    },

    /**
     * `notify` through the queue, for callers that must not wait for it but must not lose it
     * either (a report's outcome): the job is keyed by the person and dedupe key (queued once),
     * retried with back-off, and `notify` is idempotent. A queue that cannot be reached fails the
     * caller, as its database would.
     */
    notifyLater: async (input: NotifyInput, options: { subjectChecked?: boolean } = {}): Promise<void> => {
      await jobs.send(QUEUES.notify, { input, subjectChecked: options.subjectChecked } satisfies NotifyJob, {
        key: `${input.userId}:${input.dedupeKey ?? `${input.kind}:${input.subject.type}:${input.subject.id}`}`,
      });
    },

    /** chat.service: the person read the conversation with `otherId` (the same read pointer). */
    async conversationRead(userId: string, otherId: string): Promise<void> {
      if ((await repo.markReadByActor(db, userId, 'direct_message', otherId)) > 0)
        deps.publisher.toUser(userId, 'notifications-read', { unread: await repo.unreadCount(db, userId) });
    },

    /**
     * events' announcements: the people of an event who can still see it, by their answer; the
     * announcement is then told to them as its `event.announced` event.
     */
    async announcementAudience(
      event: Pick<EventRow, 'id'>,
      actorId: string,
      audience: 'going' | 'waitlist' | 'all',
    ): Promise<string[]> {
      const statuses = (
        {
          going: ['going'],
          waitlist: ['waitlisted', 'offered'],
          all: ['going', 'maybe', 'waitlisted', 'offered'],
        } as const
      )[audience];
      return (await q.attendeesWhoSee(db, event.id, [...statuses])).filter((id) => id !== actorId);
    },
  };
}
