import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, makeFriends, type TestUser, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * "Friends going": lists, the event page, detail and search carry the viewer's friends
 * going (up to 3 by name, and the total), only where the viewer may see the event; the discovery
 * list sorts by it with `sort=friends`.
 */

type FriendsGoing = { users: { id: string; username?: string; fullName: string }[]; total: number };
type Listed = { id: string; title: string; friendsGoing?: FriendsGoing };

const t = useTestApp();
const person = (name: string) => ({
  username: `${name}_fg`,
  fullName: name.charAt(0).toUpperCase() + name.slice(1),
});
const [viewer, ana, ben, cai, dee, stranger, outsider, host] = useUsers(t, [
  person('viewer'),
  person('ana'),
  person('ben'),
  person('cai'),
  person('dee'),
  person('stranger'),
  person('outsider'),
  person('host'),
]);
const ids: Record<string, string> = {};
const DAY = 86_400_000;

const at = (days: number) => {
  const start = Date.now() + days * DAY;
  return { startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * 3_600_000).toISOString() };
};

async function going(user: TestUser, eventId: string, status = 'going') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/rsvp`,
    headers: user.auth,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function get<T>(url: string, user?: TestUser): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
  return { status: res.statusCode, body: res.json() as T };
}

/** The viewer's friends sort walked page by page (`size` events a page) through its cursors: the ids. */
async function walkFriendsSort(size: number): Promise<string[]> {
  const walked: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const url: string = `/api/events?status=LIVE&sort=friends&limit=${size}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await get<{ events: Listed[]; nextCursor: string | null }>(url, viewer);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    walked.push(...page.body.events.map((e) => e.id));
    cursor = page.body.nextCursor;
    if (!cursor) break;
  }
  return walked;
}

beforeAll(async () => {
  for (const friend of [ana, ben, cai, dee]) await makeFriends(t, viewer, friend);
  await makeFriends(t, ana, outsider);
  await makeFriends(t, ana, ben);

  // A unique word in every title keeps other files' events out of the sort-order checks.
  ids.popular = await createEvent(t, host, { title: 'Zebrafg popular picnic', ...at(9) });
  ids.one = await createEvent(t, host, { title: 'Zebrafg one friend quiz', ...at(5) });
  ids.none = await createEvent(t, host, { title: 'Zebrafg nobody I know', ...at(3) });
  ids.later = await createEvent(t, host, { title: 'Zebrafg later, nobody', ...at(4) });
  // Private to the outsider's friends: Ana goes, but the viewer may not see it.
  ids.hidden = await createEvent(t, outsider, {
    title: 'Zebrafg hidden dinner',
    visibility: 'PRIVATE',
    ...at(6),
  });
  // Private to Ben's friends, the viewer among them: Ana's answer there is visible to the viewer.
  ids.friendsOnly = await createEvent(t, ben, {
    title: 'Zebrafg friends-only brunch',
    visibility: 'PRIVATE',
    ...at(7),
  });

  for (const user of [ana, ben, cai, dee, stranger]) await going(user, ids.popular!);
  await going(ana, ids.one!);
  await going(ben, ids.one!, 'maybe');
  await going(ana, ids.hidden!);
  await going(ana, ids.friendsOnly!);
});

