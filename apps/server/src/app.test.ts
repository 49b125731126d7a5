import { randomUUID } from 'node:crypto';
import { errorBody, healthResponse, MAP_TILE_DEFAULTS, MSG, readyResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createUser, followVerificationLink, nextIp } from './test/factories.ts';
import { createTestDatabase, type TestApp, useTestApp } from './test/test-app.ts';

describe('platform', () => {
  const t = useTestApp();

  it('answers health and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthResponse.parse(health.json()).status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(readyResponse.parse(ready.json()).checks).toEqual({
      database: 'up',
      migrations: 'applied',
      images: 'ok',
    });
  });

  it("migrations make JIT off the database's default, so the app's sessions run without it (decision 029)", async () => {
    const fresh = await createTestDatabase({ empty: true });
    const handle = createDb(fresh.url, { max: 2 });
    try {
      await runMigrations(handle);
      const defaults = await handle.db.execute(
        sql`select s.setconfig from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
            where d.datname = current_database() and s.setrole = 0`,
      );
      expect(defaults.rows[0]).toEqual({ setconfig: ['jit=off'] });
      const session = createDb(fresh.url, { max: 1 });
      const { rows } = await session.db.execute(sql`select current_setting('jit') as jit`);
      await session.close();
      expect(rows[0]).toEqual({ jit: 'off' });
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });

  it('answers unknown /api paths with 404 JSON in the one error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(errorBody.parse(res.json()).error).toBe('Not Found');
    }
  });

  it('sends the security headers: CSP without inline script, no framing, nosniff, referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Not behind TLS here, so no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes the OpenAPI document with the auth and users routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/auth/register', '/api/auth/login', '/api/users/me', '/api/users/public/{id}']) {
      expect(paths).toContain(p);
    }
  });

  it('accepts the doubled /api/api prefix of misconfigured clients', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

/** Finding 15. */
describe('metrics and the content security policy', () => {
  const open = useTestApp();
  const locked = useTestApp({ env: { METRICS_TOKEN: 'a-metrics-token-long-enough' } });

  const metrics = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('without METRICS_TOKEN, serves /metrics to loopback callers only', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await metrics(open, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain('townsquare_');
    }
    for (const address of ['203.0.113.9', '10.0.0.7', '::ffff:198.51.100.4']) {
      const res = await metrics(open, address);
      expect(res.statusCode, address).toBe(403);
      expect(errorBody.parse(res.json()).message).toBe(MSG.metricsLoopbackOnly);
      expect(res.body).not.toContain('townsquare_');
    }
    // A reverse proxy on the same host relays outside callers from loopback: they are refused too.
    expect((await metrics(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await metrics(open, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
  });

  it('times every request by method, route pattern and status', async () => {
    const count = async (labels: string) => {
      const line = (await metrics(open, '127.0.0.1')).body
        .split('\n')
        .find((l) => l.startsWith(`townsquare_http_request_duration_seconds_count{${labels}}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const found = 'method="GET",route="/api/events/:id",status_code="401"';
    const before = await count(found);
    for (let i = 0; i < 3; i++) await open.app.inject({ method: 'GET', url: `/api/events/${randomUUID()}` });
    expect(await count(found)).toBe(before + 3);
  });

  it('exports the Node.js version the process runs on (decision 060)', async () => {
    const body = (await metrics(open, '127.0.0.1')).body;
    const line = body.split('\n').find((l) => l.startsWith('townsquare_nodejs_version_info{'));
    expect(line).toContain(`version="${process.version}"`);
    expect(line).toContain(`major="${process.versions.node.split('.')[0]}"`);
  });

  it('with METRICS_TOKEN, serves /metrics to the bearer of the token from anywhere', async () => {
    const auth = { authorization: 'Bearer a-metrics-token-long-enough' };
    expect((await metrics(locked, '127.0.0.1')).statusCode).toBe(401);
    expect((await metrics(locked, '203.0.113.9', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await metrics(locked, '203.0.113.9', auth)).statusCode).toBe(200);
  });

  it('lets pages connect only to their own origin and the configured ones, never any ws: host', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/api/health' });
    const connect = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect?.split(/\s+/).slice(1)).toEqual([
      "'self'",
      'http://townsquare.test',
      'ws://townsquare.test',
    ]);
  });
});

describe('map tiles', () => {
  const standard = useTestApp();
  const custom = useTestApp({
    env: {
      MAP_TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example Tiles, © OpenStreetMap contributors',
    },
  });

  const imgSrc = (headers: Record<string, unknown>) =>
    String(headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'))
      ?.split(/\s+/)
      .slice(1);

  it('tells the web where tiles come from, OpenStreetMap with its credit by default, and lets pages load them', async () => {
    const res = await standard.app.inject({ method: 'GET', url: '/api/instance' });
    expect(res.json().map).toEqual(MAP_TILE_DEFAULTS);
    expect(imgSrc(res.headers)).toContain('https://tile.openstreetmap.org');
    const mine = await custom.app.inject({ method: 'GET', url: '/api/instance' });
    expect(mine.json().map).toEqual({
      tileUrl: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png',
      attribution: '© Example Tiles, © OpenStreetMap contributors',
      attributionUrl: MAP_TILE_DEFAULTS.attributionUrl,
    });
    expect(imgSrc(mine.headers)).toContain('https://*.tiles.example.org');
    expect(imgSrc(mine.headers)).not.toContain('https://tile.openstreetmap.org');
  });
});

describe('platform behind TLS with a built web app', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://town.example', ADMIN_EMAILS: 'Boss@Example.com' } });

  it('sends HSTS when the public URL is https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['content-security-policy']).toMatch(
      /connect-src 'self' https:\/\/town\.example wss:\/\/town\.example;/,
    );
  });

  it('gives the platform-admin flag to ADMIN_EMAILS once the address is verified', async () => {
    const boss = await createUser(t, { email: 'boss@example.com' });
    expect(boss.user.isAdmin).toBe(false);
    await followVerificationLink(t, boss.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: boss.auth });
    expect(me.json().isAdmin).toBe(true);
    const other = await createUser(t);
    expect(other.user.isAdmin).toBe(false);
  });
});

describe('serving the web app', () => {
  const t = useTestApp({
    web: {
      'index.html': '<!doctype html><title>Townsquare</title><div id="root"></div>',
      'assets/app-abc123.js': 'console.log(1)',
    },
  });

  it('serves index.html for client routes and immutable hashed assets', async () => {
    for (const url of ['/', '/dashboard', '/event/123', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      // An event's page comes from the public cache (decision 081), which proxies may keep too.
      expect(res.headers['cache-control']).toBe(url.startsWith('/event/') ? 'public, no-cache' : 'no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('never answers API, socket or upload paths with the app', async () => {
    for (const url of [
      '/api/unknown',
      '/uploads/missing.png',
      '/socket.io/x',
      '/users/me/password',
      '/assets/gone-123.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });
});
