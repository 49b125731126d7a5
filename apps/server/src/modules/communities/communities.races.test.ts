import { COMMUNITY_MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, createUser, createUsers, type TestUser, useUsers } from '../../test/factories.ts';
import { barrier, closeSockets, collect, listen, openSocket } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Bans stick, one owner, organisers' reach. */
const t = useTestApp();
let url: string;
const [owner] = useUsers(t, [{ fullName: 'Olga Owner' }]);

beforeAll(async () => {
  url = await listen(t);
});
afterAll(closeSockets);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: user.auth, payload });

const ownersCommunity = (body: Record<string, unknown> = {}) => createCommunity(t, owner, body);

async function rowOf(communityId: string, userId: string) {
  const { rows } = await t.db.execute<{ state: string; role: string }>(
    sql`select state, role from group_members where group_id = ${communityId} and user_id = ${userId}`,
  );
  return rows[0];
}

const ban = (slug: string, userId: string, by = owner) =>
  call('POST', `/api/communities/${slug}/bans`, by, { userId });

describe('a ban sticks', () => {
  it('a member looping leave and join while the owner bans them ends banned, every run', async () => {
    for (let run = 0; run < 8; run++) {
      const c = await ownersCommunity();
      const member = await createUser(t);
      await call('POST', `/api/communities/${c.slug}/join`, member);
      let banned = false;
      const loop = (async () => {
        for (let i = 0; i < 6 && !banned; i++) {
          await call('POST', `/api/communities/${c.slug}/leave`, member);
          await call('POST', `/api/communities/${c.slug}/join`, member);
        }
      })();
      const res = await ban(c.slug, member.user.id);
      banned = true;
      await loop;
      expect(res.statusCode, res.body).toBe(201);
      expect(await rowOf(c.id, member.user.id), `run ${run}`).toMatchObject({ state: 'banned' });
      const again = await call('POST', `/api/communities/${c.slug}/join`, member);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ message: COMMUNITY_MSG.banned });
      expect(await rowOf(c.id, member.user.id)).toMatchObject({ state: 'banned' });
    }
  });

  it('an invitation or an approval racing a ban never lets the banned person in', async () => {
    for (let run = 0; run < 6; run++) {
      const c = await ownersCommunity({ joinPolicy: 'APPROVAL' });
      const [organizer, asker, invitee] = await createUsers(t, 3);
      await call('POST', `/api/communities/${c.slug}/invites`, owner, { userId: organizer.user.id });
      await call('POST', `/api/communities/${c.slug}/join`, organizer);
      await call('PATCH', `/api/communities/${c.slug}/members/${organizer.user.id}`, owner, {
        role: 'ORGANIZER',
      });
      await call('POST', `/api/communities/${c.slug}/join`, asker, { answers: [] });
      const results = await Promise.all([
        call('PATCH', `/api/communities/${c.slug}/members/${asker.user.id}`, organizer, { state: 'member' }),
        ban(c.slug, asker.user.id),
        call('POST', `/api/communities/${c.slug}/invites`, organizer, { userId: invitee.user.id }),
        ban(c.slug, invitee.user.id),
      ]);
      for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500);
      expect(await rowOf(c.id, asker.user.id), `run ${run}`).toMatchObject({ state: 'banned' });
      expect(await rowOf(c.id, invitee.user.id), `run ${run}`).toMatchObject({ state: 'banned' });
    }
  });

  it('only lifting the ban changes it: leaving, asking again or accepting an invitation do not', async () => {
    const c = await ownersCommunity();
    const member = await createUser(t);
    await call('POST', `/api/communities/${c.slug}/join`, member);
    expect((await ban(c.slug, member.user.id)).statusCode).toBe(201);
    expect((await call('POST', `/api/communities/${c.slug}/leave`, member)).statusCode).toBe(403);
    expect((await call('POST', `/api/communities/${c.slug}/join`, member)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/communities/${c.slug}/invites`, owner, { userId: member.user.id }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/api/communities/${c.slug}/members/${member.user.id}`, owner, {
          state: 'member',
        })
      ).statusCode,
    ).toBe(400);
    expect(await rowOf(c.id, member.user.id)).toMatchObject({ state: 'banned' });
    // Lifting the ban lets them join again.
    expect(
      (await call('DELETE', `/api/communities/${c.slug}/members/${member.user.id}`, owner)).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/communities/${c.slug}/join`, member)).statusCode).toBe(200);
  });
});

describe('one owner', () => {
  it('two simultaneous transfers leave exactly one OWNER, and the old owner an organiser', async () => {
    for (let run = 0; run < 6; run++) {
      const c = await ownersCommunity();
      const [a, b] = await createUsers(t, 2);
      await call('POST', `/api/communities/${c.slug}/join`, a);
      await call('POST', `/api/communities/${c.slug}/join`, b);
      const results = await Promise.all(
        [a, b].map((to) =>
          call('PATCH', `/api/communities/${c.slug}/members/${to.user.id}`, owner, { role: 'OWNER' }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
        200, 403,
      ]);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from group_members where group_id = ${c.id} and role = 'OWNER'`,
      );
      expect(rows[0]?.n, `run ${run}`).toBe(1);
      expect(await rowOf(c.id, owner.user.id)).toMatchObject({ role: 'ORGANIZER', state: 'member' });
    }
  });

  it('the database refuses a second owner', async () => {
    const c = await ownersCommunity();
    const other = await createUser(t);
    const second = t.db.execute(sql`insert into group_members (group_id, kind, user_id, role, state)
      values (${c.id}, 'community', ${other.user.id}, 'OWNER', 'member')`);
    await expect(second).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});

