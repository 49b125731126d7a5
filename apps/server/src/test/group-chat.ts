import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type Method, requestAs, type TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** A well-formed id nothing has. */
export const UNKNOWN = '0190a0a0-0000-7000-8000-000000000000';

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

/** Each request, made without a token, answers 401 (valid bodies, so the answer is about the caller). */
export function anonymousRefusalTests(
  t: TestApp,
  requests: readonly (readonly [method: Method, url: string, body: object | undefined])[],
) {
  const request = requestAs(t);
  it.each(requests)('%s %s → 401', async (method, url, body) => {
    const res = await request(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
}
