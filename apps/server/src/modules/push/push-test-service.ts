import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * Test helpers: a browser's subscription keys, and a push service running on 127.0.0.1 inside the
 * test that records every POST and answers with the status the test chooses. Never the internet.
 */
type Ece = {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};
// http_ece (web-push's own encryption dependency) ships no types; only decrypt is used.
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export type FakeBrowser = {
  keys: { p256dh: string; auth: string };
  /** Decrypts a body the push service received for this browser (RFC 8291, aes128gcm). */
  decrypt(body: Buffer): string;
};

export function fakeBrowser(): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body) =>
      ece
        .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
        .toString('utf8'),
  };
}

export type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export async function startPushService() {
  const received: Received[] = [];
  let status = 201;
  const byPath = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = byPath.get(req.url ?? '/') ?? status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    endpoint: (name: string) => `http://127.0.0.1:${port}/push/${name}`,
    /** The status every following POST is answered with. */
    answer(next: number) {
      status = next;
      byPath.clear();
    },
    /** The status POSTs to one endpoint (by the name given to `endpoint`) are answered with. */
    answerFor(name: string, next: number) {
      byPath.set(`/push/${name}`, next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A push service that never finishes an answer, on 127.0.0.1: `silent` reads the
 * request and never answers; `trickle` sends the status line and then a byte every 50 ms forever
 * (an idle timeout never trips); `abort` sends half an answer and drops the connection.
 */
export async function startStallingService(mode: 'silent' | 'trickle' | 'abort') {
  const sockets = new Set<import('node:net').Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    req.resume();
    if (mode === 'silent') return;
    res.writeHead(201, { 'content-length': '1000000' });
    if (mode === 'abort') {
      res.write('partial');
      setImmediate(() => req.socket.destroy());
      return;
    }
    const timer = setInterval(() => res.write('.'), 50);
    timers.add(timer);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: (name: string) => `http://127.0.0.1:${port}/stall/${name}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
