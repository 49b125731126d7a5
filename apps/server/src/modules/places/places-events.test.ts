import type { EventDto, Place } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  eventBody,
  requestAs,
  type TestUser,
  useUsers,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Events with a place, and "near me" lists. Cities are picked through the API so their
 * coordinates are the gazetteer's.
 */

const t = useTestApp();
const [host, viewer] = useUsers(t, 2);
const city: Record<string, Place> = {};
const inject = requestAs(t);

async function pickCity(name: string, near: string): Promise<Place> {
  const found = await inject('GET', `/api/places/search?q=${encodeURIComponent(name)}&near=${near}&limit=1`);
  const [candidate] = found.json().places as Place[];
  const res = await inject('POST', '/api/places', host, {
    name: candidate?.name,
    lat: candidate?.lat,
    lon: candidate?.lon,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().place as Place;
}

async function getEvent(id: string, as: TestUser = viewer): Promise<EventDto> {
  const res = await inject('GET', `/api/events/${id}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event as EventDto;
}

beforeAll(async () => {
  await verifyEmail(t, host);
  city.berlin = await pickCity('Berlin', '52.52,13.40');
});

describe('events with a place', () => {
  it('fill location and time zone from the place when the host gave none, and carry the place', async () => {
    const { location: _typed, ...body } = eventBody({ placeId: city.berlin?.id });
    const res = await inject('POST', '/api/events', host, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().event as EventDto;
    expect(created.location).toBe('Berlin, DE');
    expect(created.timeZone).toBe('Europe/Berlin');
    expect(created.placeId).toBe(city.berlin?.id);
    expect(created.place).toEqual(city.berlin);
    expect((await getEvent(created.id)).place?.id).toBe(city.berlin?.id);
  });

  it('keep a location the host typed, and an explicit time zone', async () => {
    const id = await createEvent(t, host, {
      placeId: city.berlin?.id,
      location: 'Tempelhofer Feld, east gate',
      timeZone: 'UTC',
    });
    const event = await getEvent(id);
    expect(event.location).toBe('Tempelhofer Feld, east gate');
    expect(event.timeZone).toBe('UTC');
    expect(event.place?.city).toBe('Berlin');
  });

  it('still need a location without a place, and a place that exists', async () => {
    const { location: _typed, ...noLocation } = eventBody();
    for (const [payload, message] of [
      [noLocation, 'Location is required'],
      [eventBody({ placeId: '0190a000-0000-7000-8000-000000000000' }), 'Place not found'],
      [eventBody({ placeId: 'berlin' }), 'Place id is not valid'],
    ] as const) {
      const res = await inject('POST', '/api/events', host, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('a place set later brings its zone; clearing it keeps location as typed', async () => {
    const id = await createEvent(t, host);
    const set = await inject('PUT', `/api/events/${id}`, host, { placeId: city.berlin?.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().event).toMatchObject({
      placeId: city.berlin?.id,
      timeZone: 'Europe/Berlin',
      location: 'Riverside Park, north gate',
    });
    const cleared = await inject('PUT', `/api/events/${id}`, host, { placeId: null });
    expect(cleared.json().event.placeId).toBeNull();
    expect(cleared.json().event.place).toBeUndefined();
    expect(cleared.json().event.location).toBe('Riverside Park, north gate');
  });
});

/** A pin at a point, saved as the host; returns its id. */
async function pin(name: string, lat: number, lon: number): Promise<string> {
  const res = await inject('POST', '/api/places', host, { name, lat, lon });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().place as Place).id;
}

type Listed = EventDto & { distanceKm: number };
async function near(query: string, as: TestUser = viewer) {
  const res = await inject('GET', `/api/events?${query}`, as);
  return {
    status: res.statusCode,
    body: res.json() as { events: Listed[]; nextCursor: string | null; message?: string },
  };
}

describe('near me', () => {
  it('measures Berlin to Paris as 878 km (within 1 %)', async () => {
    city.paris = await pickCity('Paris', '48.85,2.35');
    const id = await createEvent(t, host, { title: 'Paris meetup', placeId: city.paris.id });
    const { body } = await near(`near=${city.berlin?.lat},${city.berlin?.lon}&radiusKm=500`);
    expect(body.events.map((e) => e.id)).not.toContain(id);
    const wide = await near(`near=52.52,13.405&radiusKm=500&sort=distance`);
    expect(wide.status).toBe(200);
    // 500 km is the widest radius: Paris is outside it from Berlin; from Brussels it is inside.
    const fromBrussels = await near('near=50.85,4.35&radiusKm=500');
    const paris = fromBrussels.body.events.find((e) => e.id === id);
    expect(paris?.distanceKm).toBeGreaterThan(240);
    // Berlin to Paris itself, through the same distance the lists use.
    const berlin = await t.db.execute<{ km: number }>(
      sql`select earth_distance(ll_to_earth(${city.berlin?.lat}, ${city.berlin?.lon}), ll_to_earth(${city.paris.lat}, ${city.paris.lon})) / 1000 as km`,
    );
    expect(Math.abs((berlin.rows[0]?.km ?? 0) - 878) / 878).toBeLessThan(0.01);
  });

  it('keeps a point just inside the radius and drops one just outside', async () => {
    // 0.1° of latitude is 11.1 km everywhere: 24.75 km and 25.25 km north of a centre at 10°N, 20°E.
    const inside = await createEvent(t, host, {
      title: 'Just inside',
      placeId: await pin('Inside', 10 + 24.75 / 111.2, 20),
    });
    const outside = await createEvent(t, host, {
      title: 'Just outside',
      placeId: await pin('Outside', 10 + 25.25 / 111.2, 20),
    });
    const { status, body } = await near('near=10,20');
    expect(status).toBe(200);
    const ids = body.events.map((e) => e.id);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
    expect(body.events.find((e) => e.id === inside)?.distanceKm).toBeCloseTo(24.7, 0);
  });

  it('finds across the antimeridian (Fiji) and near the pole', async () => {
    const east = await createEvent(t, host, {
      title: 'Taveuni east',
      placeId: await pin('Taveuni east', -16.8, -179.95),
    });
    const fromWest = await near('near=-16.8,179.95&radiusKm=20');
    const found = fromWest.body.events.find((e) => e.id === east);
    // 0.1° of longitude at 16.8°S is about 10.6 km, across the date line.
    expect(found?.distanceKm).toBeGreaterThan(10);
    expect(found?.distanceKm).toBeLessThan(11);
    const arctic = await createEvent(t, host, {
      title: 'Far north',
      placeId: await pin('Far north', 89.5, 0),
    });
    // Half a degree from the pole, on the opposite meridian: 111 km apart through the pole.
    const other = await near('near=89.5,180&radiusKm=150');
    expect(other.body.events.find((e) => e.id === arctic)?.distanceKm).toBeCloseTo(111.2, -1);
  });

  it('pages by distance and by date without repeating or skipping an event', async () => {
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      // Two at each distance: ties are broken by id.
      created.push(
        await createEvent(t, host, {
          title: `Ring ${i}`,
          placeId: await pin(`Ring ${i}`, -40 + Math.floor(i / 2) * 0.01, 100),
        }),
      );
    }
    for (const sort of ['distance', 'date']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await near(
          `near=-40,100&radiusKm=10&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        seen.push(...page.body.events.map((e) => e.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...created].sort());
    }
    const byDistance = await near('near=-40,100&radiusKm=10&sort=distance&limit=100');
    const km = byDistance.body.events.map((e) => e.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it('shows only what the viewer may see', async () => {
    const hidden = await createEvent(t, host, {
      title: 'Private near',
      visibility: 'PRIVATE',
      placeId: await pin('Hidden', 30, 30),
    });
    expect((await near('near=30,30', viewer)).body.events.map((e) => e.id)).not.toContain(hidden);
    expect((await near('near=30,30', host)).body.events.map((e) => e.id)).toContain(hidden);
  });

  it('answers bad input with a 400 and a readable message', async () => {
    for (const [query, message] of [
      ['near=999,0', /^Near must be "latitude,longitude"/],
      ['near=abc', /^Near must be/],
      ['near=1,2&radiusKm=0', /^Radius must be a number of kilometres between 1 and 500/],
      ['near=1,2&radiusKm=501', /^Radius must be/],
      ['near=1,2&sort=nearest', /^Sort must be/],
      ['near=1,2&sort=distance&cursor=bm9wZQ', /^Invalid cursor/],
    ] as const) {
      const res = await near(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
    }
  });
});

describe('the map', () => {
  async function map(query: string, as?: TestUser) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/map?${query}`,
      headers: as?.auth ?? {},
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('answers the events in a viewport as points, across the antimeridian too', async () => {
    const id = await createEvent(t, host, { title: 'Map pin', placeId: await pin('Map pin', 12.5, 45.5) });
    const inside = await map('bbox=45,12,46,13');
    expect(inside.status).toBe(200);
    expect(inside.body.points).toEqual([
      expect.objectContaining({ id, title: 'Map pin', lat: 12.5, lon: 45.5, startDate: expect.any(String) }),
    ]);
    expect((await map('bbox=46,12,47,13')).body.points).toEqual([]);
    const fiji = await createEvent(t, host, {
      title: 'Date line',
      placeId: await pin('Date line', -17, 179.9),
    });
    const across = await map('bbox=179,-18,-179,-16');
    expect(across.body.points.map((p: { id: string }) => p.id)).toContain(fiji);
  });

  it('never shows an event the caller may not see', async () => {
    const hidden = await createEvent(t, host, {
      title: 'Private pin',
      visibility: 'PRIVATE',
      placeId: await pin('Private pin', 13.5, 45.5),
    });
    expect((await map('bbox=45,13,46,14')).body.points).toEqual([]);
    expect((await map('bbox=45,13,46,14', viewer)).body.points).toEqual([]);
    expect((await map('bbox=45,13,46,14', host)).body.points.map((p: { id: string }) => p.id)).toEqual([
      hidden,
    ]);
  });

  it('clusters above 500 events', async () => {
    const placeId = await pin('Crowded square', -33.9, 18.4);
    const other = await pin('Crowded square east', -33.9, 18.9);
    await t.db.execute(sql`
      insert into events (id, creator_id, title, description, location, start_date, end_date, status, place_id)
      select gen_random_uuid(), ${host.user.id}, 'Crowd ' || n, 'x', 'Square', now() + interval '1 day', now() + interval '2 days', 'LIVE',
             case when n % 2 = 0 then ${placeId}::uuid else ${other}::uuid end
      from generate_series(1, 501) n`);
    const { status, body } = await map('bbox=18,-34.5,19.5,-33.5');
    expect(status).toBe(200);
    expect(body.points).toBeUndefined();
    expect(body.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(501);
    expect(body.clusters).toHaveLength(2);
  });

  it('refuses a malformed viewport or one wider than the world with a readable 400', async () => {
    for (const bbox of ['1,2,3', 'a,b,c,d', '-200,0,10,10', '0,10,10,0', '0,-95,10,10', '10,0,10,5', '']) {
      const res = await map(`bbox=${bbox}`);
      expect(res.status, bbox).toBe(400);
      expect(res.body.message, bbox).toMatch(/^Bbox must be "west,south,east,north"/);
    }
    const missing = await map('');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Bbox is required');
    const backwards = await map('bbox=0,0,1,1&from=2030-01-02&to=2030-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('From must be before to');
  });
});
