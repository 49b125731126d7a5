import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RunningServer, startServer } from './test/servers.ts';
import { createTestDatabase, useTestApp } from './test/test-app.ts';

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
});

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
    // Absolute, as the original client needs (`new URL(signedUrl)`), and on the page's own origin
    // (loopback is one of ours), not PUBLIC_URL's localhost: no CORS is configured.
    const target = new URL(signedUrl);
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

describe('a client served from another origin (CORS_ORIGINS), and the Host header', () => {
  const t = useTestApp({
    env: { CORS_ORIGINS: 'https://client.example', PUBLIC_HOSTS: 'lan.example:8080, 10.1.2.3' },
  });
  let token: string;
  beforeAll(async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Cross Cara', email: 'cara@example.com', password: 'cross origin ok' },
    });
    token = (register.json() as { accessToken: string }).accessToken;
  });

  /** The signed URL asked for by a page on `origin` that reached the server as `host`. */
  async function signedUrlFor(host: string, origin?: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/signed-url',
      headers: { host, authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
      payload: { fileName: 'me.png', fileType: 'image/png' },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { signedUrl: string }).signedUrl;
  }
  const originOf = (signedUrl: string) => new URL(signedUrl).origin;

  it('answers an absolute URL to a same-origin page and to a cross-origin client', async () => {
    const same = await signedUrlFor('townsquare.test', 'http://townsquare.test');
    expect(same.startsWith('http://townsquare.test/api/upload/put/')).toBe(true);
    const cross = await signedUrlFor('townsquare.test', 'https://client.example');
    expect(cross.startsWith('http://townsquare.test/api/upload/put/')).toBe(true);
  });

  it('uses the address the page reached us at when it is ours: loopback, PUBLIC_HOSTS, a CORS origin', async () => {
    expect(originOf(await signedUrlFor('127.0.0.1:3000', 'http://127.0.0.1:3000'))).toBe(
      'http://127.0.0.1:3000',
    );
    expect(originOf(await signedUrlFor('localhost:3000'))).toBe('http://localhost:3000');
    expect(originOf(await signedUrlFor('[::1]:3000'))).toBe('http://[::1]:3000');
    expect(originOf(await signedUrlFor('lan.example:8080'))).toBe('http://lan.example:8080');
    expect(originOf(await signedUrlFor('10.1.2.3:3000'))).toBe('http://10.1.2.3:3000');
    // A client's own host proxying /api to us keeps its scheme.
    expect(originOf(await signedUrlFor('client.example'))).toBe('https://client.example');
  });

  it('never puts a spoofed Host in the URL: any other host gets PUBLIC_URL', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'lan.example:9999',
      'evil.example@127.0.0.1',
      '127.0.0.1/evil.example',
      'client.example:8443',
    ]) {
      const url = await signedUrlFor(host, 'http://townsquare.test');
      expect(originOf(url), host).toBe('http://townsquare.test');
      expect(url, host).not.toContain('evil');
    }
    // Without TRUST_PROXY a forwarded host is not believed either.
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/api/upload/signed-url',
      headers: {
        host: 'townsquare.test',
        'x-forwarded-host': 'evil.example',
        authorization: `Bearer ${token}`,
      },
      payload: { fileName: 'me.png', fileType: 'image/png' },
    });
    expect(originOf((forwarded.json() as { signedUrl: string }).signedUrl)).toBe('http://townsquare.test');
  });

  it('lets a configured origin preflight every method of the contract with its headers', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/users/me',
        headers: {
          origin: 'https://client.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.statusCode, method).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://client.example');
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
    }
  });

  it('gives an origin that is not configured no CORS headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets any origin preflight the signed PUT (the signature is the credential)', async () => {
    for (const origin of ['https://client.example', 'https://elsewhere.example']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/upload/put/profile-image/x.png',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('PUT');
    }
  });
  it("lets a configured origin use Socket.IO's polling fallback, and no other", async () => {
    // Socket.IO answers on the HTTP server itself, outside Fastify's inject: listen for real.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number }; // listening on TCP: an AddressInfo
    const handshake = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const allowed = await handshake('https://client.example');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://client.example');
    const other = await handshake('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