describe('friendsGoing', () => {
  it('names the first 3 friends going (in answer order) and counts them all; maybe and strangers are not counted', async () => {
    const { body } = await get<{ event: Listed }>(`/api/events/${ids.popular}`, viewer);
    expect(body.event.friendsGoing?.total).toBe(4);
    expect(body.event.friendsGoing?.users.map((u) => u.username)).toEqual(['ana_fg', 'ben_fg', 'cai_fg']);
    expect(body.event.friendsGoing?.users[0]).toMatchObject({ id: ana.user.id, fullName: 'Ana' });
    expect(Object.keys(body.event.friendsGoing?.users[0] ?? {}).sort()).toEqual(
      ['_id', 'fullName', 'id', 'profileImage', 'username'].sort(),
    );

    const one = await get<{ event: Listed }>(`/api/events/${ids.one}`, viewer);
    expect(one.body.event.friendsGoing).toEqual({
      total: 1,
      users: [expect.objectContaining({ id: ana.user.id })],
    });
    const none = await get<{ event: Listed }>(`/api/events/${ids.none}`, viewer);
    expect(none.body.event.friendsGoing).toEqual({ users: [], total: 0 });
  });

  it('is the same on the list, the public page form and search', async () => {
    const list = await get<{ events: Listed[] }>('/api/events?status=LIVE', viewer);
    const listed = new Map(list.body.events.map((e) => [e.id, e]));
    expect(listed.get(ids.popular!)?.friendsGoing?.total).toBe(4);
    expect(listed.get(ids.one!)?.friendsGoing?.total).toBe(1);
    expect(listed.get(ids.none!)?.friendsGoing).toEqual({ users: [], total: 0 });

    const page = await get<{ data: Listed }>(`/api/events/public/${ids.popular}`, viewer);
    expect(page.body.data.friendsGoing?.total).toBe(4);

    const search = await get<{ events: Listed[] }>('/api/search?q=zebrafg', viewer);
    const found = new Map(search.body.events.map((e) => [e.id, e]));
    expect(found.get(ids.popular!)?.friendsGoing?.users).toHaveLength(3);
    expect(found.get(ids.popular!)?.friendsGoing?.total).toBe(4);
    expect(found.get(ids.none!)?.friendsGoing?.total).toBe(0);
  });

  it("shows a friend's answer to a private event only where the viewer may see that event", async () => {
    const list = await get<{ events: Listed[] }>('/api/events', viewer);
    const listed = list.body.events.map((e) => e.id);
    expect(listed).not.toContain(ids.hidden);
    expect(list.body.events.find((e) => e.id === ids.friendsOnly)?.friendsGoing?.total).toBe(1);
    expect((await get(`/api/events/${ids.hidden}`, viewer)).status).toBe(404);
    expect((await get(`/api/events/public/${ids.hidden}`, viewer)).status).toBe(404);
    const search = await get<{ events: Listed[] }>('/api/search?q=hidden%20dinner', viewer);
    expect(search.body.events).toEqual([]);
    const sorted = await get<{ events: Listed[] }>('/api/events?sort=friends', viewer);
    expect(sorted.body.events.map((e) => e.id)).not.toContain(ids.hidden);
    // The outsider, who may see it, sees Ana going there.
    const theirs = await get<{ event: Listed }>(`/api/events/${ids.hidden}`, outsider);
    expect(theirs.body.event.friendsGoing?.users.map((u) => u.id)).toEqual([ana.user.id]);
  });

  it('is absent for a signed-out visitor', async () => {
    const page = await get<{ data: Record<string, unknown> }>(`/api/events/public/${ids.popular}`);
    expect(page.status).toBe(200);
    expect(page.body.data).not.toHaveProperty('friendsGoing');
    const search = await get<{ events: Record<string, unknown>[] }>('/api/search?q=zebrafg');
    expect(search.body.events.length).toBeGreaterThan(0);
    for (const e of search.body.events) expect(e).not.toHaveProperty('friendsGoing');
  });

  it('sort=friends puts the most friends going first, then the rest soonest first, page by page', async () => {
    const mine = (events: Listed[]) =>
      events.filter((e) => e.title.startsWith('Zebrafg')).map((e) => e.title);
    const all = await get<{ events: Listed[]; nextCursor: string | null }>(
      '/api/events?status=LIVE&sort=friends&limit=100',
      viewer,
    );
    expect(all.status).toBe(200);
    expect(mine(all.body.events)).toEqual([
      'Zebrafg popular picnic', // 4 friends
      'Zebrafg one friend quiz', // 1 friend, day 5
      'Zebrafg friends-only brunch', // 1 friend, day 7
      'Zebrafg nobody I know', // none, day 3
      'Zebrafg later, nobody', // none, day 4
    ]);
    const counts = all.body.events.map((e) => e.friendsGoing?.total ?? 0);
    const firstZero = counts.indexOf(0);
    expect(counts.slice(0, firstZero)).toEqual([...counts.slice(0, firstZero)].sort((a, b) => b - a));
    expect(counts.slice(firstZero).every((c) => c === 0)).toBe(true);

    // One event per page walks the same order, without repeats or gaps.
    expect(await walkFriendsSort(1)).toEqual(all.body.events.map((e) => e.id));

    // The date order is unchanged without the parameter.
    const byDate = await get<{ events: Listed[] }>('/api/events?status=LIVE&limit=100', viewer);
    expect(mine(byDate.body.events)[0]).toBe('Zebrafg nobody I know');
  });

  it('sort=friends walks the same order with pages that span the ranked part and the rest', async () => {
    const all = await get<{ events: Listed[] }>('/api/events?status=LIVE&sort=friends&limit=100', viewer);
    const ranked = all.body.events.filter((e) => (e.friendsGoing?.total ?? 0) > 0).length;
    expect(ranked).toBeGreaterThan(0);
    expect(ranked).toBeLessThan(all.body.events.length);
    // Pages of 2 and 3: at least one page ends the ranked part and begins the rest.
    for (const size of [2, 3]) {
      expect(await walkFriendsSort(size)).toEqual(all.body.events.map((e) => e.id));
    }
  });

  it('neither ranks nor counts a private event the viewer may not see, however many friends go', async () => {
    type Counts = { live: number; past: number; draft: number };
    const before = await get<Counts>('/api/events/counts', viewer);
    const anaBefore = await get<Counts>('/api/events/counts', ana);
    // Private to the host's friends: all four of the viewer's friends, not the viewer. It would rank
    // first (as many friends as the picnic, and sooner) if visibility were not applied.
    const secretive = await createUser(t, { username: 'secretive_fg', fullName: 'Secretive' });
    for (const friend of [ana, ben, cai, dee]) await makeFriends(t, secretive, friend);
    const secret = await createEvent(t, secretive, {
      title: 'Zebrafg secret supper',
      visibility: 'PRIVATE',
      ...at(2),
    });
    for (const friend of [ana, ben, cai, dee]) await going(friend, secret);

    const first = await get<{ events: Listed[] }>('/api/events?status=LIVE&sort=friends&limit=1', viewer);
    expect(first.body.events.map((e) => e.title)).toEqual(['Zebrafg popular picnic']);
    const all = await get<{ events: Listed[] }>('/api/events?sort=friends&limit=100', viewer);
    expect(all.body.events.map((e) => e.id)).not.toContain(secret);
    expect((await get<Counts>('/api/events/counts', viewer)).body).toEqual(before.body);

    // Ana, a friend of the host, sees it: it is in her friends-sorted list and her live count.
    const anaList = await get<{ events: Listed[] }>('/api/events?sort=friends&limit=100', ana);
    expect(anaList.body.events.map((e) => e.id)).toContain(secret);
    expect((await get<Counts>('/api/events/counts', ana)).body.live).toBe(anaBefore.body.live + 1);
  });

  it('refuses a bad sort or cursor with a readable 400', async () => {
    const sort = await get<{ message?: string; error?: string }>('/api/events?sort=popular', viewer);
    expect(sort.status).toBe(400);
    expect(JSON.stringify(sort.body)).toMatch(/Sort must be date or friends/);
    const cursor = await get('/api/events?sort=friends&cursor=bm90LWEtY3Vyc29y', viewer);
    expect(cursor.status).toBe(400);
    const array = await get('/api/events?sort=friends&sort=date', viewer);
    expect(array.status).toBe(400);
  });
});
