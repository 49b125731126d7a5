import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** The built web app goes out brotli- or gzip-compressed, as the client accepts. */
describe('serving the precompressed web app', () => {
  let t: TestApp;
  const dist = path.join(process.env.TMPDIR ?? '/tmp', `townsquare-web-br-${process.pid}-${Date.now()}`);
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const html = `<!doctype html><title>Townsquare</title><div id="root"></div>${' '.repeat(2000)}`;
  const landing = `<!doctype html><title>Townsquare</title><div id="root"><h1>Welcome</h1></div>${' '.repeat(2000)}`;
  const login = `<!doctype html><title>Sign in</title><div id="root"><form></form></div>${' '.repeat(2000)}`;

  beforeAll(async () => {
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, 'prerendered'));
    for (const [file, body] of [
      ['index.html', html],
      ['assets/app-abc123.js', script],
      ['prerendered/index.html', landing],
      ['prerendered/login.html', login],
    ] as const) {
      await writeFile(path.join(dist, file), body);
      await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(body));
      await writeFile(path.join(dist, `${file}.gz`), gzipSync(body));
    }
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy to a client that accepts br, gzip to one that accepts only gzip, else plain', async () => {
    for (const [url, body, type] of [
      ['/assets/app-abc123.js', script, /javascript/],
      ['/', landing, /html/],
      ['/login', login, /html/],
      ['/event/123', html, /html/],
    ] as const) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(type);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(body);

      for (const plain of [await get(url), await get(url, 'identity')]) {
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(body);
      }
    }
  });

  it('sends a pre-rendered page for its own path only, the shell for every other page', async () => {
    for (const [url, body] of [
      ['/', landing],
      ['/?ref=mail', landing],
      ['/login', login],
      ['/login?next=1', login],
      ['/register', html],
      ['/dashboard', html],
      ['/login/extra', html],
      ['/prerendered', html],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(body);
    }
  });

  it('marks hashed assets immutable and pages no-cache, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/app-abc123.js', encoding)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      expect((await get('/', encoding)).headers['cache-control']).toBe('no-cache');
      expect((await get('/login', encoding)).headers['cache-control']).toBe('no-cache');
    }
  });
});
