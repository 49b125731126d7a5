import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EVENT_BANNER_SIZES } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, makeFriends, type TestUser, uploadImage, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { expectTemplateOnly } from '../../test/web-pages.ts';

/**
 * A public event's page is sent rendered (markup in #root, the event as a JSON data
 * block, its picture preloaded), from the anonymous view only. The web build's renderer is stood
 * in for by a module of the same shape (the real one is apps/web/src/prerender.tsx).
 */

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Townsquare · Connect with your local community</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Renders the title escaped, as React does, and a preload hint first, as React does for a priority image. */
const RENDERER = `
const esc = (s) => s.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderEventPage(event) {
  if (event.title === 'Renderer breaks') throw new Error('boom');
  return {
    title: esc(event.title) + ' · Townsquare',
    markup: (event.imageUrl ? '<link rel="preload" as="image" href="' + esc(event.imageUrl) + '"/>' : '') +
      '<main><h1>' + esc(event.title) + '</h1><p>' + esc(event.location) + '</p></main>',
  };
}
/** A community page: what it was given (its events, its news, the language), escaped. */
export async function renderCommunityPage(data, options) {
  const c = data.community;
  if (c.name === 'Renderer breaks') throw new Error('boom');
  const list = (items) => '<ul>' + items.map((i) => '<li>' + esc(i.title) + '</li>').join('') + '</ul>';
  return {
    title: esc(c.name) + ' · Townsquare',
    markup: '<main data-locale="' + esc(options?.locale ?? '') + '"><h1>' + esc(c.name) + '</h1><p>' +
      esc(c.description) + '</p>' + list(data.upcoming.events) +
      list(data.announcements?.announcements ?? []) + '</main>',
  };
}
/** A city page: the slug it was asked for, the city's name and the language. */
export async function renderNearCityPage(slug, data, options) {
  if (data.city.name === 'Paris') throw new Error('boom');
  return {
    title: esc(data.city.name) + ' · Townsquare',
    markup: '<main data-locale="' + esc(options?.locale ?? '') + '" data-slug="' + esc(slug) + '"><h1>' +
      esc(data.city.name) + '</h1></main>',
  };
}
`;

/** The build's template for rendered pages: the app starts from a boot script after the first paint. */
const EVENT_TEMPLATE = TEMPLATE.replace(
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '<script type="module" src="/assets/boot-abc123.js"></script>',
);

/** The community page's template, preloading that route's chunks (another boot script). */
const COMMUNITY_TEMPLATE = TEMPLATE.replace(
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '<script type="module" src="/assets/boot-community1.js"></script>',
);

/** The city page's template, preloading that route's chunks. */
const CITY_TEMPLATE = TEMPLATE.replace(
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '<script type="module" src="/assets/boot-city1.js"></script>',
);

const HOSTILE = `</script><script>alert(1)</script> \u2028 & "x"`;

const t = useTestApp({
  env: { PUBLIC_URL: 'https://town.example' },
  web: {
    'index.html': TEMPLATE,
    'ssr/render.mjs': RENDERER,
    'ssr/event.html': EVENT_TEMPLATE,
    'ssr/community.html': COMMUNITY_TEMPLATE,
    'ssr/city.html': CITY_TEMPLATE,
  },
});
const [ada, ben] = useUsers(t, [{ username: 'ada_render' }, { username: 'ben_render' }]);
let image: string;
let publicId: string;
let hostileId: string;
let privateId: string;
let draftId: string;
let brokenId: string;