describe("organisers' reach and join-request events", () => {
  it('an organiser who promoted a member to ORGANIZER can demote and remove them again', async () => {
    const c = await ownersCommunity();
    const [organizer, member] = await createUsers(t, 2);
    for (const user of [organizer, member]) await call('POST', `/api/communities/${c.slug}/join`, user);
    await call('PATCH', `/api/communities/${c.slug}/members/${organizer.user.id}`, owner, {
      role: 'ORGANIZER',
    });
    const promote = await call('PATCH', `/api/communities/${c.slug}/members/${member.user.id}`, organizer, {
      role: 'ORGANIZER',
    });
    expect(promote.statusCode).toBe(200);
    const demote = await call('PATCH', `/api/communities/${c.slug}/members/${member.user.id}`, organizer, {
      role: 'MEMBER',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await rowOf(c.id, member.user.id)).toMatchObject({ role: 'MEMBER' });
    await call('PATCH', `/api/communities/${c.slug}/members/${member.user.id}`, organizer, {
      role: 'ORGANIZER',
    });
    const remove = await call('DELETE', `/api/communities/${c.slug}/members/${member.user.id}`, organizer);
    expect(remove.statusCode, remove.body).toBe(200);
    expect(await rowOf(c.id, member.user.id)).toBeUndefined();
    // The owner stays out of every organiser's reach.
    const touchOwner = await call('PATCH', `/api/communities/${c.slug}/members/${owner.user.id}`, organizer, {
      role: 'MEMBER',
    });
    expect(touchOwner.statusCode).toBe(403);
  });

  it('community-request reaches the organisers, not every member', async () => {
    const c = await ownersCommunity({ joinPolicy: 'APPROVAL' });
    const [organizer, member, asker] = await createUsers(t, 3);
    for (const user of [organizer, member]) {
      await call('POST', `/api/communities/${c.slug}/invites`, owner, { userId: user.user.id });
      await call('POST', `/api/communities/${c.slug}/join`, user);
    }
    await call('PATCH', `/api/communities/${c.slug}/members/${organizer.user.id}`, owner, {
      role: 'ORGANIZER',
    });
    const sockets: Socket[] = await Promise.all(
      [owner, organizer, member].map((u) => openSocket(url, u.accessToken)),
    );
    for (const socket of sockets)
      await new Promise((resolve) => socket.emit('join-community-chat', { communityId: c.id }, resolve));
    const seen = sockets.map((s) => collect<{ communityId: string }>(s, 'community-request'));
    expect((await call('POST', `/api/communities/${c.slug}/join`, asker, { answers: [] })).statusCode).toBe(
      200,
    );
    await barrier(...sockets);
    expect(seen).toEqual([[{ communityId: c.id }], [{ communityId: c.id }], []]);
  });
});
