import type { EventDto, Place } from '@townsquare/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, eventBody, type TestUser, verifyEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 22: events with a place, and "near me" lists. Cities are picked through the API so their
 * coordinates are the gazetteer's.
 */

let t: TestApp;
let host: TestUser;
let viewer: TestUser;
const city: Record<string, Place> = {};

async function pickCity(name: string, near: string): Promise<Place> {
  const found = await t.app.inject({
    method: 'GET',
    url: `/api/places/search?q=${encodeURIComponent(name)}&near=${near}&limit=1`,
  });
  const [candidate] = found.json().places as Place[];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/places',
    headers: host.auth,
    payload: { name: candidate?.name, lat: candidate?.lat, lon: candidate?.lon },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().place as Place;
}

async function getEvent(id: string, as: TestUser = viewer): Promise<EventDto> {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${id}`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event as EventDto;
}

beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t);
  viewer = await createUser(t);
  await verifyEmail(t, host);
  city.berlin = await pickCity('Berlin', '52.52,13.40');
});
afterAll(() => t.close());

describe('events with a place', () => {
  it('fill location and time zone from the place when the host gave none, and carry the place', async () => {
    const { location: _typed, ...body } = eventBody({ placeId: city.berlin?.id });
    const res = await t.app.inject({ method: 'POST', url: '/api/events', headers: host.auth, payload: body });
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
    const { location: _typed, ...body } = eventBody();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: host.auth,
      payload: body,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Location is required');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: host.auth,
      payload: eventBody({ placeId: '0190a000-0000-7000-8000-000000000000' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Place not found');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: host.auth,
      payload: eventBody({ placeId: 'berlin' }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Place id is not valid');
  });

  it('a place set later brings its zone; clearing it keeps location as typed', async () => {
    const id = await createEvent(t, host);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: host.auth,
      payload: { placeId: city.berlin?.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().event).toMatchObject({
      placeId: city.berlin?.id,
      timeZone: 'Europe/Berlin',
      location: 'Riverside Park, north gate',
    });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: host.auth,
      payload: { placeId: null },
    });
    expect(cleared.json().event.placeId).toBeNull();
    expect(cleared.json().event.place).toBeUndefined();
    expect(cleared.json().event.location).toBe('Riverside Park, north gate');
  });
});
