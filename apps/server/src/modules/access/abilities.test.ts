import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, nextIp, type TestUser, unique } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Decision 068: communities and events carry the viewer's abilities (`can`), computed by the
 * policy floor, so a client never re-derives roles.
 */

const t = useTestApp();

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, as?: TestUser, payload?: object) {
  const res = await t.app.inject({ method, url, payload, headers: as?.auth, remoteAddress: nextIp() });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('abilities the API sends', () => {
  it('a community carries what each viewer may do in it', async () => {
    const [owner, organizer, member, stranger] = await Promise.all(
      Array.from({ length: 4 }, () => createUser(t)),
    );
    const { community } = await call('POST', '/api/communities', owner, {
      name: unique('Abilities club '),
      visibility: 'PRIVATE',
      joinPolicy: 'OPEN',
    });
    const slug: string = community.slug;
    for (const user of [organizer!, member!]) await call('POST', `/api/communities/${slug}/join`, user);
    await call('PATCH', `/api/communities/${slug}/members/${organizer!.user.id}`, owner, {
      role: 'ORGANIZER',
    });
    const canOf = async (as?: TestUser) => (await call('GET', `/api/communities/${slug}`, as)).community.can;

    const none = {
      seeInside: false,
      participate: false,
      edit: false,
      manage: false,
      announce: false,
      own: false,
    };
    const asMember = { ...none, seeInside: true, participate: true };
    const asOrganizer = { ...asMember, edit: true, manage: true, announce: true };
    expect(await canOf(owner)).toEqual({ ...asOrganizer, own: true });
    expect(await canOf(organizer)).toEqual(asOrganizer);
    expect(await canOf(member)).toEqual(asMember);
    expect(await canOf(stranger)).toEqual(none);
    expect(await canOf(undefined)).toEqual(none);
  });

  it('an event carries what each viewer may do to it: hosts edit and check in, the creator manages', async () => {
    const [creator, cohost, guest] = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const id = await createEvent(t, creator!);
    await t.db.execute(sql`insert into event_cohosts (event_id, user_id) values (${id}, ${cohost!.user.id})`);
    const canOf = async (as?: TestUser) => (await call('GET', `/api/events/${id}`, as)).event.can;

    expect(await canOf(creator)).toEqual({ edit: true, manage: true, checkIn: true });
    expect(await canOf(cohost)).toEqual({ edit: true, manage: false, checkIn: true });
    expect(await canOf(guest)).toEqual({ edit: false, manage: false, checkIn: false });
  });
});
