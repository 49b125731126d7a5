import type { AppNotification } from './types.ts';

let seq = 0;

/** A notification as the server sends it; unread unless `readAt` is given. */
export function createNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  seq += 1;
  return {
    id: `0193a0c1-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    kind: 'friend_request',
    createdAt: '2026-11-24T10:00:00.000Z',
    readAt: null,
    actor: { _id: 'a1', id: 'a1', username: 'ana', fullName: 'Ana Lima', profileImage: null },
    subject: { type: 'user', id: 'a1' },
    text: `Ana Lima sent you a friend request (${seq})`,
    url: '/friends',
    ...overrides,
  };
}
