import type { Place, PlaceCandidate } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCommunity, requestAs, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Places: the offline gazetteer, shared places, pins with a reverse-looked-up city. */

const t = useTestApp();
const inject = requestAs(t);
const [user] = useUsers(t, 1);

async function search(query: string) {
  const res = await inject('GET', `/api/places/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { places: PlaceCandidate[] }).places;
}

/** Picks the first city named like `name`, as the web app does after a typeahead. */
async function pickCity(name: string): Promise<Place> {
  const [city] = await search(`q=${encodeURIComponent(name)}&limit=1`);
  return (await pick({ name: city?.name, lat: city?.lat, lon: city?.lon })).body.place;
}

async function pick(payload: Record<string, unknown>) {
  const res = await inject('POST', '/api/places', user, payload);
  return { status: res.statusCode, body: res.json() as { place: Place; message?: string } };
}

describe('the gazetteer', () => {
  it('answers a typeahead with the biggest city first, with its country and time zone', async () => {
    const [first] = await search('q=Berl');
    expect(first).toMatchObject({
      id: null,
      name: 'Berlin',
      country: 'DE',
      timeZone: 'Europe/Berlin',
      source: 'gazetteer',
    });
  });

  it('puts the nearest match first when near is given', async () => {
    // From Springfield, Illinois, "Springfield" is that one, not the one in Missouri or Massachusetts.
    const [first] = await search('q=Springfield&near=39.78,-89.65');
    expect(first?.country).toBe('US');
    expect(first?.timeZone).toBe('America/Chicago');
    expect(first?.distanceKm).toBeLessThan(10);
  });

  it('answers no text but near with the nearest city (the web\'s "Use my location")', async () => {
    // 52.52,13.40 is the browser's position rounded to 0.01°: Mitte, which is Berlin.
    const found = await search('near=52.52,13.40');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'Berlin', country: 'DE', source: 'gazetteer' });
    expect(await search('q=')).toEqual([]);
  });

  it('the in-memory prefix index answers as the SQL prefix query over the gazetteer would', async () => {
    // The typeahead reads an index built once from the gazetteer table (not a query per
    // keystroke): the same cities, in the same order, with the distance earthdistance measures.
    const fromSql = async (prefix: string, near?: { lat: number; lon: number }) => {
      const km = near
        ? sql`earth_distance(ll_to_earth(lat, lon), ll_to_earth(${near.lat}, ${near.lon})) / 1000.0`
        : sql`null::float8`;
      const result = await t.db.execute<{
        name: string;
        country: string;
        lat: number;
        km: number | null;
      }>(sql`
        select name, country, lat, ${km} as km from gazetteer where lower(name) like ${`${prefix}%`}
        order by ${near ? sql`${km} asc,` : sql``} population desc, id limit 8`);
      return result.rows;
    };
    const plain = await search('q=Ma');
    expect(plain.map((c) => [c.name, c.country, c.lat])).toEqual(
      (await fromSql('ma')).map((c) => [c.name, c.country, c.lat]),
    );
    const near = await search('q=ber&near=52.52,13.405');
    const expected = await fromSql('ber', { lat: 52.52, lon: 13.405 });
    expect(near.map((c) => [c.name, c.country])).toEqual(expected.map((c) => [c.name, c.country]));
    expect(near.map((c) => c.distanceKm)).toEqual(expected.map((c) => Math.round((c.km ?? 0) * 10) / 10));
  });

  it('treats % and _ as letters, not wildcards', async () => {
    expect(await search('q=%25')).toEqual([]);
    expect(await search('q=_')).toEqual([]);
  });
});

describe('places', () => {
  it('picking Berlin twice gives one place, from the gazetteer', async () => {
    const [berlin] = await search('q=Berlin');
    const first = await pick({ name: 'Berlin', lat: berlin?.lat, lon: berlin?.lon });
    expect(first.status).toBe(201);
    expect(first.body.place).toMatchObject({
      name: 'Berlin',
      city: 'Berlin',
      country: 'DE',
      source: 'gazetteer',
      address: '',
    });
    const again = await pick({ name: 'berlin', lat: berlin?.lat, lon: berlin?.lon });
    expect(again.status).toBe(200);
    expect(again.body.place.id).toBe(first.body.place.id);
    // Now saved, the search answers with its id (once, not also as an unpicked city).
    const found = await search('q=Berlin');
    expect(found.filter((p) => p.name === 'Berlin' && p.country === 'DE')).toEqual([
      expect.objectContaining({ id: first.body.place.id }),
    ]);
  });

  it('a pin gets its city and country from the nearest city, and its zone from its point', async () => {
    const pin = await pick({
      name: 'Café Kranzler',
      address: 'Kurfürstendamm 18',
      lat: 52.5039871,
      lon: 13.3321178,
    });
    expect(pin.status).toBe(201);
    expect(pin.body.place).toMatchObject({
      name: 'Café Kranzler',
      address: 'Kurfürstendamm 18',
      city: 'Berlin',
      country: 'DE',
      lat: 52.503987,
      lon: 13.332118,
      timeZone: 'Europe/Berlin',
      source: 'pin',
    });
    // Its address is read by whoever saved it (decision 062; pin-privacy.test.ts for everyone else).
    const read = await inject('GET', `/api/places/${pin.body.place.id}`, user);
    expect(read.statusCode).toBe(200);
    expect(read.json().place).toEqual(pin.body.place);
    // The same pin again is the same place.
    const again = await pick({
      name: 'Café Kranzler',
      address: 'Kurfürstendamm 18',
      lat: 52.5039871,
      lon: 13.3321178,
    });
    expect(again.body.place.id).toBe(pin.body.place.id);
  });

  it('a pin across the antimeridian (Fiji) and one in the Arctic get their zones', async () => {
    const fiji = await pick({ name: 'Taveuni jetty', lat: -16.85, lon: -179.98 });
    expect(fiji.body.place).toMatchObject({ country: 'FJ', timeZone: 'Pacific/Fiji' });
    const svalbard = await pick({ name: 'Longyearbyen harbour', lat: 78.2232, lon: 15.6469 });
    expect(svalbard.body.place).toMatchObject({ country: 'SJ', timeZone: 'Arctic/Longyearbyen' });
  });

  it('an unknown place is a 404, bad input a 400 with a readable message, a pin needs an account', async () => {
    expect((await inject('GET', '/api/places/0190a000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await inject('GET', '/api/places/nope')).statusCode).toBe(404);
    const bad = await pick({ name: 'X', lat: 91, lon: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Latitude must be a number between -90 and 90');
    expect((await pick({ name: '', lat: 1, lon: 1 })).body.message).toBe('Place name is required');
    const near = await inject('GET', '/api/places/search?q=a&near=999,0');
    expect(near.statusCode).toBe(400);
    expect(near.json().message).toMatch(/^Near must be "latitude,longitude"/);
    const anonymous = await inject('POST', '/api/places', undefined, { name: 'X', lat: 1, lon: 1 });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('home city', () => {
  it('PATCH /api/users/me { homePlaceId } takes a city, shows it as homePlace, and clears with null', async () => {
    const [potsdam] = await search('q=Potsdam&limit=1');
    const city = await pick({ name: 'Potsdam', lat: potsdam?.lat, lon: potsdam?.lon });
    const set = await inject('PATCH', '/api/users/me', user, { homePlaceId: city.body.place.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      homePlaceId: city.body.place.id,
      homePlace: { name: 'Potsdam', country: 'DE' },
    });
    const me = await inject('GET', '/api/users/me', user);
    expect(me.json().homePlace.id).toBe(city.body.place.id);
    const cleared = await inject('PATCH', '/api/users/me', user, { homePlaceId: null });
    expect(cleared.json().homePlaceId).toBeNull();
    expect(cleared.json().homePlace).toBeUndefined();
  });

  it('refuses an exact address as home, and a place that does not exist', async () => {
    const pin = await pick({ name: 'My flat', address: 'Lindenstraße 1', lat: 52.39, lon: 13.06 });
    const res = await inject('PATCH', '/api/users/me', user, { homePlaceId: pin.body.place.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Home must be a city, not an address');
    const unknown = await inject('PATCH', '/api/users/me', user, {
      homePlaceId: '0190a000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Place not found');
  });
});

describe('communities with a place', () => {
  it('carry placeId and place next to location, filled from the place when empty', async () => {
    const place = await pickCity('Leipzig');
    const club = await createCommunity(t, user, { name: 'Leipzig runners', placeId: place.id });
    expect(club).toMatchObject({ location: 'Leipzig, DE', placeId: place.id, place });
    const { slug } = club;
    const read = await inject('GET', `/api/communities/${slug}`);
    expect(read.json().community.place.id).toBe(place.id);
    const cleared = await inject('PATCH', `/api/communities/${slug}`, user, { placeId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().community).toMatchObject({ location: 'Leipzig, DE', placeId: null });
    const unknown = await inject('PATCH', `/api/communities/${slug}`, user, {
      placeId: '0190a000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Place not found');
  });

  it('near=: only communities within the radius, each with its distance', async () => {
    const club = await createCommunity(t, user, {
      name: 'Dresden chess',
      placeId: (await pickCity('Dresden')).id,
    });
    const list = async (query: string) => {
      const res = await inject('GET', `/api/communities?${query}`);
      return { status: res.statusCode, body: res.json() };
    };
    // Pirna is about 18 km from Dresden; Berlin about 165 km.
    const fromPirna = await list('near=50.96,13.94');
    expect(fromPirna.status).toBe(200);
    const found = fromPirna.body.communities.find((c: { id: string }) => c.id === club.id);
    expect(found.distanceKm).toBeGreaterThan(15);
    expect(found.distanceKm).toBeLessThan(25);
    // The place comes with the distance (one query for both).
    expect(found.place).toMatchObject({ name: 'Dresden', country: 'DE', source: 'gazetteer' });
    expect((await list('near=52.52,13.40&radiusKm=100')).body.communities).toEqual([]);
    const bad = await list('near=1,2&radiusKm=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Radius must be/);
  });
});
