import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { instanceSecrets } from '../db/schema/index.ts';

export type Secrets = { jwtSecret: string; uploadSigningSecret: string };

/** DATA_DIR/secrets.json: the embedded database's password (and, before 011, signing secrets). */
type LocalSecrets = { embeddedDbPassword?: string; jwtSecret?: string; uploadSigningSecret?: string };

function readLocal(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets) : {};
}

/**
 * The embedded database's password, generated once into DATA_DIR/secrets.json (mode 600): it
 * belongs to this DATA_DIR's cluster, so it lives beside it.
 */
export function embeddedDbPassword(dataDir: string): string {
  const stored = readLocal(dataDir);
  if (stored.embeddedDbPassword) return stored.embeddedDbPassword;
  const password = randomBytes(24).toString('base64url');
  const file = path.join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...stored, embeddedDbPassword: password }, null, 2)}\n`, {
    mode: 0o600,
  });
  chmodSync(file, 0o600);
  return password;
}

/**
 * The signing secrets: JWT_SECRET / UPLOAD_SIGNING_SECRET when configured, else the ones stored in
 * the database, so every instance sharing it signs and verifies alike (decision 011). The first
 * instance stores them (`on conflict do nothing`: a concurrent start stores nothing and reads the
 * winner's); an installation that kept them in DATA_DIR/secrets.json offers those, so its tokens
 * survive the upgrade.
 */
export async function loadSecrets(
  db: Database,
  dataDir: string,
  fromConfig: { jwtSecret?: string; uploadSigningSecret?: string },
): Promise<Secrets> {
  const { jwtSecret, uploadSigningSecret } = fromConfig;
  if (jwtSecret && uploadSigningSecret) return { jwtSecret, uploadSigningSecret };
  const earlier = readLocal(dataDir);
  await db
    .insert(instanceSecrets)
    .values([
      { name: 'jwt', value: earlier.jwtSecret ?? randomBytes(48).toString('base64url') },
      {
        name: 'upload_signing',
        value: earlier.uploadSigningSecret ?? randomBytes(48).toString('base64url'),
      },
    ])
    .onConflictDoNothing();
  const stored = new Map((await db.select().from(instanceSecrets)).map((row) => [row.name, row.value]));
  const jwt = jwtSecret ?? stored.get('jwt');
  const upload = uploadSigningSecret ?? stored.get('upload_signing');
  if (!jwt || !upload) throw new Error('signing secrets missing from the instance_secrets table');
  return { jwtSecret: jwt, uploadSigningSecret: upload };
}
