import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.ts';
import { eventually } from '../../test/eventually.ts';
import { createEvent, useUsers } from '../../test/factories.ts';
import { resolveTestRedis, type TestRedis } from '../../test/redis.ts';
import { api, type RunningServer, startServer } from '../../test/servers.ts';
import { createTestDatabase, useTestApp } from '../../test/test-app.ts';

/**
 * Decision 081: signed-out pages and public answers come from the public cache, with an ETag (304
 * when the client has it), are made afresh once a domain event says what they show changed (on
 * every instance sharing Redis), a signed-in JSON request is never given what was cached, and a
 * page (the anonymous view for everyone) is cached whoever asks.
 */

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><title>Townsquare</title></head>
  <body><div id="root"></div></body>
</html>
`;

/** Renames the event behind the application's back: no domain event, so nothing is invalidated. */
async function renameQuietly(
  run: (q: ReturnType<typeof sql>) => Promise<unknown>,
  id: string,
  title: string,
) {
  await run(sql`update events set title = ${title} where id = ${id}`);
}

describe('one instance (the cache in memory)', () => {
  const t = useTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' }, web: { 'index.html': TEMPLATE } });
  const [host] = useUsers(t, [{ username: 'cache_host' }]);
  let id: string;
  beforeAll(async () => {
    id = await createEvent(t, host, { title: 'Lantern walk by the canal' });
    // The creation's own invalidation is handled before any test reads: later reads see only
    // what each test does.
    await t.background.drain();
  });

  it('sends the event page and its JSON with an ETag, and 304 to a client that has it', async () => {
    for (const url of [`/event/${id}`, `/api/events/public/${id}`]) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.body).toContain('Lantern walk by the canal');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
      expect(other.statusCode).toBe(200);
    }
  });

  it('keeps a page until a domain event says it changed, then makes it afresh', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/event/${id}` });
    await renameQuietly((q) => t.db.execute(q), id, 'Renamed behind the cache');
    // Nothing recorded: still the cached page, for pages and JSON alike.
    expect((await t.app.inject({ method: 'GET', url: `/event/${id}` })).body).toBe(before.body);
    const json = await t.app.inject({ method: 'GET', url: `/api/events/public/${id}` });
    expect(json.body).not.toContain('Renamed behind the cache');
    // A signed-in request is never given what was cached: it reads the row as it is.
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/api/events/public/${id}`,
      headers: host.auth,
    });
    expect(signedIn.body).toContain('Renamed behind the cache');
    expect(signedIn.headers.etag).toBeUndefined();
    // A page is the anonymous view whoever asks: a token does not buy a fresh render.
    const signedInPage = await t.app.inject({ method: 'GET', url: `/event/${id}`, headers: host.auth });
    expect(signedInPage.body).toBe(before.body);
    expect(signedInPage.headers.etag).toBe(before.headers.etag);
    // An edit through the API records `event.changed`: a new generation, a new page and ETag.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: host.auth,
      payload: { title: 'Lantern walk, now with soup' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.background.drain();
    const after = await t.app.inject({ method: 'GET', url: `/event/${id}` });
    expect(after.body).toContain('Lantern walk, now with soup');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const afterJson = await t.app.inject({ method: 'GET', url: `/api/events/public/${id}` });
    expect(afterJson.body).toContain('Lantern walk, now with soup');
  });

  it('sends the sitemap with an ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('two instances sharing Redis', () => {
  type Auth = { accessToken: string; user: { id: string } };
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: TestRedis;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await resolveTestRedis();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-public-cache-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `test${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: 'public-cache-test-secret-long-enough-0123456789',
      UPLOAD_SIGNING_SECRET: 'public-cache-upload-secret-long-enough-012345',
      DATA_DIR: dataDir,
      PUBLIC_CACHE_SECONDS: '60',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await redis?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a change made through one instance is shown by both; what one cached, the other serves', async () => {
    const reg = await api<Auth>(a.url, 'POST', '/api/auth/register', {
      fullName: 'Cache Host',
      email: `cache-${randomBytes(3).toString('hex')}@example.com`,
      password: 'long enough pw',
    });
    expect(reg.status).toBe(201);
    const token = reg.body.accessToken;
    const handle = createDb(database.url, { max: 1 });
    try {
      await handle.db.execute(sql`update users set email_verified_at = now() where id = ${reg.body.user.id}`);
      await api(
        a.url,
        'PUT',
        '/api/users/me',
        { username: `cache_${randomBytes(3).toString('hex')}` },
        token,
      );
      const start = Date.now() + 3 * 86_400_000;
      const made = await api<{ event: { id: string } }>(
        a.url,
        'POST',
        '/api/events',
        {
          title: 'Orchard pruning morning',
          description: 'Saws and ladders provided.',
          location: 'Community orchard',
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 7_200_000).toISOString(),
          status: 'LIVE',
          visibility: 'PUBLIC',
        },
        token,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.event.id;
      const read = async (server: RunningServer, url: string) => {
        const res = await fetch(`${server.url}${url}`);
        return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
      };
      // The creation's own invalidation may still be on its way: wait until both show the event.
      for (const server of [a, b])
        await eventually(async () =>
          expect((await read(server, `/api/events/public/${id}`)).text).toContain('Orchard pruning'),
        );

      // The creation's own invalidation handled (no domain event or its job left): from here on
      // only this test's changes move the cache.
      await eventually(async () => {
        const left = await handle.db.execute<{ n: number }>(
          sql`select (select count(*)::int from domain_events) + (select count(*)::int from pgboss.job
            where name like 'domain-event-%' and state in ('created', 'retry', 'active')) as n`,
        );
        expect(left.rows[0]?.n).toBe(0);
      });
      for (const server of [a, b]) await read(server, `/api/events/public/${id}`);

      // Cached by A, served by B from Redis: a quiet rename shows on neither.
      const fromA = await read(a, `/api/events/public/${id}`);
      await renameQuietly((q) => handle.db.execute(q), id, 'Quietly renamed');
      const fromB = await read(b, `/api/events/public/${id}`);
      expect(fromB.text).toBe(fromA.text);
      expect(fromB.etag).toBe(fromA.etag);
      const page = await read(b, `/event/${id}`);
      expect(page.status).toBe(200);
      const notModified = await fetch(`${a.url}/event/${id}`, {
        headers: { 'if-none-match': page.etag ?? '' },
      });
      expect(notModified.status).toBe(304);

      // An edit through A: both instances show it once its domain event is handled.
      const edit = await api(
        a.url,
        'PUT',
        `/api/events/${id}`,
        { title: 'Orchard pruning, new date' },
        token,
      );
      expect(edit.status).toBe(200);
      for (const server of [a, b])
        for (const url of [`/api/events/public/${id}`, `/event/${id}`])
          await eventually(async () =>
            expect((await read(server, url)).text).toContain('Orchard pruning, new date'),
          );
    } finally {
      await handle.close();
    }
  });
});
