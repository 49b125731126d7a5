import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, makeFriends, uploadImage, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { expectTemplateOnly } from '../../test/web-pages.ts';
import { injectHead } from './head.ts';

/** Robots.txt, the sitemap, link previews and noindex on public profiles. */

const GENERIC_TITLE = 'Townsquare · Connect with your local community';
/** Shaped like the Vite build of apps/web/index.html. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta
      name="description"
      content="Townsquare helps you discover local events, clubs and meetups."
    />
    <title>${GENERIC_TITLE}</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const PUBLIC_URL = 'https://town.example';
const HOSTILE_TITLE = `</script><script>alert("x")</script> Ada's "jam" & co`;

const t = useTestApp({ env: { PUBLIC_URL }, web: { 'index.html': TEMPLATE } });
const [ada, ben] = useUsers(t, [
  { username: 'ada_pages', fullName: 'Ada Organizer' },
  { username: 'ben_pages' },
]);
let publicId: string;
let hostileId: string;
let privateId: string;
let draftId: string;
let pastId: string;
let image: string;

beforeAll(async () => {
  await makeFriends(t, ada, ben);
  image = await uploadImage(t, ada, 'event-image');
  publicId = await createEvent(t, ada, {
    title: 'Riverside park run',
    description: 'An easy 5 km around the park, all paces welcome.',
    location: 'Riverside Park, north gate',
    isFree: false,
    cost: 5,
    imageUrl: image,
  });
  hostileId = await createEvent(t, ada, {
    title: HOSTILE_TITLE,
    description: `</script><img src=x onerror=alert(1)> "quoted" \u2028 line`,
    location: '<b>Hall</b> & "annex"',
  });
  privateId = await createEvent(t, ada, { title: 'Secret birthday dinner', visibility: 'PRIVATE' });
  draftId = await createEvent(t, ada, { title: 'Unannounced draft picnic', status: 'DRAFT' });
  pastId = await createEvent(t, ada, {
    title: 'Last year fair',
    startDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    endDate: new Date(Date.now() - 3 * 86_400_000 + 3_600_000).toISOString(),
  });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The content of `<meta name|property="key">`, unescaped, or undefined. */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return tag?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function jsonLd(html: string): Record<string, unknown> | undefined {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return block ? JSON.parse(block[1] ?? '') : undefined;
}

