import { Accept, Create, Join, Leave, Note, Reject, TentativeAccept, Undo } from '@fedify/vocab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createCommunity,
  createEvent,
  notificationsOf,
  type TestUser,
  updateEvent,
  verifiedUsers,
} from '../../test/factories.ts';
import { freePort, type Peer, startPeer } from '../../test/fediverse-peer.ts';
import { useTestApp } from '../../test/test-app.ts';

const AP = 'application/activity+json';

let port = 0;
let peer: Peer;
beforeAll(async () => {
  port = await freePort();
  peer = await startPeer();
});
afterAll(async () => {
  await peer?.close();
});

// A real Townsquare on a loopback port; the peer (another server built from the library) plays
// the remote person, Alice, whose signed activities reach its inboxes over HTTP.
const t = useTestApp(() => ({
  env: {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FEDERATION: 'true',
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    FEDERATION_BLOCKED_DOMAINS: 'blocked.example',
  },
}));
beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});

const origin = () => `http://127.0.0.1:${port}`;
const eventUri = (id: string) => `${origin()}/event/${id}`;

/** A public club and an event of it; `overrides` go to the event. */
async function clubEvent(overrides: Record<string, unknown> = {}) {
  const [owner] = await verifiedUsers(t, 1);
  const club = await createCommunity(t, owner, { visibility: 'PUBLIC', joinPolicy: 'OPEN' });
  const eventId = await createEvent(t, owner, { communityId: club.id, ...overrides });
  return { owner, club, eventId, group: `${origin()}/c/${club.slug}` };
}

let joins = 0;
/** Alice sends `Join` of the event to its Group; the Join's id. */
async function join(group: string, eventId: string): Promise<URL> {
  const id = new URL(`${peer.origin}/joins/${joins++}-${Date.now()}`);
  await peer.send(group, (alice) => new Join({ id, actor: alice, object: new URL(eventUri(eventId)) }));
  return id;
}

/** The answer (Accept, TentativeAccept or Reject) Alice got for the Join `joinId`. */
async function answerTo(joinId: URL) {
  return eventually(async () => {
    const found = peer.received.find(
      (a) => (a instanceof Accept || a instanceof Reject) && a.objectId?.href === joinId.href,
    );
    expect(found).toBeDefined();
    return found as Accept | Reject;
  });
}

/** The text of a direct Note Alice got from `group` whose text matches `pattern`. */
async function noteFrom(group: string, pattern: RegExp) {
  return eventually(async () => {
    const notes: Note[] = [];
    for (const create of peer.receivedOf(Create).filter((c) => c.actorId?.href === group)) {
      const object = await create.getObject();
      if (object instanceof Note) notes.push(object);
    }
    const found = notes.find((n) => pattern.test(n.content?.toString() ?? ''));
    expect(found, notes.map((n) => n.content?.toString()).join('\n')).toBeDefined();
    return found as Note;
  });
}

const rsvp = (user: TestUser, eventId: string, status: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/rsvp`,
    headers: user.auth,
    payload: { status },
  });

async function attendees(owner: TestUser, eventId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/attendees`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    attendees: {
      userId: string;
      fullName: string;
      status: string;
      waitlistPosition: number | null;
      guest?: boolean;
      fediverse?: { handle: string; instance: string; actor: string };
    }[];
    going: number;
  };
}

const peerHost = () => new URL(peer.origin).host;

