import { roomMessage } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** A well-formed id nothing has. */
export const UNKNOWN = '0190a0a0-0000-7000-8000-000000000000';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `t.app.inject` as `user` (anonymous without one). */
export const requestAs = (t: TestApp) => (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

export const memberIds = (group: { members: { id: string }[] }) => group.members.map((m) => m.id).sort();
export const ids = (...users: TestUser[]) => users.map((u) => u.user.id).sort();

/** How many messages a chat channel holds (only those with `clientMessageId`, when given). */
export async function storedMessages(t: TestApp, channel: string, clientMessageId?: string): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from messages where channel = ${channel}
        and (${clientMessageId ?? null}::text is null or client_message_id = ${clientMessageId ?? null})`,
  );
  return rows.rows[0]?.n ?? -1;
}

/**
 * The sending checks every kind of group chat shares (decision 034), as tests of the calling
 * `describe`: a bad message is refused with 400 and stored nowhere, and a retried send with the same
 * clientMessageId is stored once and answered with the same message.
 */
export function groupChatSendTests(chat: {
  t: TestApp;
  /** A new group of the kind, with `sender()` a member. */
  newGroup: () => Promise<{ id: string }>;
  sender: () => TestUser;
  path: (groupId: string) => string;
  channel: (groupId: string) => string;
  invalid: [label: string, body: object, message: string][];
  retried: { content: string; clientMessageId: string };
}) {
  const request = requestAs(chat.t);
  it.each(chat.invalid)('refuses a message %s with 400', async (_label, body, message) => {
    const group = await chat.newGroup();
    const res = await request('POST', chat.path(group.id), chat.sender(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedMessages(chat.t, chat.channel(group.id))).toBe(0);
  });

  it('stores a retried send with the same clientMessageId once and answers the same message', async () => {
    const group = await chat.newGroup();
    const url = chat.path(group.id);
    const body = chat.retried;
    const a = await request('POST', url, chat.sender(), body);
    const b = await request('POST', url, chat.sender(), body);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const first = roomMessage.parse(a.json());
    expect(roomMessage.parse(b.json())).toEqual(first);
    expect(first.clientMessageId).toBe(body.clientMessageId);
    expect(await storedMessages(chat.t, chat.channel(group.id), body.clientMessageId)).toBe(1);
    expect(await storedMessages(chat.t, chat.channel(group.id))).toBe(1);
  });
}
