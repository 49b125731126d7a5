import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { adminQuery, databaseUrl } from '../apps/server/src/test/database.ts';
import { api } from '../apps/server/src/test/servers.ts';

/** A new database called `name` on the test server, migrated; answers its URL. */
export async function migratedDatabase(adminUrl: string, name: string): Promise<string> {
  await adminQuery(adminUrl, `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const handle = createDb(url, { max: 2 });
  await runMigrations(handle);
  await handle.close();
  return url;
}

/** What every server a benchmark starts is given: its database, a data folder of its own, secrets. */
export async function benchServerEnv(url: string, dataDirPrefix: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), dataDirPrefix));
  return {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'benchmark-secret-that-is-long-enough-012345',
    UPLOAD_SIGNING_SECRET: 'benchmark-upload-secret-long-enough-0123456',
    LOG_LEVEL: 'error',
    // Registrations come from one loopback address, over its limit (10 an hour) in a full run:
    // each says it came from its own address through a trusted proxy (`registerMember`).
    TRUST_PROXY: '127.0.0.1',
  };
}

let registrations = 0;

/** A new account with a username, e-mail at `domain`; answers its tokens, e-mail and password. */
export async function registerMember<Auth extends { accessToken: string }>(
  base: string,
  name: string,
  domain: string,
) {
  const email = `${name}-${randomBytes(4).toString('hex')}@${domain}`;
  const password = 'benchmark password';
  registrations += 1;
  // One address of the benchmarking range (RFC 2544, 198.18.0.0/15) per registration.
  const from = `198.18.${(registrations >> 8) & 255}.${registrations & 255}`;
  const answer = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ fullName: name, email, password }),
  });
  const res = { status: answer.status, body: (await answer.json()) as Auth };
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  await api(
    base,
    'PUT',
    '/api/users/me',
    { username: `${name}_${randomBytes(3).toString('hex')}`, roles: ['Member'] },
    res.body.accessToken,
  );
  return { ...res.body, email, password };
}
