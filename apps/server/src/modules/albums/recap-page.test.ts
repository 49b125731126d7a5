import { photoResponse, recapResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCommunity, createEvent, requestOk, uploadImage, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Townsquare helps you discover local events." />
    <title>Townsquare</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const t = useTestApp({ web: { 'index.html': TEMPLATE } });
const [host] = useUsers(t, [{ fullName: 'Hana Host' }]);

/** The JSON-LD block of a page. */
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('the recap page (server-rendered for sharing)', () => {
  it('has Open Graph tags with the cover, a JSON-LD Article about the event, the author and the next run', async () => {
    const club = await createCommunity(t, host);
    const ran = await createEvent(t, host, { communityId: club.id, title: 'Thursday run <1>' });
    const next = await createEvent(t, host, {
      communityId: club.id,
      title: 'Thursday run <2>',
      timeZone: 'Europe/Berlin',
      startDate: '2031-12-04T18:00:00.000Z',
      endDate: '2031-12-04T19:00:00.000Z',
    });
    await t.db.execute(sql`update events set start_date = now() - interval '2 hours' where id = ${ran}`);
    const { photo } = photoResponse.parse(
      await requestOk(t, host, 'POST', `/api/events/${ran}/album`, {
        imageUrl: await uploadImage(t, host, 'event-image'),
      }),
    );
    const { recap } = recapResponse.parse(
      await requestOk(t, host, 'POST', `/api/events/${ran}/recaps`, {
        title: 'Rain & <mud>',
        body: 'We ran <fast>.\n\nThen cake.',
        photoIds: [photo.id],
      }),
    );

    const res = await t.app.inject({ method: 'GET', url: `/recaps/${recap.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Rain &amp; &lt;mud&gt; · Townsquare</title>');
    expect(html).toContain('<meta property="og:type" content="article" />');
    // The cover as uploaded: a PNG (or JPEG) every preview reads, not a WebP copy.
    expect(html).toContain(`<meta property="og:image" content="${photo.imageUrl}" />`);
    expect(photo.imageUrl).toMatch(/\.png$/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<fast>');
    expect(html).toContain('<p>We ran &lt;fast&gt;.</p><p>Then cake.</p>');
    expect(html).toContain('By Hana Host');
    expect(html).toContain(`<a href="/event/${next}">Come to the next one: Thu 4 Dec, 19:00 CET</a>`);

    const article = jsonLd(html);
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: 'Rain & <mud>',
      author: { '@type': 'Person', name: 'Hana Host' },
      about: { '@type': 'Event', name: 'Thursday run <1>', url: `${t.config.publicUrl}/event/${ran}` },
      image: [photo.imageUrl],
    });

    // In German for a German reader.
    const de = await t.app.inject({
      method: 'GET',
      url: `/recaps/${recap.id}`,
      headers: { 'accept-language': 'de' },
    });
    expect(de.body).toContain('Komm zum nächsten Mal:');
  });

  it('is the app’s page without a head for a recap a visitor may not read', async () => {
    const club = await createCommunity(t, host, { visibility: 'PRIVATE' });
    const ran = await createEvent(t, host, { communityId: club.id });
    await t.db.execute(sql`update events set start_date = now() - interval '2 hours' where id = ${ran}`);
    const { recap } = recapResponse.parse(
      await requestOk(t, host, 'POST', `/api/events/${ran}/recaps`, { title: 'Members only', body: 'Shh.' }),
    );
    const res = await t.app.inject({ method: 'GET', url: `/recaps/${recap.id}` });
    expect(res.body).not.toContain('Members only');
    expect(res.body).not.toContain('application/ld+json');
    const unknown = await t.app.inject({ method: 'GET', url: '/recaps/not-a-recap' });
    expect(unknown.body).not.toContain('application/ld+json');
  });
});
