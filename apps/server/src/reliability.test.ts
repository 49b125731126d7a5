import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RunningServer, startServer } from './test/servers.ts';
import { createTestDatabase } from './test/test-app.ts';

/**
 * QUALITY.md reliability 1: 1,000 messages with client ids while the server is killed (SIGKILL)
 * at random points and restarted. The client resends whatever was not acknowledged, as our web
 * client does. Nothing acknowledged may be lost, nothing may be stored twice, and the receiver's
 * history has every message.
 */
const TOTAL = 1000;
type Auth = { accessToken: string; user: { id: string } };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-reliability-'));
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'reliability-secret-that-is-long-enough-01234',
  UPLOAD_SIGNING_SECRET: 'reliability-upload-secret-long-enough-0123',
  CHAT_SEND_LIMIT: '10000',
});

async function register(base: string, name: string): Promise<Auth> {
  const res = await api<Auth>(base, 'POST', '/api/auth/register', {
    fullName: name,
    email: `${name}-${randomBytes(4).toString('hex')}@example.com`,
    password: 'long enough pw',
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** `a` asks `b` to be friends and `b` accepts, so they may message each other. */
async function befriend(base: string, a: Auth, b: Auth): Promise<void> {
  await api(base, 'POST', '/api/friends/request', { receiverId: b.user.id }, a.accessToken);
  await api(base, 'POST', '/api/friends/accept', { requesterId: a.user.id }, b.accessToken);
}

describe('no acknowledged message lost', () => {
  it('survives SIGKILLs at random points with 0 lost and 0 duplicates', async () => {
    server = await startServer(env());
    const sender = await register(server.url, 'sender');
    const receiver = await register(server.url, 'receiver');
    await befriend(server.url, sender, receiver);

    let kills = 0;
    let restarting: Promise<void> | undefined;
    const acknowledged = new Set<string>();
    // The killer: after every 60–200 sends (a random point of the stream, whatever the
    // machine's speed, so the number of restarts and the test's length stay bounded), SIGKILL the
    // server while a request is in flight and start a new one.
    const nextGap = () => 60 + Math.floor(Math.random() * 140);
    let sinceKill = 0;
    let nextKillAt = nextGap();
    let retries = 0;

    for (let i = 0; i < TOTAL; i++) {
      const clientMessageId = `msg-${i}`;
      for (;;) {
        if (restarting) await restarting;
        const current = server;
        const attempt = fetch(`${current.url}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.accessToken}` },
          body: JSON.stringify({ receiver: receiver.user.id, content: `message ${i}`, clientMessageId }),
        })
          .then((r) => r.status)
          .catch(() => 0);
        if (sinceKill > nextKillAt && !restarting) {
          // Kill while this request is in flight: it may or may not have been stored.
          sinceKill = 0;
          nextKillAt = nextGap();
          kills += 1;
          current.child.kill('SIGKILL');
          restarting = current.exited.then(async () => {
            server = await startServer(env());
            restarting = undefined;
          });
        }
        const status = await attempt;
        sinceKill += 1;
        if (status === 201) {
          acknowledged.add(clientMessageId);
          break;
        }
        retries += 1;
        if (status !== 0 && status !== 503)
          throw new Error(`unexpected status ${status} for ${clientMessageId}`);
      }
    }
    if (restarting) await restarting;
    expect(kills).toBeGreaterThanOrEqual(3);

    // The receiver's history, paged back to the start.
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const res: { status: number; body: { content: string }[]; headers: Headers } = await api(
        server.url,
        'GET',
        `/api/messages/${sender.user.id}?limit=100${before ? `&before=${before}` : ''}`,
        undefined,
        receiver.accessToken,
      );
      expect(res.status).toBe(200);
      seen.unshift(...res.body.map((m) => m.content));
      before = res.headers.get('x-next-before');
    } while (before);

    expect(acknowledged.size).toBe(TOTAL);
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
    expect(seen).toEqual(Array.from({ length: TOTAL }, (_, i) => `message ${i}`));
    process.stdout.write(
      `reliability: ${TOTAL} messages, ${kills} SIGKILLs, ${retries} retried sends, 0 lost, 0 duplicates\n`,
    );
  });
});
