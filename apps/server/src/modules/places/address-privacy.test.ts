import type { EventDto, Place } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createEvent,
  createUsers,
  makeFriends,
  notificationsOf,
  requestAs,
  type TestUser,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Decision 044: an ATTENDEES event's address, exact point and typed location, and an online
 * event's link, reach its hosts and the people going, and nobody else, through every path that
 * shows an event.
 */

const ADDRESS = 'Geheimweg 7, Hinterhaus';
const TYPED = 'Anna’s flat, Geheimweg 7';
const LINK = 'https://meet.example/room-4711';
// The pin's exact coordinates; everyone else reads 52.52 / 13.41.
const LAT = 52.523456;
const LON = 13.412345;
const SECRETS = [ADDRESS, 'Geheimweg', 'room-4711', String(LAT), String(LON), '52.5234', '13.4123'];

const t = useTestApp({
  web: { 'index.html': '<!doctype html><html><head><title>T</title></head><body></body></html>' },
});
let host: TestUser;
let cohost: TestUser;
let going: TestUser;
let maybe: TestUser;
let stranger: TestUser;
let eventId: string;
let pin: Place;

const call = requestAs(t);

function expectNoSecret(body: string, where: string) {
  for (const secret of SECRETS) expect(body, `${where} leaks ${secret}`).not.toContain(secret);
}

