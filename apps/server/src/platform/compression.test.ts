import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type TestUser } from '../test/factories.ts';
import { ask, closeSockets, listen, next, openSocket } from '../test/sockets.ts';
import { useTestApp } from '../test/test-app.ts';

/** QUALITY "bytes on the wire": JSON of 1 KiB and more is compressed when the client accepts it. */
const t = useTestApp();
let ada: TestUser;
let ben: TestUser;
beforeAll(async () => {
  ada = await createUser(t, { username: 'ada_wire' });
  ben = await createUser(t, { username: 'ben_wire' });
  // The original client's call lists up to 100 events: a 25–70 KB body.
  for (let i = 0; i < 100; i++) {
    await createEvent(t, ada, {
      title: `Community event ${i}`,
      startDate: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + (i + 1) * 86_400_000 + 3_600_000).toISOString(),
    });
  }
});
afterAll(closeSockets);

const list = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/events',
    headers: { ...ada.auth, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('response compression', () => {
  it('sends the 100-event list brotli or gzip compressed, byte for byte the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().events).toHaveLength(100);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const fromBr = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(fromBr).events.map((e: { id: string }) => e.id)).toEqual(
      plain.json().events.map((e: { id: string }) => e.id),
    );

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')).events).toHaveLength(100);
  });

  it('leaves bodies under 1 KiB and clients that accept no encoding alone', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');

    const identity = await list('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().events).toHaveLength(100);
  });

  it('never inflates request bodies: a body is read as sent, whatever its Content-Encoding says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: JSON.stringify({ identifier: ada.email, password: 'wrong password' }),
    });
    // Read as plain JSON: a wrong password, not a body that failed to inflate.
    expect(res.statusCode).toBe(401);
  });
});

describe('Socket.IO with compression on', () => {
  it.each([['websocket'], ['polling']] as const)(
    'connects over %s and carries acknowledgements and server events',
    async (transport) => {
      const url = await listen(t);
      const socket =
        transport === 'websocket'
          ? await openSocket(url, ada.accessToken)
          : await new Promise<import('socket.io-client').Socket>((resolve, reject) => {
              void import('socket.io-client').then(({ io }) => {
                const s = io(url, {
                  auth: { token: ada.accessToken },
                  transports: ['polling'],
                  reconnection: false,
                  forceNew: true,
                });
                s.once('connect', () => resolve(s));
                s.once('connect_error', reject);
              });
            });
      try {
        expect(socket.io.engine.transport.name).toBe(transport);
        expect(await ask(socket, 'join-general-chat', {})).toEqual({ ok: true });
        // A message long enough to be compressed if anything on the path compressed it.
        const content = `Hello from ${transport} ${'x'.repeat(1500)}`;
        const arrived = next<{ content: string }>(socket, 'new-general-message');
        const posted = await t.app.inject({
          method: 'POST',
          url: '/api/group-messages',
          headers: { ...ben.auth, 'accept-encoding': 'br' },
          payload: { content },
        });
        expect(posted.statusCode).toBe(201);
        expect((await arrived).content).toBe(content);
      } finally {
        socket.disconnect();
      }
    },
  );
});
