import { communityResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUsers, makeFriends, type TestUser, unique } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** A block ends co-hosting both ways, and a blocked person cannot become one. */
const t = useTestApp();

const call = (method: 'POST' | 'DELETE', path: string, as: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: as.auth, ...(payload ? { payload } : {}) });
const block = (a: TestUser, b: TestUser) => call('POST', `/api/users/${b.user.id}/block`, a);
const addCohost = (creator: TestUser, eventId: string, cohost: TestUser) =>
  call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, creator);

async function cohostsOf(eventId: string): Promise<string[]> {
  const { rows } = await t.db.execute<{ user_id: string }>(
    sql`select user_id from event_cohosts where event_id = ${eventId}`,
  );
  return rows.map((r) => r.user_id);
}

describe('a block ends co-hosting', () => {
  it('the creator blocking a co-host, or a co-host blocking the creator, ends co-hosting of all their events', async () => {
    const [creator, blockedCohost, blockingCohost, keptCohost] = await createUsers(t, 4);
    for (const friend of [blockedCohost, blockingCohost, keptCohost]) await makeFriends(t, creator, friend);
    const first = await createEvent(t, creator);
    const second = await createEvent(t, creator);
    for (const eventId of [first, second])
      for (const cohost of [blockedCohost, blockingCohost, keptCohost])
        expect((await addCohost(creator, eventId, cohost)).statusCode).toBe(200);

    expect((await block(creator, blockedCohost)).statusCode).toBe(200);
    expect((await block(blockingCohost, creator)).statusCode).toBe(200);
    for (const eventId of [first, second]) expect(await cohostsOf(eventId)).toEqual([keptCohost.user.id]);
  });

  it('a community organiser the creator blocked cannot be made co-host', async () => {
    const [creator, organizer] = await createUsers(t, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/communities',
      headers: creator.auth,
      payload: { name: unique('Hosts ') },
    });
    const club = communityResponse.parse(res.json()).community;
    await call('POST', `/api/communities/${club.slug}/join`, organizer);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/communities/${club.slug}/members/${organizer.user.id}`,
      headers: creator.auth,
      payload: { role: 'ORGANIZER' },
    });
    const eventId = await createEvent(t, creator, { communityId: club.id });
    expect((await block(organizer, creator)).statusCode).toBe(200);
    expect((await addCohost(creator, eventId, organizer)).statusCode).toBe(400);
    expect(await cohostsOf(eventId)).toEqual([]);
  });
});
