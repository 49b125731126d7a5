import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestPool } from '../test/test-app.ts';
import { loadSecrets } from './secrets.ts';

const pool = useTestPool();
const dirs: string[] = [];

async function dataDir(secretsJson?: object): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-secrets-'));
  dirs.push(dir);
  if (secretsJson) await writeFile(path.join(dir, 'secrets.json'), JSON.stringify(secretsJson));
  return dir;
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('signing secrets', () => {
  it('an installation upgrading from DATA_DIR/secrets.json keeps its secrets; later instances share them', async () => {
    const earlier = { jwtSecret: 'j'.repeat(64), uploadSigningSecret: 'u'.repeat(64) };
    expect(await loadSecrets(pool.handle.db, await dataDir(earlier), {})).toEqual({
      ...earlier,
      links: expect.any(Object),
    });
    // Another instance with its own (different) old file, or none, reads the stored ones.
    const other = { jwtSecret: 'x'.repeat(64), uploadSigningSecret: 'y'.repeat(64) };
    expect(await loadSecrets(pool.handle.db, await dataDir(other), {})).toEqual({
      ...earlier,
      links: expect.any(Object),
    });
    expect(await loadSecrets(pool.handle.db, await dataDir(), {})).toEqual({
      ...earlier,
      links: expect.any(Object),
    });
  });

  it('configured values win over the stored ones', async () => {
    const configured = { jwtSecret: 'c'.repeat(40) };
    expect(await loadSecrets(pool.handle.db, await dataDir(), configured)).toEqual({
      jwtSecret: 'c'.repeat(40),
      uploadSigningSecret: 'u'.repeat(64),
      links: expect.any(Object),
    });
  });

  it('makes one link signing secret, shared by every instance; a configured ring wins', async () => {
    const first = await loadSecrets(pool.handle.db, await dataDir(), {});
    const second = await loadSecrets(pool.handle.db, await dataDir(), {});
    expect(first.links.ring).toHaveLength(1);
    expect(second.links.ring).toEqual(first.links.ring);
    expect(first.links.ring[0]).not.toBe(first.jwtSecret);
    // The pre-066 secrets come along for verification only, until LINK_SIGNING_LEGACY=false.
    expect(first.links.legacy).toMatchObject({ jwt: first.jwtSecret, uploadSigning: 'u'.repeat(64) });
    const ring = ['n'.repeat(40), 'o'.repeat(40)];
    const configured = await loadSecrets(pool.handle.db, await dataDir(), {
      linkSigningSecrets: ring,
      linkSigningLegacy: false,
    });
    expect(configured.links).toEqual({ ring, legacy: undefined });
  });
});