beforeAll(async () => {
  await makeFriends(t, ada, ben);
  image = await uploadImage(t, ada, 'event-image');
  publicId = await createEvent(t, ada, { title: 'Riverside run', location: 'North gate', imageUrl: image });
  hostileId = await createEvent(t, ada, { title: HOSTILE, location: '<b>Hall</b>' });
  privateId = await createEvent(t, ada, {
    title: 'Secret dinner',
    visibility: 'PRIVATE',
    location: 'Secret place',
  });
  draftId = await createEvent(t, ada, { title: 'Draft picnic', status: 'DRAFT' });
  brokenId = await createEvent(t, ada, { title: 'Renderer breaks' });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function pageData(html: string): Record<string, unknown> | undefined {
  const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? JSON.parse(block[1] ?? '') : undefined;
}

describe('server-rendered public event pages', () => {
  it('sends the event rendered in #root, its data as the public API shows it, and its picture preloaded', async () => {
    const res = await get(`/event/${publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>Riverside run</h1><p>North gate</p></main></div>');
    const api = await get(`/api/events/public/${publicId}`);
    expect(pageData(res.body)).toEqual((api.json() as { data: unknown }).data);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // The copy the banner's srcset picks, not the full-size original.
    const key = image.slice(image.indexOf('event-image/'));
    const srcset = [480, 960, 1600].map((w) => `/api/images/${w}/${key} ${w}w`).join(', ');
    expect(head).toContain(
      `<link rel="preload" as="image" href="/api/images/960/${key}" imagesrcset="${srcset}" imagesizes="${EVENT_BANNER_SIZES}" fetchpriority="high" />`,
    );
    // React's own hint was moved to the head, not sent twice.
    expect(res.body.slice(res.body.indexOf('</head>'))).not.toContain('rel="preload"');
    // The same bytes for everyone who reads the same language (<html lang>, the
    // description): only the encoding and the language vary, and nobody caches a stale copy
    // (browsers and proxies may keep it, and ask again with its ETag: decision 081).
    expect(res.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it("puts a rendered page in the build's event template (the app starts after paint), else in the shell", async () => {
    const rendered = (await get(`/event/${publicId}`)).body;
    expect(rendered).toContain('<script type="module" src="/assets/boot-abc123.js"></script>');
    expect(rendered).not.toContain('index-abc123.js');
    // Nothing rendered (the renderer failed): the shell, whose scripts start the app at once.
    expect((await get(`/event/${brokenId}`)).body).toContain('src="/assets/index-abc123.js"');
    // A build without the template: the shell, as before.
    await rm(path.join(t.webDist, 'ssr', 'event.html'));
    try {
      const shellOnly = (await get(`/event/${publicId}`)).body;
      expect(shellOnly).toContain('<main><h1>Riverside run</h1>');
      expect(shellOnly).toContain('src="/assets/index-abc123.js"');
    } finally {
      await writeFile(path.join(t.webDist, 'ssr', 'event.html'), EVENT_TEMPLATE);
    }
  });

  it('renders the anonymous view whoever asks: the organizer and a friend get the same page', async () => {
    const anonymous = (await get(`/event/${publicId}`)).body;
    expect((await get(`/event/${publicId}`, ada.auth)).body).toBe(anonymous);
    expect((await get(`/event/${publicId}`, ben.auth)).body).toBe(anonymous);
    expect(pageData(anonymous)?.myRsvp ?? null).toBeNull();
  });

  it('keeps the data block a data block: nothing in the event can end it or run', async () => {
    const html = (await get(`/event/${hostileId}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>Hall</b>');
    const block =
      /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    expect(pageData(html)?.title).toBe(HOSTILE);
    const inline = [...html.matchAll(/<script\b([^>]*)>/gi)]
      .map((m) => m[1] ?? '')
      .filter((a) => !/\bsrc=/.test(a));
    expect(inline).toEqual([' type="application/ld+json"', ' type="application/json" id="page-data"']);
  });

  it('never renders a private or draft event, whoever asks: the shell as built', async () => {
    const hidden = [
      [privateId, 'Secret'],
      [draftId, 'Draft picnic'],
      ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', ''],
    ] as const;
    await expectTemplateOnly(t, TEMPLATE, hidden, [ada, ben]);
  });

  it('sends the page with its head only when the renderer fails', async () => {
    const res = await get(`/event/${brokenId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>Renderer breaks · Townsquare</title>');
    expect(pageData(res.body)).toBeUndefined();
  });

  it('does not serve the renderer itself, nor its template', async () => {
    const res = await get('/ssr/render.mjs');
    expect(res.body).not.toContain('renderEventPage');
    expect((await get('/ssr/event.html')).body).not.toContain('boot-abc123.js');
  });
});

describe('server-rendered community pages', () => {
  async function community(
    owner: TestUser,
    payload: Record<string, unknown>,
  ): Promise<{ id: string; slug: string }> {
    const res = await t.app.inject({ method: 'POST', url: '/api/communities', headers: owner.auth, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().community;
  }
  async function announce(owner: TestUser, slug: string, title: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/communities/${slug}/announcements`,
      headers: owner.auth,
      payload: { title, message: `${title}: details inside.` },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1];

  it("sends the renderer's markup in the community template, with the data the API gives a signed-out visitor", async () => {
    const club = await community(ada, {
      name: 'Supper <Club> & "Friends"',
      description: 'Long suppers, </script> short speeches.',
      location: 'Kreuzberg',
    });
    await createEvent(t, ada, { title: 'Winter supper', communityId: club.id });
    await createEvent(t, ada, { title: 'Draft supper', communityId: club.id, status: 'DRAFT' });
    await announce(ada, club.slug, 'New venue');

    const res = await get(`/c/${club.slug}`);
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toBe(
      '<main data-locale="en"><h1>Supper &#60;Club&#62; &#38; &#34;Friends&#34;</h1>' +
        '<p>Long suppers, &#60;/script&#62; short speeches.</p>' +
        '<ul><li>Winter supper</li></ul><ul><li>New venue</li></ul></main>',
    );
    // The community template (its route's boot script), not the shell's scripts nor the event's.
    expect(res.body).toContain('<script type="module" src="/assets/boot-community1.js"></script>');
    expect(res.body).not.toContain('index-abc123.js');
    expect(res.body).not.toContain('boot-abc123.js');
    expect(res.body).toContain('<title>Supper &lt;Club&gt; &amp; &quot;Friends&quot; · Townsquare</title>');

    // One data source: exactly the API's anonymous answers, which the app hydrates from.
    const data = pageData(res.body) as Record<string, unknown>;
    const api = (url: string) => get(url).then((r) => r.json());
    expect(data).toEqual({
      community: (await api(`/api/communities/${club.slug}`)).community,
      upcoming: await api(`/api/communities/${club.slug}/events?when=upcoming&limit=50`),
      announcements: await api(`/api/communities/${club.slug}/announcements`),
      people: await api(`/api/communities/${club.slug}/people`),
      sponsors: await api(`/api/communities/${club.slug}/sponsors`),
      recaps: await api(`/api/communities/${club.slug}/recaps`),
    });
    const block =
      /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(block).not.toMatch(/[<>&]/);

    // The same bytes whoever asks (the owner is a member: their own view is the app's, signed in).
    expect((await get(`/c/${club.slug}`, ada.auth)).body).toBe(res.body);
    expect((await get(`/c/${club.slug}`, ben.auth)).body).toBe(res.body);
    // Rendered in the negotiated language, which <html lang> names.
    const german = (await get(`/c/${club.slug}`, { 'accept-language': 'de' })).body;
    expect(root(german)).toContain('<main data-locale="de">');
    expect(german).toContain('<html lang="de">');
  });

  it('renders a private community as a signed-out visitor sees it: its card, no events, no news', async () => {
    const club = await community(ada, {
      name: 'Hidden Supper Circle',
      description: 'By invitation.',
      visibility: 'PRIVATE',
    });
    await createEvent(t, ada, { title: 'Members-only supper', communityId: club.id });
    await announce(ada, club.slug, 'Secret menu');

    for (const headers of [{}, ada.auth, ben.auth]) {
      const html = (await get(`/c/${club.slug}`, headers)).body;
      expect(root(html)).toBe(
        '<main data-locale="en"><h1>Hidden Supper Circle</h1><p>By invitation.</p><ul></ul><ul></ul></main>',
      );
      expect(html).not.toContain('Members-only supper');
      expect(html).not.toContain('Secret menu');
      expect(pageData(html)).toEqual({
        community: (await get(`/api/communities/${club.slug}`)).json().community,
        upcoming: { events: [], nextCursor: null },
      });
    }
    // What the API tells a signed-out visitor: the card, not the events nor the news.
    expect((await get(`/api/communities/${club.slug}/announcements`)).statusCode).toBe(403);
  });

  it('falls back to the head only when the renderer fails, and sends an unknown community the shell', async () => {
    const club = await community(ada, { name: 'Renderer breaks', description: 'Boom.' });
    const res = await get(`/c/${club.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>Renderer breaks · Townsquare</title>');
    expect(res.body).toContain('src="/assets/index-abc123.js"');
    expect(pageData(res.body)).toBeUndefined();

    expect((await get('/c/no-such-club-anywhere')).body).toBe(TEMPLATE);
  });

  it('uses the shell when the build has no community template', async () => {
    const club = await community(ada, { name: 'Template-less Club', description: 'Plain.' });
    await rm(path.join(t.webDist, 'ssr', 'community.html'));
    try {
      const html = (await get(`/c/${club.slug}`)).body;
      expect(root(html)).toContain('<h1>Template-less Club</h1>');
      expect(html).toContain('src="/assets/index-abc123.js"');
    } finally {
      await writeFile(path.join(t.webDist, 'ssr', 'community.html'), COMMUNITY_TEMPLATE);
    }
  });
});

describe('server-rendered city pages', () => {
  it("sends the renderer's markup in the city template, in the negotiated language, with the API's answer", async () => {
    const res = await get('/near/berlin-de', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main data-locale="de" data-slug="berlin-de"><h1>Berlin</h1></main></div>',
    );
    expect(res.body).toContain('/assets/boot-city1.js');
    expect(res.body).not.toContain('/assets/index-abc123.js');
    const api = await get('/api/near/berlin-de');
    expect(pageData(res.body)).toEqual(api.json());
  });

  it('falls back to the plain list made on the server, without a data block, when the renderer fails', async () => {
    const res = await get('/near/paris-fr');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>');
    expect(res.body).toContain('/assets/index-abc123.js');
    expect(pageData(res.body)).toBeUndefined();
  });
});
