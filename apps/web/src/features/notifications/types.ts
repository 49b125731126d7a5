import { NOTIFICATION_KINDS, type NotificationDto, type NotificationsResponse } from '@townsquare/contracts';

/**
 * The in-app notification as GET /api/notifications and the `notification` socket event carry it
 *. `url` is the subject's path in this app (an event, a conversation, /friends).
 */
export type AppNotification = NotificationDto;
export type NotificationsPage = NotificationsResponse;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A socket payload that has what the list needs, or null (the server's shapes are checked, not trusted). */
export function asNotification(value: unknown): AppNotification | null {
  if (!isRecord(value)) return null;
  const { id, kind, createdAt, readAt, text, url } = value;
  if (typeof id !== 'string' || typeof text !== 'string' || typeof url !== 'string') return null;
  const known = NOTIFICATION_KINDS.find((k) => k === kind);
  if (!known) return null;
  return {
    id,
    kind: known,
    createdAt: typeof createdAt === 'string' ? createdAt : new Date().toISOString(),
    readAt: typeof readAt === 'string' ? readAt : null,
    actor: isRecord(value.actor) ? (value.actor as AppNotification['actor']) : null,
    subject: isRecord(value.subject)
      ? (value.subject as AppNotification['subject']) // shown, never trusted for access
      : { type: 'user', id: '' },
    text,
    url,
  };
}

/** Only paths of this app are followed; anything else opens the notifications page. */
export function safeHref(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}
