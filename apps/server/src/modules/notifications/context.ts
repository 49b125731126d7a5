import type { EventRow, UserRow } from '../../db/schema/index.ts';
import type { EventSnapshot } from '../../platform/domain-events.ts';
import type { Message } from '../../platform/i18n.ts';
import type { NotificationsDeps } from './notifications.service.ts';
import { type NotifyInput, type NotifyManyInput, notify, notifyMany } from './notify.ts';

/** The queues of the notification jobs the triggers schedule (reminders, digests, …). */
export const QUEUES = {
  reminder: 'event-reminder',
  rsvp: 'rsvp-digest',
  updated: 'event-updated',
  /** Jobs queued before decision 065; new cancellations are `event.cancelled` events. */
  cancelled: 'event-cancelled',
  communityEvent: 'community-event',
  /** Jobs queued before decision 065; new messages are `message.stored` events. */
  message: 'message-notify',
  notify: 'notify',
} as const;

export type ReminderJob = { eventId: string; leadMs: number; startsAt: string };
export type RsvpJob = { eventId: string; from: string; to: string };
/** `text`: a job queued before notifications were translated (English only); `message` since. */
export type UpdatedJob = {
  eventId: string;
  actorId: string;
  version: string;
  text?: string;
  message?: Message;
};
export type CommunityEventJob = { eventId: string; actorId: string };

export const displayName = (p: { username: string | null; fullName: string }) => p.username ?? p.fullName;

/**
 * How the hosts' notifications of answers name a person: the name they go by (their full name),
 * else their username; a guest without an account by the name they gave.
 */
export const nameGoneBy = (p: { username: string | null; fullName: string | null }) =>
  p.fullName?.trim() || p.username || '';

/**
 * What every trigger (a subscriber of modules/notifications/subscribers, one per notification
 * kind) works with: the one notify path and the queue.
 */
export type TriggerContext = {
  deps: NotificationsDeps;
  send: (input: NotifyInput, options?: { subjectChecked?: boolean }) => ReturnType<typeof notify>;
  sendMany: (input: NotifyManyInput, options?: { subjectChecked?: boolean }) => ReturnType<typeof notifyMany>;
  /** A notification whose actor and subject are `person`, its message naming them. */
  sendAboutPerson: (
    person: Pick<UserRow, 'id' | 'username' | 'fullName'>,
    n: Pick<NotifyInput, 'userId' | 'kind' | 'url' | 'dedupeKey'> & { key: Message['key'] },
  ) => Promise<unknown>;
  /** RSVP notifications to the host: at most one per event per this window (ms). */
  rsvpWindowMs: number;
};

export function createTriggerContext(deps: NotificationsDeps): TriggerContext {
  const send: TriggerContext['send'] = (input, options) => notify(deps, input, options);
  return {
    deps,
    send,
    sendMany: (input, options) => notifyMany(deps, input, options),
    sendAboutPerson: (person, n) =>
      send({
        userId: n.userId,
        kind: n.kind,
        actorId: person.id,
        subject: { type: 'user', id: person.id },
        message: { key: n.key, params: { name: displayName(person) } },
        url: n.url,
        dedupeKey: n.dedupeKey,
      }),
    rsvpWindowMs: deps.rsvpWindowMs ?? 15 * 60_000,
  };
}

const EVENT_INSTANTS = ['startDate', 'endDate', 'cancelledAt', 'hiddenAt', 'createdAt', 'updatedAt'] as const;

/** An event row as `event.changed` carried it (JSON), with its instants as dates again. */
export function reviveEvent(snapshot: EventSnapshot): EventRow {
  const row: Record<string, unknown> = { ...snapshot };
  for (const key of EVENT_INSTANTS) {
    const value = row[key];
    if (typeof value === 'string') row[key] = new Date(value);
  }
  // The snapshot is an EventRow written as JSON by recordEvent; its instants were revived above.
  return row as EventRow;
}
