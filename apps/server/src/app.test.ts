import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorBody, healthResponse, readyResponse } from '@townsquare/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, followVerificationLink, nextIp } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthResponse.parse(health.json()).status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(readyResponse.parse(ready.json()).checks).toEqual({ database: 'up', migrations: 'applied' });
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

describe('platform behind TLS with a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://town.example', ADMIN_EMAILS: 'Boss@Example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends HSTS when the public URL is https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
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
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(process.env.TMPDIR ?? '/tmp', `townsquare-web-${process.pid}-${Date.now()}`);
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Townsquare</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves index.html for client routes and immutable hashed assets', async () => {
    for (const url of ['/', '/dashboard', '/event/123', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
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