/** Every `<script>` element of the page: those without `src` must be data, never code. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '').filter((a) => !/\bsrc=/.test(a));
}

describe('robots.txt', () => {
  it('keeps the API and private pages out and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of [
      '/api/',
      '/dashboard',
      '/settings',
      '/admin',
      '/messages',
      '/friends',
      '/profile',
      '/events',
    ]) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Event pages, public profiles (their noindex must be read) and images stay crawlable.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const open of ['/event/1', '/user/1', '/uploads/x.png', '/', '/about']) {
      expect(
        disallowed.some((d) => open.startsWith(d)),
        open,
      ).toBe(false);
    }
  });
});

describe('sitemap.xml', () => {
  it('lists the public static pages and the upcoming public events, nothing else', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/about`);
    expect(locs).toContain(`${PUBLIC_URL}/event/${publicId}`);
    expect(locs).toContain(`${PUBLIC_URL}/event/${hostileId}`);
    for (const hidden of [privateId, draftId, pastId])
      expect(locs).not.toContain(`${PUBLIC_URL}/event/${hidden}`);
    expect(locs.some((l) => l?.includes('/dashboard') || l?.includes('/user/'))).toBe(false);
    expect(res.body).toMatch(
      new RegExp(`<loc>${PUBLIC_URL}/event/${publicId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );
  });
});

describe('link previews of /event/:id', () => {
  it("fills in a public event's title, description, Open Graph, Twitter card and schema.org Event", async () => {
    const res = await get(`/event/${publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Kept and revalidated by browsers and proxies (decision 081).
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const html = res.body;
    expect(html).toContain('<title>Riverside park run · Townsquare</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).toContain('An easy 5 km around the park');
    expect(meta(html, 'description')).toContain('Riverside Park, north gate');
    expect(meta(html, 'og:title')).toBe('Riverside park run');
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'og:image')).toBe(image);
    expect(meta(html, 'og:image')).toMatch(/^https?:\/\//);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/event/${publicId}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/event/${publicId}" />`);

    const api = (await get(`/api/events/public/${publicId}`)).json().data;
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Riverside park run',
      // In the event's own offset (its zone is UTC here): the same moments as the API's.
      startDate: api.startDate.replace(/\.\d{3}Z$/, '+00:00'),
      endDate: api.endDate.replace(/\.\d{3}Z$/, '+00:00'),
      location: { '@type': 'Place', name: 'Riverside Park, north gate' },
      organizer: { '@type': 'Person', name: 'Ada Organizer', url: `${PUBLIC_URL}/user/${ada.user.id}` },
      isAccessibleForFree: false,
      offers: { '@type': 'Offer', price: 5 },
    });
    // The app itself is still there, untouched.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes everything: a title with </script> and quotes cannot break out', async () => {
    const html = (await get(`/event/${hostileId}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Hall</b>');
    expect(inlineScripts(html)).toEqual([' type="application/ld+json"']);
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ada&#39;s &quot;jam&quot; &amp; co · Townsquare</title>',
    );
    expect(meta(html, 'og:title')).toBe(HOSTILE_TITLE);
    const data = jsonLd(html);
    expect(data?.name).toBe(HOSTILE_TITLE);
    expect(data?.description).toContain('</script><img src=x onerror=alert(1)>');
    expect(data?.location).toMatchObject({ name: '<b>Hall</b> & "annex"' });
    expect(data?.isAccessibleForFree).toBe(true);
    // No event picture: the site's own, still absolute, and the small card.
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/images/hero-community.png`);
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('gives drafts, private, past-private and unknown events the generic page, whoever asks', async () => {
    // The organizer's own token changes nothing: the head is what a preview bot would see.
    const hidden = [
      [privateId, 'Secret birthday dinner'],
      [draftId, 'Unannounced draft picnic'],
      ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', ''],
      ['not-an-id', ''],
      ['%00', ''],
      ['x'.repeat(300), ''],
    ] as const;
    await expectTemplateOnly(t, TEMPLATE, hidden, [ada, ben]);
  });

  it('keeps the CSP without inline script on filled-in pages', async () => {
    const res = await get(`/event/${publicId}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-inline/);
    expect(inlineScripts(res.body)).toEqual([' type="application/ld+json"']);
  });

  it('compresses the page when the client accepts it', async () => {
    const res = await get(`/event/${publicId}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('public profiles', () => {
  it('are served with noindex and nothing else changed', async () => {
    const res = await get(`/user/${ada.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(res.body).toContain(`<title>${GENERIC_TITLE}</title>`);
    expect(res.body).not.toContain('Ada Organizer');
    expect(res.body.replace(/\s*<meta name="robots" content="noindex" \/>/, '')).toBe(TEMPLATE);
  });

  it('other app pages stay the plain app, without noindex', async () => {
    for (const url of ['/', '/about', '/dashboard', '/event/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(TEMPLATE);
    }
  });
});

describe('injectHead on whatever index.html the build serves', () => {
  const head = {
    title: 'A & B',
    meta: [
      { property: 'og:title', content: 'A & B' },
      { name: 'description', content: 'New' },
    ],
  };

  it('puts the tags at <!--app-head--> and replaces generic tags of the same names', () => {
    const built =
      '<html><head><title>Site</title><meta property="og:title" content="Site"><meta property="og:site_name" content="Site"><!--app-head--><meta name="description" content="Old"></head><body><main>Prerendered</main></body></html>';
    const html = injectHead(built, head);
    expect(html).toBe(
      '<html><head><title>A &amp; B</title><meta property="og:site_name" content="Site"><meta property="og:title" content="A &amp; B" />\n    <meta name="description" content="New" /></head><body><main>Prerendered</main></body></html>',
    );
  });

  it('adds a title to a head without one and leaves a page without a head alone', () => {
    expect(injectHead('<head></head><body></body>', { title: 'T', meta: [] })).toContain('<title>T</title>');
    expect(injectHead('<p>no head</p>', head)).toBe('<p>no head</p>');
  });
});

describe('link previews of /c/:slug', () => {
  async function community(payload: object) {
    const res = await t.app.inject({ method: 'POST', url: '/api/communities', headers: ada.auth, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().community as { id: string; slug: string };
  }

  it("fills in a community's title, description, Open Graph and schema.org Organization; lists it in the sitemap", async () => {
    const club = await community({
      name: 'Riverside Runners',
      description: 'Easy runs by the river every Saturday morning.',
      location: 'Riverside Park',
      tags: ['Running'],
    });
    const hidden = await community({ name: 'Quiet Book Circle', visibility: 'PRIVATE' });
    const res = await get(`/c/${club.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Riverside Runners · Townsquare</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'description')).toBe('Riverside Park · Easy runs by the river every Saturday morning.');
    expect(meta(html, 'og:title')).toBe('Riverside Runners');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/c/${club.slug}`);
    expect(meta(html, 'og:image')).toMatch(/^https?:\/\//);
    // A club without a picture: a PNG, which social networks render (they do not render SVG).
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/images/hero-community.png`);
    expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}/images/hero-community.png`);
    expect(meta(html, 'robots')).toBeUndefined();
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Riverside Runners',
      url: `${PUBLIC_URL}/c/${club.slug}`,
      keywords: 'Running',
    });

    // A private community: named, but not for search results and without structured data.
    const closed = (await get(`/c/${hidden.slug}`)).body;
    expect(closed).toContain('<title>Quiet Book Circle · Townsquare</title>');
    expect(meta(closed, 'robots')).toBe('noindex');
    expect(jsonLd(closed)).toBeUndefined();
    // Unknown: the plain shell.
    expect((await get('/c/no-such-club-here')).body).toBe(TEMPLATE);

    const locs = [...(await get('/sitemap.xml')).body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC_URL}/c/${club.slug}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/c/${hidden.slug}`);

    // Its events name it as their organiser.
    const eventId = await createEvent(t, ada, { title: 'Saturday river run', communityId: club.id });
    expect(jsonLd((await get(`/event/${eventId}`)).body)).toMatchObject({
      organizer: { '@type': 'Organization', name: 'Riverside Runners', url: `${PUBLIC_URL}/c/${club.slug}` },
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    });
  });
});

describe('the schema.org Event of /event/:id follows the event', () => {
  /** A December evening next year, 19:00 in Berlin (CET, +01:00). */
  const year = new Date().getUTCFullYear() + 1;
  const start = `${year}-12-17T18:00:00.000Z`;
  const end = `${year}-12-17T20:00:00.000Z`;

  it("writes its times in the event's offset, its free-text place as a PostalAddress, and its offer", async () => {
    const id = await createEvent(t, ada, {
      title: 'Winter choir evening',
      location: 'Old town hall, Marktplatz 1',
      startDate: start,
      endDate: end,
      timeZone: 'Europe/Berlin',
      capacity: 1,
    });
    const url = `${PUBLIC_URL}/event/${id}`;
    const data = jsonLd((await get(`/event/${id}`)).body);
    expect(data).toMatchObject({
      startDate: `${year}-12-17T19:00:00+01:00`,
      endDate: `${year}-12-17T21:00:00+01:00`,
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Old town hall, Marktplatz 1',
        address: { '@type': 'PostalAddress', streetAddress: 'Old town hall, Marktplatz 1' },
      },
      offers: { '@type': 'Offer', availability: 'https://schema.org/InStock', url },
    });
    const offers = data?.offers as { validFrom: string };
    expect(offers.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);

    // The one place taken: sold out.
    const going = await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/rsvp`,
      headers: ben.auth,
      payload: { status: 'going' },
    });
    expect(going.statusCode, going.body).toBe(200);
    expect(jsonLd((await get(`/event/${id}`)).body)?.offers).toMatchObject({
      availability: 'https://schema.org/SoldOut',
    });
  });

  it('says a cancelled event is cancelled and leaves it out of the sitemap', async () => {
    const id = await createEvent(t, ada, {
      title: 'Called-off carol singing',
      startDate: start,
      endDate: end,
    });
    const sitemap = async () =>
      [...(await get('/sitemap.xml')).body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(await sitemap()).toContain(`${PUBLIC_URL}/event/${id}`);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: ada.auth,
      payload: { cancelled: true },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(jsonLd((await get(`/event/${id}`)).body)?.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(await sitemap()).not.toContain(`${PUBLIC_URL}/event/${id}`);
  });

  it("prints no address for an ATTENDEES event's free-text place (decisions 044, 062)", async () => {
    const secret = 'Flat 3, Hidden Lane 7';
    const id = await createEvent(t, ada, {
      title: 'Living-room gig',
      location: secret,
      addressVisibility: 'ATTENDEES',
      startDate: start,
      endDate: end,
    });
    const html = (await get(`/event/${id}`)).body;
    expect(html).not.toContain(secret);
    const location = jsonLd(html)?.location as Record<string, unknown>;
    expect(location['@type']).toBe('Place');
    expect(location.address).toBeUndefined();
  });
});

describe("/c/:slug without the web build's renderer", () => {
  it('sends the head only: no markup made here, no data block (the app renders the page itself)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/communities',
      headers: ada.auth,
      payload: { name: 'Supper Club Without Renderer', description: 'Long suppers.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const club = res.json().community as { slug: string };
    const html = (await get(`/c/${club.slug}`)).body;
    expect(html).toContain('<title>Supper Club Without Renderer · Townsquare</title>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('page-data');
    expect(inlineScripts(html)).toEqual([' type="application/ld+json"']);
  });
});