describe('a remote Join', () => {
  it('is an RSVP: accepted, on the guest list with handle and instance, in the CSV and the count; Undo takes it back', async () => {
    const { owner, eventId, group } = await clubEvent({ capacity: 10 });
    const joinId = await join(group, eventId);
    const answer = await answerTo(joinId);
    expect(answer).toBeInstanceOf(Accept);
    expect(answer).not.toBeInstanceOf(TentativeAccept);
    expect(answer.actorId?.href).toBe(group);

    const list = await attendees(owner, eventId);
    const alice = list.attendees.find((a) => a.fediverse);
    expect(alice).toMatchObject({
      fullName: 'Alice Remote',
      status: 'going',
      guest: true,
      fediverse: { handle: `@alice@${peerHost()}`, instance: peerHost(), actor: peer.alice().href },
    });
    expect(list.going).toBeGreaterThanOrEqual(1);
    // Counted like the capacity counts her: one place of ten.
    const event = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: owner.auth });
    const dto =
      (event.json() as { event?: { attendeeCount: number } }).event ??
      (event.json() as { attendeeCount: number });
    expect(dto.attendeeCount).toBe(list.attendees.filter((a) => a.status === 'going').length);
    const object = (
      await t.app.inject({ method: 'GET', url: `/event/${eventId}`, headers: { accept: AP } })
    ).json() as {
      remainingAttendeeCapacity: number;
      joinMode: string;
    };
    expect(object.joinMode).toBe('free');
    expect(object.remainingAttendeeCapacity).toBe(10 - dto.attendeeCount);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/attendees.csv`,
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toMatch(/,Account,Fediverse$/);
    // The handle starts like a formula: the cell is quoted as text (csvCell).
    expect(lines.find((l) => l.startsWith('Alice Remote'))).toMatch(
      new RegExp(`,fediverse,'@alice@${peerHost()}$`),
    );

    // A remote guest is never e-mailed: there is no address.
    const stored = await t.db.execute<{ email: string; confirmed_at: string | null }>(
      sql`select g.email, g.confirmed_at from event_guests g join federation_attendees fa on fa.guest_id = g.id
        where fa.event_id = ${eventId}`,
    );
    expect(stored.rows).toEqual([
      { email: expect.stringMatching(/@fediverse\.invalid$/), confirmed_at: null },
    ]);

    await peer.send(
      group,
      (a) =>
        new Undo({
          id: new URL(`${joinId.href}/undo`),
          actor: a,
          object: new Join({ id: joinId, actor: a, object: new URL(eventUri(eventId)) }),
        }),
    );
    await eventually(async () => {
      expect((await attendees(owner, eventId)).attendees.some((a) => a.fediverse)).toBe(false);
    });
    const left = await t.db.execute(sql`select 1 from federation_attendees where event_id = ${eventId}`);
    expect(left.rows).toHaveLength(0);
  });

  it('to a full event is put in line (TentativeAccept and a Note with the place); Leave of the one going offers her the place by a Note', async () => {
    const { owner, eventId, group } = await clubEvent({ capacity: 1 });
    const [member] = await verifiedUsers(t, 1);
    expect((await rsvp(member, eventId, 'going')).statusCode).toBe(200);
    const joinId = await join(group, eventId);
    const answer = await answerTo(joinId);
    expect(answer).toBeInstanceOf(TentativeAccept);
    const note = await noteFrom(group, /number 1 in line/);
    expect(note.toIds.map((u) => u.href)).toEqual([peer.alice().href]);
    expect((await attendees(owner, eventId)).attendees.find((a) => a.fediverse)).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });

    // The member stops going: the first in line, Alice, is offered the place, with the link.
    expect((await rsvp(member, eventId, 'not_going')).statusCode).toBe(200);
    const offer = await noteFrom(group, /A place is free for you/);
    expect(offer.content?.toString()).toContain(eventUri(eventId));
    expect((await attendees(owner, eventId)).attendees.find((a) => a.fediverse)?.status).toBe('offered');

    // She takes it by sending Join again: going, answered Accept.
    const again = await join(group, eventId);
    expect(await answerTo(again)).not.toBeInstanceOf(TentativeAccept);
    expect((await attendees(owner, eventId)).attendees.find((a) => a.fediverse)?.status).toBe('going');
  });

  it('Leave by the remote person going gives the place to the first in line, who is told', async () => {
    const { owner, eventId, group } = await clubEvent({ capacity: 1 });
    const joinId = await join(group, eventId);
    expect(await answerTo(joinId)).toBeInstanceOf(Accept);
    const [member] = await verifiedUsers(t, 1);
    const waiting = await rsvp(member, eventId, 'going');
    expect((waiting.json() as { event: { viewerRsvp?: { status: string } } }).event.viewerRsvp?.status).toBe(
      'waitlisted',
    );

    await peer.send(
      group,
      (a) => new Leave({ id: new URL(`${joinId.href}/leave`), actor: a, object: new URL(eventUri(eventId)) }),
    );
    await eventually(async () => {
      expect((await notificationsOf(t, member, 'waitlist_offer')).length).toBe(1);
    });
    const list = await attendees(owner, eventId);
    expect(list.attendees.map((a) => [a.userId, a.status])).toEqual([[member.user.id, 'offered']]);
  });

  it('is refused with Reject, never dropped: a called-off event, a private event, required questions (with a Note)', async () => {
    const cancelled = await clubEvent();
    expect((await updateEvent(t, cancelled.owner, cancelled.eventId, { cancelled: true })).statusCode).toBe(
      200,
    );
    expect(await answerTo(await join(cancelled.group, cancelled.eventId))).toBeInstanceOf(Reject);

    const secret = await clubEvent({ visibility: 'PRIVATE' });
    expect(await answerTo(await join(secret.group, secret.eventId))).toBeInstanceOf(Reject);

    const asks = await clubEvent({ questions: [{ text: 'Dietary needs?', required: true }] });
    const object = (
      await t.app.inject({ method: 'GET', url: `/event/${asks.eventId}`, headers: { accept: AP } })
    ).json() as {
      joinMode: string;
    };
    expect(object.joinMode).toBe('external');
    expect(await answerTo(await join(asks.group, asks.eventId))).toBeInstanceOf(Reject);
    const note = await noteFrom(asks.group, /asks everyone going a few questions/);
    expect(note.content?.toString()).toContain(eventUri(asks.eventId));
    for (const id of [cancelled.eventId, secret.eventId, asks.eventId]) {
      const rows = await t.db.execute(
        sql`select 1 from rsvps where event_id = ${id} and guest_id is not null`,
      );
      expect(rows.rows, id).toHaveLength(0);
    }
  });

  it('a remote attendee is told by a direct Note when the time moves and when it is called off', async () => {
    const { owner, eventId, group } = await clubEvent({ title: 'Quiz night' });
    expect(await answerTo(await join(group, eventId))).toBeInstanceOf(Accept);
    const later = new Date(Date.now() + 8 * 24 * 3_600_000);
    const moved = await updateEvent(t, owner, eventId, {
      startDate: later.toISOString(),
      endDate: new Date(later.getTime() + 2 * 3_600_000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const note = await noteFrom(group, /Quiz night has changed: now/);
    expect(note.toIds.map((u) => u.href)).toEqual([peer.alice().href]);
    expect((await updateEvent(t, owner, eventId, { cancelled: true })).statusCode).toBe(200);
    await noteFrom(group, /has been called off/);
  });

  it('from a blocked domain is refused (403) and stores nothing', async () => {
    const { eventId, club } = await clubEvent();
    const res = await t.app.inject({
      method: 'POST',
      url: `/c/${club.slug}/inbox`,
      headers: { 'content-type': AP },
      payload: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: 'https://spam.blocked.example/joins/1',
        type: 'Join',
        actor: 'https://spam.blocked.example/users/x',
        object: eventUri(eventId),
      }),
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.db.execute(sql`select 1 from federation_attendees where event_id = ${eventId}`);
    expect(rows.rows).toHaveLength(0);
  });
});
