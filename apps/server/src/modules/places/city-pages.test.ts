import { citySlug, type NearCityResponse, type Place } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, requestAs, type TestUser, verifyEmail } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** City pages `/near/:city` and `GET /api/near/:city`, and the cities in the sitemap. */

const t = useTestApp({
  // Pages are read again after events change: each read made anew (decision 062's cache is off).
  env: { PUBLIC_URL: 'https://town.example', PAGE_CACHE_SECONDS: '0' },
  web: {
    'index.html':
      '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body><div id="root"></div></body></html>',
  },
});
const inject = requestAs(t);
let host: TestUser;
let berlin: Place;
let publicId: string;
let privateId: string;
let farId: string;

async function place(body: object): Promise<Place> {
  const res = await inject('POST', '/api/places', host, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().place as Place;
}

beforeAll(async () => {
  host = await createUser(t);
  await verifyEmail(t, host);
  berlin = await place({ name: 'Berlin', lat: 52.52437, lon: 13.41053 });
  const potsdam = await place({ name: 'Potsdam', lat: 52.39886, lon: 13.06566 });
  const paris = await place({ name: 'Paris', lat: 48.85341, lon: 2.3488 });
  publicId = await createEvent(t, host, { title: 'Spree cleanup', placeId: berlin.id });
  privateId = await createEvent(t, host, {
    title: 'Secret supper',
    placeId: berlin.id,
    visibility: 'PRIVATE',
  });
  farId = await createEvent(t, host, { title: 'Seine picnic', placeId: paris.id });
  // Potsdam is 27 km from Berlin's centre: outside the 25 km of the page.
  await createEvent(t, host, { title: 'Sanssouci walk', placeId: potsdam.id });
  await inject('POST', '/api/communities', host, {
    name: 'Berlin Bikers',
    description: 'We ride on Sundays.',
    placeId: berlin.id,
  });
});
describe('city pages', () => {
  it('GET /api/near/berlin-de: the city, its upcoming public events and communities within 25 km', async () => {
    const res = await inject('GET', '/api/near/berlin-de');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as NearCityResponse;
    expect(page.city).toMatchObject({
      slug: 'berlin-de',
      name: 'Berlin',
      country: 'DE',
      timeZone: 'Europe/Berlin',
    });
    expect(page.radiusKm).toBe(25);
    const ids = page.events.map((e) => e.id);
    expect(ids).toContain(publicId);
    expect(ids).not.toContain(privateId);
    expect(ids).not.toContain(farId);
    expect(page.events.map((e) => e.title)).not.toContain('Sanssouci walk');
    expect(page.events[0]?.distanceKm).toBeLessThan(1);
    expect(page.communities.map((c) => c.name)).toEqual(['Berlin Bikers']);
  });

  it('picks the most populous city when two share a slug, and 404s an unknown one', async () => {
    const biggest = await t.db.execute<{ lat: number }>(
      sql`select lat from gazetteer where name = 'Springfield' and country = 'US' and feature_code <> 'PPLX' order by population desc limit 1`,
    );
    const res = await inject('GET', '/api/near/springfield-us');
    expect(res.statusCode).toBe(200);
    expect((res.json() as NearCityResponse).city.lat).toBe(biggest.rows[0]?.lat);
    for (const slug of ['nowhere-xx', 'berlin', 'Berlin-DE', '-de', 'x'.repeat(90)]) {
      const missing = await inject('GET', `/api/near/${slug}`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json().message, slug).toBe('City not found');
    }
  });

  it('slugs drop accents and punctuation', () => {
    expect(citySlug('Frankfurt am Main', 'DE')).toBe('frankfurt-am-main-de');
    expect(citySlug('Zürich', 'CH')).toBe('zurich-ch');
    expect(citySlug('Saint-Étienne', 'FR')).toBe('saint-etienne-fr');
  });

  it('finds a city whose name has accents by its slug', async () => {
    const res = await inject('GET', '/api/near/zurich-ch');
    expect(res.statusCode).toBe(200);
    expect((res.json() as NearCityResponse).city.name).toBe('Zürich');
  });

  it('lists at most 50 events soonest first and 20 communities biggest first, each with its place and distance', async () => {
    // Copies of the public event (later starts) and of the community (more members), in SQL.
    await t.db.execute(sql`insert into events (id, creator_id, title, description, location, start_date, end_date,
        status, visibility, place_id, time_zone)
      select gen_random_uuid(), creator_id, 'Copy ' || i, description, location,
        start_date + i * interval '1 day', end_date + i * interval '1 day', status, visibility, place_id, time_zone
      from events, generate_series(1, 55) i where id = ${publicId}`);
    await t.db.execute(sql`insert into communities (id, kind, slug, name, place_id, member_count, created_by)
      select gen_random_uuid(), kind, 'copy-' || i, 'Copy club ' || i, place_id, 1 + i, created_by
      from communities, generate_series(1, 25) i where name = 'Berlin Bikers'`);
    try {
      const page = (await inject('GET', '/api/near/berlin-de')).json() as NearCityResponse;
      expect(page.events).toHaveLength(50);
      expect(page.events[0]?.id).toBe(publicId);
      expect(page.events.slice(1, 4).map((e) => e.title)).toEqual(['Copy 1', 'Copy 2', 'Copy 3']);
      const starts = page.events.map((e) => Date.parse(e.startDate));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const e of page.events) {
        expect(e.place).toMatchObject({ id: berlin.id, city: 'Berlin', country: 'DE', lat: berlin.lat });
        expect(e.distanceKm).toBeLessThan(1);
      }
      expect(page.communities).toHaveLength(20);
      expect(page.communities.slice(0, 3).map((c) => c.name)).toEqual([
        'Copy club 25',
        'Copy club 24',
        'Copy club 23',
      ]);
      expect(page.communities[0]).toMatchObject({
        place: { id: berlin.id, city: 'Berlin' },
        viewerRole: null,
      });
      expect(page.communities[0]?.distanceKm).toBeLessThan(1);
    } finally {
      await t.db.execute(sql`delete from events where title like 'Copy %'`);
      await t.db.execute(sql`delete from communities where slug like 'copy-%'`);
    }
  });

  it('/near/berlin-de is rendered on the server: title, Open Graph, an ItemList of Events and the list', async () => {
    const res = await inject('GET', '/near/berlin-de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Events and communities near Berlin, DE · Townsquare</title>');
    expect(html).toContain('property="og:url" content="https://town.example/near/berlin-de"');
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}',
    );
    expect(ld['@type']).toBe('ItemList');
    expect(ld.itemListElement[0]).toMatchObject({
      '@type': 'ListItem',
      position: 1,
      item: { '@type': 'Event', name: 'Spree cleanup', url: `https://town.example/event/${publicId}` },
    });
    expect(ld.itemListElement[0].item.location.address).toMatchObject({
      addressLocality: 'Berlin',
      addressCountry: 'DE',
    });
    expect(html).toContain(`<a href="/event/${publicId}">Spree cleanup</a>`);
    expect(html).not.toContain('Secret supper');
  });

  it('/near/berlin-de in German: the head, the first paint and the 404 page', async () => {
    const res = await inject('GET', '/near/berlin-de', undefined, undefined, {
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Events und Communitys in der Nähe von Berlin, DE · Townsquare</title>');
    expect(html).toContain(
      'content="1 anstehendes Event und 1 Community im Umkreis von 25 km um Berlin, DE auf Townsquare."',
    );
    expect(html).toContain('<h1>Was los ist in der Nähe von Berlin, DE</h1><h2>Anstehende Events</h2>');
    const missing = await inject('GET', '/near/atlantis-xx', undefined, undefined, { cookie: 'locale=de' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Stadt nicht gefunden · Townsquare</title>');
  });

  it('an unknown city is a 404 page', async () => {
    const res = await inject('GET', '/near/atlantis-xx');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>City not found · Townsquare</title>');
  });

  it('the sitemap lists the cities with upcoming public events', async () => {
    const res = await inject('GET', '/sitemap.xml');
    expect(res.body).toContain('<loc>https://town.example/near/berlin-de</loc>');
    expect(res.body).toContain('<loc>https://town.example/near/paris-fr</loc>');
    expect(res.body).not.toContain('/near/springfield-us');
  });
});
