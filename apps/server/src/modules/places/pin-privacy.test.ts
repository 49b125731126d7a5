import type { Place, PlaceCandidate } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUsers, nextIp, requestAs, type TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Decision 062: a pin (an exact address) is known to whoever may know where an event on it is
 * (decision 044's rule: its creator, co-hosts, people going) and to whoever saved it; the
 * typeahead offers everyone else cities only, and the pin read by id is its city-level form.
 */

const ADDRESS = 'Quergasse 11, 3. OG links';
const LAT = 52.531234;
const LON = 13.401234;
const SECRETS = [ADDRESS, 'Quergasse', 'Quiet loft', String(LAT), String(LON), '52.5312', '13.4012'];

const t = useTestApp();
const call = requestAs(t);
let host: TestUser;
let going: TestUser;
let maybe: TestUser;
let stranger: TestUser;
let pin: Place;

const searchAs = (who: TestUser | undefined, query: string) =>
  call('GET', `/api/places/search?${query}`, who, undefined);

function expectNoSecret(body: string, where: string) {
  for (const secret of SECRETS) expect(body, `${where} leaks ${secret}`).not.toContain(secret);
}

beforeAll(async () => {
  [host, going, maybe, stranger] = await createUsers(t, 4);
  const res = await call('POST', '/api/places', host, {
    name: 'Quiet loft',
    lat: LAT,
    lon: LON,
    address: ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(201);
  pin = res.json().place;
  const eventId = await createEvent(t, host, {
    title: 'Loft session',
    location: 'Quiet loft',
    placeId: pin.id,
    addressVisibility: 'ATTENDEES',
  });
  for (const [who, status] of [
    [going, 'going'],
    [maybe, 'maybe'],
  ] as const)
    expect((await call('POST', `/api/events/${eventId}/rsvp`, who, { status })).statusCode).toBe(200);
});

describe('a pin under an ATTENDEES event', () => {
  it('is not offered by the typeahead to a visitor, a stranger or someone who answered maybe', async () => {
    for (const who of [undefined, stranger, maybe]) {
      for (const query of ['q=Q&near=52.53,13.40', 'q=Quiet', 'q=q&limit=20']) {
        const res = await searchAs(who, query);
        expect(res.statusCode, res.body).toBe(200);
        expectNoSecret(res.body, query);
        const places = res.json().places as PlaceCandidate[];
        expect(places.every((p) => p.source === 'gazetteer')).toBe(true);
      }
    }
    // Cities are still offered to everyone.
    const cities = (await searchAs(undefined, 'q=Berl')).json().places as PlaceCandidate[];
    expect(cities[0]).toMatchObject({ name: 'Berlin', country: 'DE' });
  });

  it('is read by id without its address and with a city-level point by everyone who does not know it', async () => {
    for (const who of [undefined, stranger, maybe]) {
      const res = await call('GET', `/api/places/${pin.id}`, who);
      expect(res.statusCode).toBe(200);
      expectNoSecret(res.body, 'GET /api/places/:id');
      expect(res.json().place).toMatchObject({
        address: '',
        name: 'Berlin',
        city: 'Berlin',
        country: 'DE',
        lat: 52.53,
        lon: 13.4,
      });
    }
  });

  it('is offered and read in full by its host and by someone going', async () => {
    for (const who of [host, going]) {
      const found = (await searchAs(who, 'q=Q&near=52.53,13.40')).json().places as PlaceCandidate[];
      expect(found.find((p) => p.id === pin.id)).toMatchObject({ address: ADDRESS, lat: LAT, lon: LON });
      const read = await call('GET', `/api/places/${pin.id}`, who);
      expect(read.json().place).toEqual(pin);
    }
  });

  it("someone's own pin without an event is theirs: offered to them, not to others", async () => {
    const own = await call('POST', '/api/places', stranger, {
      name: 'Quarry gate',
      lat: 52.45,
      lon: 13.5,
      address: 'Steinbruchweg 2',
    });
    expect(own.statusCode).toBe(201);
    const mine = (await searchAs(stranger, 'q=Quarry')).json().places as PlaceCandidate[];
    expect(mine.map((p) => p.address)).toContain('Steinbruchweg 2');
    expect((await searchAs(host, 'q=Quarry')).body).not.toContain('Steinbruchweg');
    expect((await call('GET', `/api/places/${own.json().place.id}`, host)).body).not.toContain(
      'Steinbruchweg',
    );
  });
});

describe('a pin id someone else saved', () => {
  it('cannot be put under your own event or community to read its address: 400, as a pin that does not exist', async () => {
    const attempts: ['POST', string, Record<string, unknown>][] = [
      [
        'POST',
        '/api/events',
        {
          title: 'Borrowed pin',
          description: 'x',
          placeId: pin.id,
          startDate: new Date(Date.now() + 86_400_000).toISOString(),
          endDate: new Date(Date.now() + 90_000_000).toISOString(),
        },
      ],
      ['POST', '/api/communities', { name: 'Borrowed pin club', description: 'x', placeId: pin.id }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, stranger, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('Place not found');
      expectNoSecret(res.body, url);
    }
    // Moving one's own event onto it is refused the same way.
    const own = await createEvent(t, stranger, { title: 'Mine', location: 'somewhere' });
    const moved = await call('PUT', `/api/events/${own}`, stranger, { placeId: pin.id });
    expect(moved.statusCode, moved.body).toBe(400);
    expectNoSecret((await call('GET', `/api/events/${own}`, stranger)).body, 'the moved event');
  });

  it('is still usable by who may know it: its saver, and someone going to an event on it', async () => {
    for (const who of [host, going]) {
      const eventId = await createEvent(t, who, { title: 'Again at the loft', placeId: pin.id });
      const shown = (await call('GET', `/api/events/${eventId}`, who)).json().event;
      expect(shown.placeId).toBe(pin.id);
    }
  });
});

describe('the typeahead', () => {
  it('answers one client address 60 searches in 10 s, then a readable 429; another address still gets answers', async () => {
    const ip = nextIp();
    const search = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/places/search?q=Ber', remoteAddress });
    for (let i = 0; i < 60; i++) expect((await search(ip)).statusCode).toBe(200);
    const refused = await search(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/^Too many attempts/);
    expect((await search(nextIp())).statusCode).toBe(200);
  });
});
