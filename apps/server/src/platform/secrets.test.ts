import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { loadSecrets } from './secrets.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DbHandle;
const dirs: string[] = [];

async function dataDir(secretsJson?: object): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-secrets-'));
  dirs.push(dir);
  if (secretsJson) await writeFile(path.join(dir, 'secrets.json'), JSON.stringify(secretsJson));
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDb(database.url, { max: 2 });
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('signing secrets', () => {
  it('an installation upgrading from DATA_DIR/secrets.json keeps its secrets; later instances share them', async () => {
    const earlier = { jwtSecret: 'j'.repeat(64), uploadSigningSecret: 'u'.repeat(64) };
    expect(await loadSecrets(handle.db, await dataDir(earlier), {})).toEqual(earlier);
    // Another instance with its own (different) old file, or none, reads the stored ones.
    const other = { jwtSecret: 'x'.repeat(64), uploadSigningSecret: 'y'.repeat(64) };
    expect(await loadSecrets(handle.db, await dataDir(other), {})).toEqual(earlier);
    expect(await loadSecrets(handle.db, await dataDir(), {})).toEqual(earlier);
  });

  it('configured values win over the stored ones', async () => {
    const configured = { jwtSecret: 'c'.repeat(40) };
    expect(await loadSecrets(handle.db, await dataDir(), configured)).toEqual({
      jwtSecret: 'c'.repeat(40),
      uploadSigningSecret: 'u'.repeat(64),
    });
  });
});
