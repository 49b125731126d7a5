import { EVENT_MSG, eventListResponse, eventResponse, publicEventResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  eventBody,
  makeFriends,
  signIn,
  type TestUser,
  useUsers,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const [creator, friend, stranger] = useUsers(t, [{ username: 'organiser_ola' }, {}, {}]);

beforeAll(async () => {
  await makeFriends(t, creator, friend);
  // Publishing needs a verified e-mail (the last describe covers an unverified member).
  for (const user of [creator, friend, stranger]) await verifyEmail(t, user);
});

const DAY = 24 * 60 * 60 * 1000;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

describe('creating events', () => {
  it('accepts typed JSON and answers the contract shape with creator and creatorId', async () => {
    const res = await inject('POST', '/api/events', creator, eventBody({ cost: 12, isFree: false }));
    expect(res.statusCode).toBe(201);
    const { event } = eventResponse.parse(res.json());
    expect(event.id).toBe(event._id);
    expect(event.creatorId).toBe(creator.user.id);
    expect(event.creator).toMatchObject({
      id: creator.user.id,
      _id: creator.user.id,
      username: 'organiser_ola',
    });
    expect(event.status).toBe('LIVE');
    expect(event.cost).toBe(12);
    expect(event.isFree).toBe(false);
    expect(event.tags).toEqual(['Running', 'Outdoors']);
    expect(event.rsvps).toEqual([]);
  });

  it("accepts the original client's all-strings form, tags as JSON text", async () => {
    const body = Object.fromEntries(
      Object.entries(
        eventBody({ cost: '7.5', isFree: 'false', tags: '["Chess","Social"]', visibility: 'PRIVATE' }),
      ).map(([k, v]) => [k, String(v)]),
    );
    const res = await inject('POST', '/api/events', creator, body);
    expect(res.statusCode).toBe(201);
    const { event } = eventResponse.parse(res.json());
    expect(event).toMatchObject({
      cost: 7.5,
      isFree: false,
      tags: ['Chess', 'Social'],
      visibility: 'PRIVATE',
    });
  });

  it('accepts multipart form data', async () => {
    const boundary = '----ts';
    const fields = { ...eventBody({ tags: 'Books, Coffee' }), isFree: 'true' } as Record<string, unknown>;
    const payload = `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...creator.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().event.tags).toEqual(['Books', 'Coffee']);
  });

  it('makes an event created LIVE after its end PAST, and a free event cost 0', async () => {
    const start = new Date(Date.now() - 3 * DAY);
    const res = await inject(
      'POST',
      '/api/events',
      creator,
      eventBody({
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3600_000).toISOString(),
        cost: 30,
        isFree: true,
      }),
    );
    expect(res.json().event.status).toBe('PAST');
    expect(res.json().event.cost).toBe(0);
  });

  it.each([
    [{ title: '' }, EVENT_MSG.titleRequired],
    [{ title: undefined }, EVENT_MSG.titleRequired],
    [{ description: '   ' }, EVENT_MSG.descriptionRequired],
    [{ location: undefined }, EVENT_MSG.locationRequired],
    [{ startDate: undefined }, EVENT_MSG.startRequired],
    [{ endDate: '' }, EVENT_MSG.endRequired],
    [{ startDate: 'tomorrow-ish' }, EVENT_MSG.startInvalid],
    [{ endDate: new Date(Date.now() + DAY).toISOString() }, EVENT_MSG.endBeforeStart],
    [{ tags: ['a'] }, EVENT_MSG.tagTooShort],
    [{ tags: ['x'.repeat(21)] }, EVENT_MSG.tagTooLong],
    [{ tags: ['Chess', 'chess'] }, EVENT_MSG.tagDuplicate],
    [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'Maximum of 10 tags allowed'],
    [{ cost: 'free' }, EVENT_MSG.costInvalid],
    [{ cost: -1 }, EVENT_MSG.costInvalid],
    [{ visibility: 'FRIENDS' }, EVENT_MSG.visibilityInvalid],
    [{ recurrence: 'YEARLY' }, EVENT_MSG.recurrenceInvalid],
    [{ status: 'ARCHIVED' }, EVENT_MSG.statusInvalid],
    [{ title: ['array'] }, 'Title must be text'],
    [{ imageUrl: 'https://elsewhere.example/cat.png' }, EVENT_MSG.imageInvalid],
  ])('refuses %j with the spec message', async (override, message) => {
    const res = await inject('POST', '/api/events', creator, eventBody(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await inject('POST', '/api/events', undefined, eventBody())).statusCode).toBe(401);
  });
});

describe('visibility', () => {
  let publicId: string;
  let privateId: string;
  let draftId: string;

  beforeAll(async () => {
    publicId = await createEvent(t, creator, { title: 'Open board games night' });
    privateId = await createEvent(t, creator, { title: 'Private birthday dinner', visibility: 'PRIVATE' });
    draftId = await createEvent(t, creator, { title: 'Draft quiz night', status: 'DRAFT' });
  });

  const canSee = async (id: string, user?: TestUser) =>
    (await inject('GET', user ? `/api/events/${id}` : `/api/events/public/${id}`, user)).statusCode;

  it('drafts: only the creator', async () => {
    expect(await canSee(draftId, creator)).toBe(200);
    expect(await canSee(draftId, friend)).toBe(404);
    expect(await canSee(draftId, stranger)).toBe(404);
    expect(await canSee(draftId)).toBe(404);
  });

  it('private events: creator and friends, not strangers or anonymous visitors', async () => {
    expect(await canSee(privateId, creator)).toBe(200);
    expect(await canSee(privateId, friend)).toBe(200);
    expect(await canSee(privateId, stranger)).toBe(404);
    expect(await canSee(privateId)).toBe(404);
  });

  it('public events: everyone, including signed out on the public route', async () => {
    for (const user of [creator, friend, stranger]) expect(await canSee(publicId, user)).toBe(200);
    const res = await inject('GET', `/api/events/public/${publicId}`);
    expect(res.statusCode).toBe(200);
    const { data } = publicEventResponse.parse(res.json());
    expect(data.rsvps).toEqual([]);
    expect(data.creator.username).toBe('organiser_ola');
  });

  it("lists and searches never show others' drafts or private events to strangers", async () => {
    const list = eventListResponse.parse((await inject('GET', '/api/events?limit=100', stranger)).json());
    const ids = list.events.map((e) => e.id);
    expect(ids).toContain(publicId);
    expect(ids).not.toContain(privateId);
    expect(ids).not.toContain(draftId);
    const search = (await inject('GET', '/api/search?q=birthday', stranger)).json();
    expect(search.events).toEqual([]);
    const friendSearch = (await inject('GET', '/api/search?q=birthday', friend)).json();
    expect(friendSearch.events.map((e: { id: string }) => e.id)).toEqual([privateId]);
    const drafts = eventListResponse.parse((await inject('GET', '/api/events?status=DRAFT', friend)).json());
    expect(drafts.events).toEqual([]);
    const mine = eventListResponse.parse((await inject('GET', '/api/events?status=DRAFT', creator)).json());
    expect(mine.events.map((e) => e.id)).toContain(draftId);
  });

  it('answers malformed ids with 404, never 500', async () => {
    expect(await canSee('not-a-uuid', creator)).toBe(404);
    expect(await canSee("1' or '1'='1")).toBe(404);
  });
});

describe('ownership', () => {
  it('only the creator updates, publishes and deletes; others get 403, and nothing changes', async () => {
    const id = await createEvent(t, creator, { title: 'Mine to change' });
    expect((await inject('PUT', `/api/events/${id}`, stranger, { title: 'Hijacked' })).statusCode).toBe(403);
    // The original client's "mark as past" for someone else's event fails harmlessly.
    expect((await inject('PUT', `/api/events/${id}`, friend, { status: 'PAST' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/events/${id}/publish`, stranger)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/events/${id}`, stranger)).statusCode).toBe(403);
    const after = (await inject('GET', `/api/events/${id}`, creator)).json().event;
    expect(after).toMatchObject({ title: 'Mine to change', status: 'LIVE' });
  });

  it('updates partially, checks dates against the stored ones, and ignores creatorId', async () => {
    const id = await createEvent(t, creator);
    const res = await inject('PUT', `/api/events/${id}`, creator, {
      title: 'Renamed run',
      creatorId: stranger.user.id,
      tags: 'Fun,Run',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      title: 'Renamed run',
      creatorId: creator.user.id,
      tags: ['Fun', 'Run'],
    });
    const bad = await inject('PUT', `/api/events/${id}`, creator, {
      endDate: new Date(Date.now() - DAY).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EVENT_MSG.endBeforeStart);
  });

  it('publishes a draft and deletes with {event}', async () => {
    const id = await createEvent(t, creator, { status: 'DRAFT' });
    const published = await inject('POST', `/api/events/${id}/publish`, creator);
    expect(published.json().event.status).toBe('LIVE');
    const deleted = await inject('DELETE', `/api/events/${id}`, creator);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().event.id).toBe(id);
    expect((await inject('GET', `/api/events/${id}`, creator)).statusCode).toBe(404);
  });
});

describe('derived PAST status', () => {
  it('a LIVE event whose end passed reads PAST everywhere, and the job persists it', async () => {
    const id = await createEvent(t, creator, { title: 'Ended yesterday' });
    await t.db.execute(
      sql`update events set start_date = now() - interval '2 days', end_date = now() - interval '1 day' where id = ${id}`,
    );
    expect((await inject('GET', `/api/events/${id}`, creator)).json().event.status).toBe('PAST');
    expect((await inject('GET', `/api/events/public/${id}`)).json().data.status).toBe('PAST');
    const past = eventListResponse.parse((await inject('GET', '/api/events?status=PAST', stranger)).json());
    expect(past.events.map((e) => e.id)).toContain(id);
    const live = eventListResponse.parse((await inject('GET', '/api/events?status=LIVE', stranger)).json());
    expect(live.events.map((e) => e.id)).not.toContain(id);
    const rows = await t.db.execute<{ status: string }>(sql`select status from events where id = ${id}`);
    expect(rows.rows[0]?.status).toBe('LIVE');
  });
});

describe('RSVP', () => {
  it('toggles going without a status, sets a status with one, and counts only going', async () => {
    const id = await createEvent(t, creator, { title: 'Picnic' });
    const first = await inject('POST', `/api/events/${id}/rsvp`, friend);
    expect(first.statusCode).toBe(200);
    expect(first.json().event).toMatchObject({ attendeeCount: 1, myRsvp: 'going' });
    expect(first.json().event.rsvps).toEqual([
      { id: friend.user.id, username: friend.user.username, status: 'going' },
    ]);

    const publicForm = (await inject('GET', `/api/events/public/${id}`)).json().data;
    expect(publicForm.rsvps).toEqual([friend.user.id]);

    const toggled = await inject('POST', `/api/events/${id}/rsvp`, friend);
    expect(toggled.json().event).toMatchObject({ attendeeCount: 0, myRsvp: null });

    const maybe = await inject('POST', `/api/events/${id}/rsvp`, stranger, { status: 'maybe' });
    expect(maybe.json().event).toMatchObject({ attendeeCount: 0, maybeCount: 1, myRsvp: 'maybe' });
    const no = await inject('POST', `/api/events/${id}/rsvp`, stranger, { status: 'not_going' });
    expect(no.json().event).toMatchObject({ maybeCount: 0, myRsvp: 'not_going' });
    const bad = await inject('POST', `/api/events/${id}/rsvp`, stranger, { status: 'attending' });
    expect(bad.json().message).toBe(EVENT_MSG.rsvpStatusInvalid);
  });

  it('refuses drafts, ended events, invisible events and the creator', async () => {
    const draft = await createEvent(t, creator, { status: 'DRAFT' });
    expect((await inject('POST', `/api/events/${draft}/rsvp`, creator)).json().message).toBe(
      EVENT_MSG.rsvpDraft,
    );
    expect((await inject('POST', `/api/events/${draft}/rsvp`, friend)).statusCode).toBe(404);
    const start = new Date(Date.now() - 2 * DAY);
    const ended = await createEvent(t, creator, {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3600_000).toISOString(),
    });
    expect((await inject('POST', `/api/events/${ended}/rsvp`, friend)).json().message).toBe(
      EVENT_MSG.rsvpPast,
    );
    const privateId = await createEvent(t, creator, { visibility: 'PRIVATE' });
    expect((await inject('POST', `/api/events/${privateId}/rsvp`, stranger)).statusCode).toBe(404);
    const own = await createEvent(t, creator);
    expect((await inject('POST', `/api/events/${own}/rsvp`, creator)).json().message).toBe(EVENT_MSG.rsvpOwn);
  });
});

describe('lists', () => {
  it('pages by keyset in start-date order with no duplicates', async () => {
    const owner = await createUser(t);
    const base = Date.now() + 30 * DAY;
    for (let i = 0; i < 5; i++) {
      await createEvent(t, owner, {
        title: `Series ${i}`,
        startDate: new Date(base + i * DAY).toISOString(),
        endDate: new Date(base + i * DAY + 3600_000).toISOString(),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/events?scope=mine&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = eventListResponse.parse((await inject('GET', url, owner)).json());
      seen.push(...page.events.map((e) => e.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Series 0', 'Series 1', 'Series 2', 'Series 3', 'Series 4']);
    expect((await inject('GET', '/api/events?cursor=garbage', owner)).statusCode).toBe(400);
  });

  it('lists every shape with what the event page shows: creator, attendees, counts, my answer', async () => {
    const host = await createUser(t, { username: 'host_hana' });
    const guest = await createUser(t);
    const hostFriend = await createUser(t);
    await makeFriends(t, host, hostFriend);
    const soon = Date.now() + 400 * DAY;
    const at = (days: number) => ({
      startDate: new Date(soon + days * DAY).toISOString(),
      endDate: new Date(soon + days * DAY + 3600_000).toISOString(),
    });
    const open = await createEvent(t, host, { title: 'List open day', ...at(0) });
    const closed = await createEvent(t, host, {
      title: 'List private supper',
      visibility: 'PRIVATE',
      ...at(1),
    });
    await createEvent(t, host, { title: 'List draft', status: 'DRAFT', ...at(2) });
    await inject('POST', `/api/events/${open}/rsvp`, guest);
    await inject('POST', `/api/events/${open}/rsvp`, hostFriend, { status: 'maybe' });
    await inject('POST', `/api/events/${closed}/rsvp`, hostFriend);

    const titles = async (user: TestUser, query: string) =>
      eventListResponse
        .parse((await inject('GET', `/api/events?${query}`, user)).json())
        .events.map((e) => e.title)
        .filter((title) => title.startsWith('List '));
    // Without a status the creator's own drafts are listed too.
    expect(await titles(host, 'status=LIVE')).toEqual(['List open day', 'List private supper']);
    expect(await titles(host, '')).toEqual(['List open day', 'List private supper', 'List draft']);
    for (const query of ['status=LIVE', '', 'limit=100']) {
      expect(await titles(hostFriend, query)).toEqual(['List open day', 'List private supper']);
      expect(await titles(guest, query)).toEqual(['List open day']);
    }
    expect(await titles(host, 'status=DRAFT')).toEqual(['List draft']);
    expect(await titles(guest, 'status=DRAFT')).toEqual([]);
    expect(await titles(host, 'scope=mine')).toEqual(['List open day', 'List private supper', 'List draft']);

    for (const viewer of [host, guest, hostFriend]) {
      const listed = eventListResponse
        .parse((await inject('GET', '/api/events?status=LIVE', viewer)).json())
        .events.filter((e) => e.id === open || e.id === closed);
      for (const event of listed) {
        const page = eventResponse.parse((await inject('GET', `/api/events/${event.id}`, viewer)).json());
        // The page adds what only it shows (decision 022): places left, hosts, the viewer's own answer.
        const detailOnly = ['placesLeft', 'waitlistCount', 'hosts', 'viewerRsvp', 'isHost'];
        expect(event).toEqual(
          Object.fromEntries(Object.entries(page.event).filter(([k]) => !detailOnly.includes(k))),
        );
      }
    }
    const seenByGuest = (await inject('GET', `/api/events/${open}`, guest)).json().event;
    expect(seenByGuest).toMatchObject({ attendeeCount: 1, maybeCount: 1, myRsvp: 'going' });
    expect(seenByGuest.creator).toMatchObject({
      id: host.user.id,
      username: 'host_hana',
      fullName: 'Test Person',
    });
    expect(seenByGuest.rsvps).toEqual([
      { id: guest.user.id, username: guest.user.username, status: 'going' },
    ]);
  });

  it('refuses a token revoked by logout or a password change on the very next list request', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user);
    const third = await signIn(t, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/events', headers: second.auth })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/events', headers: third.auth })).statusCode).toBe(
      200,
    );

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: second.auth });
    const afterLogout = await t.app.inject({
      method: 'GET',
      url: '/api/events?status=LIVE&limit=20',
      headers: second.auth,
    });
    expect(afterLogout.statusCode).toBe(401);

    const change = await inject('PUT', '/api/users/me/password', user, {
      currentPassword: user.password,
      newPassword: 'a brand new password',
    });
    expect(change.statusCode).toBe(200);
    const afterChange = await t.app.inject({ method: 'GET', url: '/api/events', headers: third.auth });
    expect(afterChange.statusCode).toBe(401);
    // The session that changed the password stays signed in.
    expect((await inject('GET', '/api/events', user)).statusCode).toBe(200);
  });

  it('counts drafts, live and past events for the tiles', async () => {
    const owner = await createUser(t);
    await createEvent(t, owner, { status: 'DRAFT' });
    const counts = (await inject('GET', '/api/events/counts', owner)).json();
    expect(counts.draft).toBe(1);
    expect(counts.live).toBeGreaterThan(0);
  });
});

describe('calendar file', () => {
  it('is valid iCalendar with the recurrence rule, escaped text and CRLF lines', async () => {
    const id = await createEvent(t, creator, {
      title: 'Choir; practice, weekly',
      recurrence: 'WEEKLY',
      description: 'Line one\nLine two',
    });
    const res = await inject('GET', `/api/events/${id}/ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('RRULE:FREQ=WEEKLY');
    expect(lines).toContain('SUMMARY:Choir\\; practice\\, weekly');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    // Unfold and parse back the start.
    const unfolded = res.body.replace(/\r\n /g, '');
    // No time zone given: the event's zone is UTC, so its wall time is the UTC time.
    const start = unfolded.match(/DTSTART;TZID=UTC:(\d{8}T\d{6})/)?.[1];
    const event = (await inject('GET', `/api/events/${id}`, creator)).json().event;
    expect(`${start}Z`).toBe(event.startDate.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    expect(unfolded).toContain('DESCRIPTION:Line one\\nLine two');
  });

  it('escapes every control character: a lone CR, CRLF and LF become \\n, the others go', async () => {
    const id = await createEvent(t, creator, {
      title: 'Quiz\rX-INJECTED:1',
      description: 'One\r\nTwo\rThree\nFour\u0007\u001b\u007fFive\tSix',
      location: 'Hall\u000bB',
    });
    const body = (await inject('GET', `/api/events/${id}/ics`)).body;
    const unfolded = body.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    expect(lines).toContain('SUMMARY:Quiz\\nX-INJECTED:1');
    expect(lines.some((l) => l.startsWith('X-INJECTED'))).toBe(false);
    expect(unfolded).toContain('DESCRIPTION:One\\nTwo\\nThree\\nFourFive\tSix');
    expect(lines).toContain('LOCATION:HallB');
    // Outside the CRLF line ends, no control character but HTAB is left anywhere in the file.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
    expect(/[\u0000-\u0008\u000a-\u001f\u007f]/.test(lines.join(''))).toBe(false);
  });

  it('follows visibility', async () => {
    const id = await createEvent(t, creator, { visibility: 'PRIVATE' });
    expect((await inject('GET', `/api/events/${id}/ics`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/events/${id}/ics`, friend)).statusCode).toBe(200);
  });
});

describe('search', () => {
  it('finds people by username, full name and interests, case-insensitively, without e-mails', async () => {
    const person = await createUser(t, { username: 'kayak_kim', fullName: 'Kim Rivers' });
    await inject('PUT', '/api/users/me', person, { interests: ['Sea Kayaking'] });
    for (const q of ['KAYAK_', 'rivers', 'sea kay']) {
      const res = (await inject('GET', `/api/search?q=${encodeURIComponent(q)}`)).json();
      expect(res.users.map((u: { id: string }) => u.id)).toContain(person.user.id);
    }
    expect(JSON.stringify((await inject('GET', '/api/search?q=kayak')).json())).not.toContain('@');
  });

  it('treats special characters literally and never fails', async () => {
    for (const q of ['%', '_', '\\', "'; drop table users; --", '(.*)', '[', 'ü', '😀']) {
      const res = await inject('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('users');
    }
    expect((await inject('GET', '/api/search?q=%25')).json().users).toEqual([]);
    expect((await inject('GET', '/api/search')).json()).toEqual({ users: [], events: [], communities: [] });
  });

  it('finds communities by name and place in the same answer, most members first', async () => {
    const owner = await createUser(t);
    const make = async (payload: object) => {
      const res = await inject('POST', '/api/communities', owner, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().community as { id: string; slug: string };
    };
    const small = await make({ name: 'Quokka Chess Club', location: 'Harbour library' });
    const big = await make({ name: 'Harbour Quokka Walkers', location: 'Old town' });
    await inject('POST', `/api/communities/${big.slug}/join`, stranger);
    const res = (await inject('GET', '/api/search?q=QUOKKA')).json();
    expect(res.communities.map((c: { slug: string }) => c.slug)).toEqual([big.slug, small.slug]);
    expect(res.communities[0]).toEqual({
      id: big.id,
      _id: big.id,
      slug: big.slug,
      name: 'Harbour Quokka Walkers',
      location: 'Old town',
      memberCount: 2,
      imageUrl: null,
    });
    const byPlace = (await inject('GET', '/api/search?q=harbour%20lib', stranger)).json();
    expect(byPlace.communities.map((c: { slug: string }) => c.slug)).toEqual([small.slug]);
  });

  it('shows signed-out visitors only public live events, at most 10 of each', async () => {
    const owner = await createUser(t);
    for (let i = 0; i < 12; i++) await createEvent(t, owner, { title: `Zumba class ${i}`, tags: ['Zumba'] });
    await createEvent(t, owner, { title: 'Zumba draft', status: 'DRAFT' });
    const res = (await inject('GET', '/api/search?q=zumba')).json();
    expect(res.events).toHaveLength(10);
    expect(res.events.every((e: { status: string }) => e.status === 'LIVE')).toBe(true);
    const own = (await inject('GET', '/api/search?q=zumba draft', owner)).json();
    expect(own.events.map((e: { title: string }) => e.title)).toContain('Zumba draft');
  });
});

describe('publishing needs a verified e-mail', () => {
  it('lets an unverified member save drafts but not publish, with a readable 403', async () => {
    const newcomer = await createUser(t);
    const live = await inject('POST', '/api/events', newcomer, eventBody({ status: 'LIVE' }));
    expect(live.statusCode).toBe(403);
    expect(live.json()).toMatchObject({ statusCode: 403, message: EVENT_MSG.verifyToPublish });
    // Without a status an event is a draft.
    const { status: _omitted, ...noStatus } = eventBody();
    expect((await inject('POST', '/api/events', newcomer, noStatus)).statusCode).toBe(201);

    const draft = await inject('POST', '/api/events', newcomer, eventBody({ status: 'DRAFT' }));
    expect(draft.statusCode).toBe(201);
    const id = draft.json().event.id as string;
    for (const [method, url, body] of [
      ['PUT', `/api/events/${id}`, { status: 'LIVE' }],
      ['POST', `/api/events/${id}/publish`, undefined],
    ] as const) {
      const res = await inject(method, url, newcomer, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(EVENT_MSG.verifyToPublish);
    }
    expect((await inject('PUT', `/api/events/${id}`, newcomer, { title: 'Still a draft' })).statusCode).toBe(
      200,
    );
    expect((await inject('GET', `/api/events/${id}`, newcomer)).json().event.status).toBe('DRAFT');

    // Once the address is verified, the same draft publishes.
    await verifyEmail(t, newcomer);
    const published = await inject('POST', `/api/events/${id}/publish`, newcomer);
    expect(published.statusCode).toBe(200);
    expect(published.json().event.status).toBe('LIVE');
  });
});
