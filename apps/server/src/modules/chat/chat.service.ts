import {
  CHAT_MSG,
  type ConversationSummary,
  containsLink,
  conversationIdOf,
  type DirectMessage,
  isNewAccount,
  MSG,
  type RoomMessage,
  tooManyRequestsMessage,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { findUserById, type Person, presentPerson, people as readPeople } from '../../platform/people.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { type Publisher, userRoom } from '../../realtime/publish.ts';
import { findMessage } from '../access/rooms.ts';
import { hideMessage, presentDirect, presentRoomMessage } from './chat.presenter.ts';
import * as repo from './chat.repository.ts';

/** Channel names: also the Socket.IO room names (ARCHITECTURE.md section 4). */
export const channels = {
  dm: (a: string, b: string) => `dm:${conversationIdOf(a, b)}`,
  event: (id: string) => `event:${id}`,
  subgroup: (id: string) => `subgroup:${id}`,
  group: (id: string) => `group:${id}`,
  community: (id: string) => `community:${id}`,
  poll: (id: string) => `poll:${id}`,
  general: 'general',
} as const;

/** Messages per 10 seconds per user, across every kind of chat (CHAT_SEND_LIMIT, default 30). */
const SEND_WINDOW_MS = 10_000;

export type ChatInput = { content: string; clientMessageId?: string };
export type Page<T> = { messages: T[]; nextBefore: string | null };

export type ChatServiceDeps = {
  db: Database;
  publisher: Publisher;
  limiter: RateLimiter;
  areFriends: (a: string, b: string) => Promise<boolean>;
  /** Whether either of the two blocked the other. */
  blockedBetween: (a: string, b: string) => Promise<boolean>;
  /** The people `userId` blocked: their room messages are hidden from `userId`. */
  blockedBy: (userId: string) => Promise<string[]>;
  /** Called once per newly stored message (metrics). */
  onStored?: (channel: string) => void;
  /** Notifications: the caller read a conversation (its read pointer moved). Must not throw. */
  onConversationRead?: (userId: string, otherId: string) => Promise<void>;
  sendLimit?: number;
};

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatServiceDeps) {
  const { db, publisher } = deps;

  /**
   * Stores a message (a retry with its client id answers the stored one) and, when new, its
   * `message.stored` event in the same transaction (decision 065): direct-message and mention
   * notifications come of it, even if this process dies right after answering.
   */
  const stored = (input: Parameters<typeof repo.insertMessage>[1]) =>
    db.transaction(async (tx) => {
      const result = await repo.insertMessage(tx, input);
      if (result.created) await recordEvent(tx, 'message.stored', { messageId: result.row.id });
      return result;
    });
  const sendWindow = { limit: deps.sendLimit ?? 30, windowMs: SEND_WINDOW_MS };

  async function throttle(userId: string) {
    const verdict = await deps.limiter.consume(`send:${userId}`, sendWindow);
    if (verdict.limited)
      throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }

  /** Oldest first (as the chat panels show them), reading newest-first pages from the database. */
  async function page<T>(
    channel: string,
    before: string | undefined,
    limit: number,
    present: (row: Awaited<ReturnType<typeof repo.history>>[number], people: Map<string, Person>) => T,
  ): Promise<Page<T>> {
    if (before !== undefined && !isUuid(before)) throw badRequest(MSG.cursorInvalid);
    const rows = await repo.history(db, channel, before, limit + 1);
    const shown = rows.slice(0, limit);
    const people = await readPeople(
      db,
      shown.flatMap((r) => (r.senderId ? [r.senderId] : [])),
    );
    return {
      messages: shown.reverse().map((row) => present(row, people)),
      nextBefore: rows.length > limit ? (shown[0]?.id ?? null) : null,
    };
  }

  return {
    /**
     * Stores a message in a room channel and emits `socketEvent` to the room, except to the
     * sender's own sockets. A retried send with the same clientMessageId returns the stored
     * message and emits nothing new.
     */
    async postToRoom(
      sender: UserRow,
      channel: string,
      socketEvent: string,
      input: ChatInput,
    ): Promise<RoomMessage> {
      if (
        channel === channels.general &&
        isNewAccount({ createdAt: sender.createdAt, emailVerified: sender.emailVerifiedAt !== null }) &&
        containsLink(input.content)
      )
        throw badRequest(MSG.linksNotAllowedNew);
      await throttle(sender.id);
      const { row, created } = await stored({
        channel,
        senderId: sender.id,
        content: input.content,
        clientMessageId: input.clientMessageId,
      });
      const message = presentRoomMessage(row, sender);
      if (created) {
        deps.onStored?.(channel);
        publisher.toRoom(channel, socketEvent, message, hideMessage(message), sender.id);
      }
      return message;
    },

    /** A page of a room's history; the senders `viewerId` blocked come as hidden messages. */
    async roomHistory(
      channel: string,
      before: string | undefined,
      limit: number,
      viewerId?: string,
    ): Promise<Page<RoomMessage>> {
      const [result, blocked] = await Promise.all([
        page(channel, before, limit, (row, people) =>
          presentRoomMessage(row, people.get(row.senderId ?? '')),
        ),
        viewerId ? deps.blockedBy(viewerId) : [],
      ]);
      if (blocked.length === 0) return result;
      const hidden = new Set(blocked);
      return {
        ...result,
        messages: result.messages.map((m) => (hidden.has(m.sender.id) ? hideMessage(m) : m)),
      };
    },

    /** Direct messages go to friends only (docs/decisions/007). */
    async sendDirect(sender: UserRow, receiverId: string, input: ChatInput): Promise<DirectMessage> {
      if (!isUuid(receiverId)) throw notFound(CHAT_MSG.receiverNotFound);
      if (receiverId === sender.id) throw badRequest(CHAT_MSG.selfMessage);
      const receiver = await findUserById(db, receiverId);
      if (!receiver) throw notFound(CHAT_MSG.receiverNotFound);
      if (await deps.blockedBetween(sender.id, receiver.id)) throw forbidden(MSG.contactUnavailable);
      if (!(await deps.areFriends(sender.id, receiver.id))) throw forbidden(CHAT_MSG.notFriends);
      await throttle(sender.id);
      const channel = channels.dm(sender.id, receiver.id);
      const { row, created } = await stored({
        channel,
        senderId: sender.id,
        receiverId: receiver.id,
        content: input.content,
        clientMessageId: input.clientMessageId,
      });
      const message = presentDirect(row, sender);
      if (created) deps.onStored?.(channel);
      // The conversation room (an open thread) and the receiver's own room (badges, toasts);
      // a socket in both gets it once.
      if (created) publisher.toChannel([channel, userRoom(receiver.id)], 'new-message', message, sender.id);
      return message;
    },

    /** A conversation page, oldest first; the other person's messages to the caller become read. */
    async conversation(
      me: UserRow,
      otherId: string,
      before: string | undefined,
      limit: number,
    ): Promise<Page<DirectMessage>> {
      if (!isUuid(otherId)) throw notFound(CHAT_MSG.receiverNotFound);
      const channel = channels.dm(me.id, otherId);
      const result = await page(channel, before, limit, (row, people) =>
        presentDirect(row, people.get(row.senderId ?? '')),
      );
      if (before === undefined) {
        const marked = await repo.markConversationRead(db, channel, me.id);
        if (marked > 0) {
          for (const m of result.messages) if (m.receiver === me.id) m.read = true;
          publisher.toUser(me.id, 'messages-read', { conversationId: conversationIdOf(me.id, otherId) });
        }
        await deps.onConversationRead?.(me.id, otherId);
      }
      return result;
    },

    async conversations(me: UserRow): Promise<ConversationSummary[]> {
      const [latest, unread] = await Promise.all([
        repo.latestDirectMessages(db, me.id, 200),
        repo.unreadCounts(db, me.id),
      ]);
      const people = await readPeople(
        db,
        latest.flatMap((m) => [m.senderId ?? '', m.receiverId ?? '']).filter(Boolean),
      );
      return latest.map((m) => {
        // Direct messages always have a sender (they go with either account).
        const senderId = m.senderId ?? '';
        const otherId = senderId === me.id ? (m.receiverId ?? '') : senderId;
        const otherPerson = presentPerson(otherId, people.get(otherId));
        return {
          userId: otherId,
          username: otherPerson.username,
          fullName: otherPerson.fullName,
          profileImage: otherPerson.profileImage,
          unreadCount: unread.get(otherId) ?? 0,
          lastMessage: {
            _id: m.id,
            id: m.id,
            sender: presentPerson(senderId, people.get(senderId)),
            receiver: presentPerson(m.receiverId ?? '', people.get(m.receiverId ?? '')),
            content: m.content,
            read: m.readAt !== null,
            timestamp: m.createdAt.toISOString(),
            createdAt: m.createdAt.toISOString(),
          },
        };
      });
    },

    async markMessageRead(me: UserRow, messageId: string): Promise<{ _id: string; id: string; read: true }> {
      const row = isUuid(messageId) ? await findMessage(db, messageId) : undefined;
      if (!row || (row.receiverId !== me.id && row.senderId !== me.id))
        throw notFound(CHAT_MSG.messageNotFound);
      if (row.receiverId !== me.id) throw forbidden(CHAT_MSG.notReceiver);
      await repo.markRead(db, row.id);
      return { _id: row.id, id: row.id, read: true };
    },
  };
}
