import { describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  createUsers,
  makeFriends,
  nextIp,
  requestOk,
  type TestUser,
  unique,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** "Sessions and data": GET /api/users/me/export. */

const t = useTestApp();

const api = (as: TestUser, method: 'POST' | 'PUT', url: string, payload: object) =>
  requestOk<{ id: string }>(t, as, method, url, payload);

const exportOf = (as: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: as.auth, remoteAddress: nextIp() });

type Export = {
  exportedAt: string;
  profile: { id: string; email: string; username: string; bio: string };
  eventsCreated: { id: string; title: string }[];
  rsvps: { eventId: string; eventTitle: string; status: string }[];
  friends: { userId: string; username: string | null; since: string }[];
  friendRequests: { sent: { userId: string }[]; received: { userId: string }[] };
  friendGroups: { id: string; name: string; createdByYou: boolean; memberIds: string[] }[];
  subgroups: { id: string; name: string; eventId: string; createdByYou: boolean }[];
  messagesSent: {
    id: string;
    channel: string;
    receiverId: string | null;
    content: string;
    createdAt: string;
  }[];
};

describe('GET /api/users/me/export', () => {
  it('is an attachment with the profile, events, RSVPs, friends, groups and every message sent', async () => {
    const ada = await createUser(t, { username: unique('ada_') });
    const ben = await createUser(t, { username: unique('ben_') });
    const cy = await createUser(t);
    await makeFriends(t, ada, ben);
    await api(ada, 'POST', '/api/friends/request', { receiverId: cy.user.id });
    await api(ada, 'PUT', '/api/users/me', { bio: 'Runner and baker' });
    const ownEvent = await createEvent(t, ada, { title: 'Ada bakes bread' });
    const draft = await createEvent(t, ada, { title: 'Ada draft', status: 'DRAFT' });
    const bensEvent = await createEvent(t, ben, { title: 'Ben runs' });
    await api(ada, 'POST', `/api/events/${bensEvent}/rsvp`, { status: 'going' });
    const group = await api(ada, 'POST', '/api/friend-groups', { name: 'Bakers', members: [ben.user.id] });
    const bensGroup = await api(ben, 'POST', '/api/friend-groups', {
      name: 'Ben crew',
      members: [ada.user.id],
    });
    const subgroup = await api(ben, 'POST', '/api/event-subgroups', {
      eventId: bensEvent,
      name: 'Car pool',
      members: [ada.user.id],
    });
    const dm = await api(ada, 'POST', '/api/messages', { receiver: ben.user.id, content: 'dm from ada' });
    await api(ada, 'POST', '/api/group-messages', { content: 'hello town from ada' });
    await api(ada, 'POST', `/api/event-messages/${bensEvent}`, { content: 'ada in the event chat' });
    await api(ada, 'POST', `/api/friend-groups/${group.id}/messages`, { content: 'ada to bakers' });
    await api(ben, 'POST', '/api/messages', { receiver: ada.user.id, content: 'dm from ben' });
    await api(ben, 'POST', '/api/group-messages', { content: 'hello town from ben' });

    const res = await exportOf(ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="townsquare-export-${ada.user.username}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as Export;
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.profile).toMatchObject({ id: ada.user.id, email: ada.email, bio: 'Runner and baker' });
    expect(data.eventsCreated.map((e) => e.id).sort()).toEqual([ownEvent, draft].sort());
    expect(data.rsvps).toEqual([
      expect.objectContaining({ eventId: bensEvent, eventTitle: 'Ben runs', status: 'going' }),
    ]);
    expect(data.friends).toEqual([
      expect.objectContaining({ userId: ben.user.id, username: ben.user.username }),
    ]);
    expect(data.friendRequests.sent.map((r) => r.userId)).toEqual([cy.user.id]);
    expect(data.friendRequests.received).toEqual([]);
    expect(data.friendGroups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: group.id, name: 'Bakers', createdByYou: true }),
        expect.objectContaining({ id: bensGroup.id, name: 'Ben crew', createdByYou: false }),
      ]),
    );
    expect(data.friendGroups).toHaveLength(2);
    expect(data.subgroups).toEqual([
      expect.objectContaining({ id: subgroup.id, name: 'Car pool', eventId: bensEvent, createdByYou: false }),
    ]);
    expect(data.messagesSent.map((m) => m.content).sort()).toEqual(
      ['ada in the event chat', 'ada to bakers', 'dm from ada', 'hello town from ada'].sort(),
    );
    expect(data.messagesSent.find((m) => m.id === dm.id)).toMatchObject({ receiverId: ben.user.id });
    // Nothing secret, nothing of other people's beyond what links the records.
    expect(res.body).not.toMatch(/\$argon2|password_?hash|token_?hash/i);
    expect(res.body).not.toContain(ben.email);
    expect(res.body).not.toContain('dm from ben');
  });

  it('lists community memberships of every state, with the answers given to join questions', async () => {
    const [ada, ben] = await createUsers(t, 2);
    const own = await api(ada, 'POST', '/api/communities', { name: unique('Ada club ') });
    const asking = await api(ben, 'POST', '/api/communities', {
      name: unique('Ben club '),
      joinPolicy: 'APPROVAL',
      joinQuestions: ['Why join?'],
    });
    const slugOf = (c: object) => (c as { community: { slug: string } }).community.slug;
    await api(ada, 'POST', `/api/communities/${slugOf(asking)}/join`, { answers: ['I bake'] });
    const res = await exportOf(ada);
    const data = res.json() as Export & {
      communities: { slug: string; role: string; state: string; answers: string[]; since: string }[];
    };
    expect(data.communities).toEqual([
      expect.objectContaining({ slug: slugOf(own), role: 'OWNER', state: 'member', answers: [] }),
      expect.objectContaining({
        slug: slugOf(asking),
        role: 'MEMBER',
        state: 'pending',
        answers: ['I bake'],
      }),
    ]);
  });

  it('names the file after the id when there is no username yet', async () => {
    const fresh = await createUser(t, { complete: false });
    const res = await exportOf(fresh);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="townsquare-export-${fresh.user.id}.json"`,
    );
  });

  it('allows 3 exports an hour per person, then a 429 with Retry-After', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i += 1) expect((await exportOf(user)).statusCode).toBe(200);
    const limited = await exportOf(user);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429 });
    // Per person: someone else is not affected.
    expect((await exportOf(await createUser(t))).statusCode).toBe(200);
  });

  it('is 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export' });
    expect(res.statusCode).toBe(401);
  });
});
