import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RunningServer, startServer } from './test/servers.ts';
import { createTestDatabase } from './test/test-app.ts';

/**
 * Two instances on one PostgreSQL with no JWT_SECRET or UPLOAD_SIGNING_SECRET, each with its own
 * DATA_DIR (two machines behind a load balancer): what one signs, the other must accept.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dirs: string[] = [];
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  // Nobody migrated it either: both instances migrate and generate at the same moment.
  database = await createTestDatabase({ empty: true });
  const env = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-instance-'));
    dirs.push(dir);
    return { DATABASE_URL: database.url, DATA_DIR: dir };
  };
  const [envA, envB] = await Promise.all([env(), env()]);
  [a, b] = await Promise.all([startServer(envA), startServer(envB)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('generated secrets shared by every instance', () => {
  it('an access token issued by one instance is accepted by the other', async () => {
    const email = `shared-${randomBytes(3).toString('hex')}@example.com`;
    const registered = await api<{ accessToken: string }>(a.url, 'POST', '/api/auth/register', {
      fullName: 'Shared Sam',
      email,
      password: 'one secret for all',
    });
    expect(registered.status).toBe(201);
    expect((await api(b.url, 'GET', '/api/auth/verify', undefined, registered.body.accessToken)).status).toBe(
      200,
    );
    const onB = await api<{ accessToken: string }>(b.url, 'POST', '/api/auth/login', {
      identifier: email,
      password: 'one secret for all',
    });
    expect((await api(a.url, 'GET', '/api/auth/verify', undefined, onB.body.accessToken)).status).toBe(200);
  });

  it('an upload URL signed by one instance is accepted by the other', async () => {
    const registered = await api<{ accessToken: string }>(a.url, 'POST', '/api/auth/register', {
      fullName: 'Upload Uma',
      email: `upload-${randomBytes(3).toString('hex')}@example.com`,
      password: 'one secret for all',
    });
    const signed = await api<{ signedUrl: string }>(
      a.url,
      'POST',
      '/api/upload/signed-url',
      { fileName: 'me.png', fileType: 'image/png', folder: 'profile-image' },
      registered.body.accessToken,
    );
    expect(signed.status).toBe(201);
    const { pathname, search } = new URL(signed.body.signedUrl, a.url);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const put = await fetch(`${b.url}${pathname}${search}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(200);
  });
});
