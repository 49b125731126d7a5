import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RunningServer, startServer } from './test/servers.ts';
import { createTestApp, createTestDatabase, type TestApp } from './test/test-app.ts';

/**
 * The page may be loaded from any address of the machine (127.0.0.1, a LAN address) while
 * PUBLIC_URL keeps its default of http://localhost:PORT: the upload URL must stay on the page's
 * own origin, or the browser's PUT goes cross-origin and fails.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-origin-'));
  // Listening on every interface, no PUBLIC_URL: the set-up of a neighbour opening it by LAN address.
  server = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    HOST: '0.0.0.0',
    LOG_LEVEL: 'info',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('uploads from whatever address the page was loaded from', () => {
  it('a page on 127.0.0.1 (PUBLIC_URL http://localhost:PORT) uploads to its own origin', async () => {
    const page = new URL('/profile', server.url);
    expect(page.hostname).toBe('127.0.0.1');
    const registered = await api<{ accessToken: string }>(server.url, 'POST', '/api/auth/register', {
      fullName: 'Loopback Lou',
      email: 'lou@example.com',
      password: 'same origin please',
    });
    expect(registered.status).toBe(201);
    // What the web app does: POST with the page's Origin, then PUT to the URL resolved against the page.
    const signed = await fetch(new URL('/api/upload/signed-url', page), {
      method: 'POST',
      headers: {
        origin: page.origin,
        'content-type': 'application/json',
        authorization: `Bearer ${registered.body.accessToken}`,
      },
      body: JSON.stringify({ fileName: 'me.png', fileType: 'image/png', folder: 'profile-image' }),
    });
    expect(signed.status).toBe(201);
    const { signedUrl } = (await signed.json()) as { signedUrl: string };
    const target = new URL(signedUrl, page);
    // No CORS is configured, so a browser only lets this PUT through on the page's own origin.
    expect(target.origin).toBe(page.origin);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const put = await fetch(target, {
      method: 'PUT',
      headers: { origin: page.origin, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(200);
    // The stored image's URL is under PUBLIC_URL; the page's CSP lets it be shown from there.
    const { publicUrl } = (await put.json()) as { publicUrl: string };
    const csp = put.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`img-src [^;]*${new URL(publicUrl).origin}`));
  });

  it('a start on a non-loopback HOST without PUBLIC_URL warns once that e-mail links point at localhost', () => {
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.includes('PUBLIC_URL') && line.includes('localhost'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"level":40');
  });
});

describe('a client served from another origin (CORS_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://client.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets an absolute upload URL under PUBLIC_URL; a same-origin page gets a path', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Cross Cara', email: 'cara@example.com', password: 'cross origin ok' },
    });
    const token = (register.json() as { accessToken: string }).accessToken;
    const ask = (origin?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload/signed-url',
        headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
        payload: { fileName: 'me.png', fileType: 'image/png' },
      });
    const cross = (await ask('https://client.example')).json() as { signedUrl: string };
    expect(cross.signedUrl.startsWith('http://townsquare.test/api/upload/put/')).toBe(true);
    const same = (await ask('http://townsquare.test')).json() as { signedUrl: string };
    expect(same.signedUrl.startsWith('/api/upload/put/')).toBe(true);
  });
});