beforeAll(async () => {
  [host, cohost, going, maybe, stranger] = await createUsers(t, 5);
  await verifyEmail(t, host);
  const res = await call('POST', '/api/places', host, {
    name: 'Anna’s flat',
    lat: LAT,
    lon: LON,
    address: ADDRESS,
  });
  pin = res.json().place;
  eventId = await createEvent(t, host, {
    title: 'Kitchen concert',
    location: TYPED,
    placeId: pin.id,
    addressVisibility: 'ATTENDEES',
    online: true,
    onlineUrl: LINK,
  });
  await makeFriends(t, host, cohost);
  const added = await call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, host);
  expect(added.statusCode, added.body).toBe(200);
  expect((await call('POST', `/api/events/${eventId}/rsvp`, going, { status: 'going' })).statusCode).toBe(
    200,
  );
  expect((await call('POST', `/api/events/${eventId}/rsvp`, maybe, { status: 'maybe' })).statusCode).toBe(
    200,
  );
});
describe('an ATTENDEES address and an online link', () => {
  it('are shown to the host, a co-host and people going', async () => {
    for (const who of [host, cohost, going]) {
      const event = (await call('GET', `/api/events/${eventId}`, who)).json().event as EventDto;
      expect(event.location).toBe(TYPED);
      expect(event.place).toMatchObject({ id: pin.id, address: ADDRESS, lat: LAT, lon: LON });
      expect(event.onlineUrl).toBe(LINK);
      expect(event.addressVisibility).toBe('ATTENDEES');
      expect(event.online).toBe(true);
    }
    const ics = await call('GET', `/api/events/${eventId}/ics`, going);
    expect(ics.body).toContain('Geheimweg');
  });

  it('read as the city only, without the link, for everyone else in detail and lists', async () => {
    for (const who of [maybe, stranger]) {
      const event = (await call('GET', `/api/events/${eventId}`, who)).json().event as EventDto;
      expect(event.location).toBe('Berlin, DE');
      expect(event.placeId).toBeNull();
      expect(event.place).toMatchObject({
        id: '',
        name: 'Berlin',
        address: '',
        city: 'Berlin',
        country: 'DE',
        lat: 52.52,
        lon: 13.41,
      });
      expect(event.onlineUrl).toBeUndefined();
      for (const url of [
        `/api/events/${eventId}`,
        '/api/events',
        '/api/events?status=LIVE&limit=20',
        '/api/events?near=52.52,13.40&radiusKm=25',
        '/api/events?near=52.52,13.40&radiusKm=25&sort=distance',
        `/api/events/public/${eventId}`,
        '/api/search?q=Kitchen',
        '/api/events/map?bbox=13,52,14,53',
      ]) {
        const res = await call('GET', url, who);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('Kitchen concert');
        expectNoSecret(res.body, url);
      }
      expectNoSecret((await call('GET', `/api/events/${eventId}/ics`, who)).body, 'ICS');
    }
  });

  it('never reach a signed-out visitor: public API, server-rendered page and head, ICS, map, city page', async () => {
    for (const url of [
      `/api/events/public/${eventId}`,
      `/event/${eventId}`,
      `/api/events/${eventId}/ics`,
      '/api/search?q=Kitchen',
      '/api/events/map?bbox=13,52,14,53',
      '/api/near/berlin-de',
      '/near/berlin-de',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Kitchen concert');
      expectNoSecret(res.body, url);
    }
  });

  it('stay out of the calendar feed of someone who answered maybe, and in the one of someone going', async () => {
    const feed = async (who: TestUser) => {
      const me = (await call('GET', '/api/users/me', who)).json();
      return (await call('GET', new URL(me.calendarFeedUrl).pathname, who)).body;
    };
    const maybeFeed = await feed(maybe);
    expect(maybeFeed).toContain('Kitchen concert');
    expect(maybeFeed).toContain('LOCATION:Berlin\\, DE');
    expectNoSecret(maybeFeed, 'feed');
    expect(await feed(going)).toContain('Geheimweg');
  });

  it('distances on near lists are to the rounded point', async () => {
    const res = await call('GET', '/api/events?near=52.52,13.41&radiusKm=5', stranger);
    const event = (res.json().events as EventDto[]).find((e) => e.id === eventId);
    expect(event?.distanceKm).toBe(0);
  });

  it('a change of address tells people who answered maybe that the place changed, not where', async () => {
    const moved = await call('PUT', `/api/events/${eventId}`, host, { location: 'Geheimweg 9, Vorderhaus' });
    expect(moved.statusCode).toBe(200);
    await eventually(async () => {
      const [notice] = await notificationsOf(t, maybe, 'event_updated');
      expect(notice?.text).toBe('Kitchen concert changed: the place changed');
    });
    expectNoSecret((await notificationsOf(t, maybe, 'event_updated'))[0]?.text ?? '', 'notification');
  });

  it('a place offered from the waitlist names the city only, until the person is going', async () => {
    const [first, waiting] = await createUsers(t, 2);
    const full = await createEvent(t, host, {
      title: 'Attic recital',
      location: TYPED,
      placeId: pin.id,
      addressVisibility: 'ATTENDEES',
      capacity: 1,
    });
    for (const who of [first, waiting])
      expect((await call('POST', `/api/events/${full}/rsvp`, who, { status: 'going' })).statusCode).toBe(200);
    expect((await call('POST', `/api/events/${full}/rsvp`, first, { status: 'not_going' })).statusCode).toBe(
      200,
    );
    const [offer] = await eventually(async () => {
      const list = await notificationsOf(t, waiting, 'waitlist_offer');
      expect(list).toHaveLength(1);
      return list;
    });
    expect(offer?.text).toMatch(
      /^A place is free for you at Attic recital \(.+, Berlin, DE\): accept it before /,
    );
    expectNoSecret(offer?.text ?? '', 'offer');
  });

  it('a PUBLIC event with a link still hides the link from people not going', async () => {
    const id = await createEvent(t, host, {
      title: 'Open call',
      online: true,
      onlineUrl: LINK,
      location: 'Online',
    });
    const seen = (await call('GET', `/api/events/${id}`, stranger)).json().event as EventDto;
    expect(seen.location).toBe('Online');
    expect(seen.onlineUrl).toBeUndefined();
    expect(((await call('GET', `/api/events/${id}`, host)).json().event as EventDto).onlineUrl).toBe(LINK);
  });
});

describe('online events', () => {
  it('need no place or location, and join a near list only with includeOnline', async () => {
    const res = await call('POST', '/api/events', host, {
      title: 'Remote meetup',
      description: 'On a call',
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 90_000_000).toISOString(),
      status: 'LIVE',
      online: true,
      onlineUrl: 'https://meet.example/remote',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().event as EventDto;
    expect(created.location).toBe('Online');
    const ids = async (query: string) =>
      (
        (await call('GET', `/api/events?near=-33.87,151.21&radiusKm=10${query}`, stranger)).json()
          .events as EventDto[]
      ).map((e) => e.id);
    expect(await ids('')).not.toContain(created.id);
    expect(await ids('&includeOnline=true')).toContain(created.id);
    expect(await ids('&includeOnline=true&sort=distance')).toContain(created.id);
  });

  it('refuse an http: or over-long link, and a bad address visibility, with a readable 400', async () => {
    for (const [body, message] of [
      [
        { onlineUrl: 'http://meet.example/x' },
        'Online link must be an https:// address of at most 500 characters',
      ],
      [
        { onlineUrl: `https://meet.example/${'x'.repeat(500)}` },
        'Online link must be an https:// address of at most 500 characters',
      ],
      [
        { onlineUrl: 'javascript:alert(1)' },
        'Online link must be an https:// address of at most 500 characters',
      ],
      [{ addressVisibility: 'FRIENDS' }, 'Address visibility must be PUBLIC or ATTENDEES'],
      [{ online: 'sometimes' }, 'Online must be true or false'],
    ] as const) {
      const res = await call('PUT', `/api/events/${eventId}`, host, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const bad = await call('GET', '/api/events?near=52,13&includeOnline=maybe', host);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Include online must be true or false');
  });
});
