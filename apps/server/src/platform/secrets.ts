import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Secrets = { jwtSecret: string; uploadSigningSecret: string; embeddedDbPassword: string };

/**
 * Secrets from the configuration, else generated once into DATA_DIR/secrets.json (mode 600) so
 * a fresh `npm start` needs no setup and sessions survive a restart.
 */
export function loadSecrets(
  dataDir: string,
  fromConfig: { jwtSecret?: string; uploadSigningSecret?: string },
): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    uploadSigningSecret: stored.uploadSigningSecret ?? randomBytes(48).toString('base64url'),
    embeddedDbPassword: stored.embeddedDbPassword ?? randomBytes(24).toString('base64url'),
  };
  if (
    stored.jwtSecret !== generated.jwtSecret ||
    stored.uploadSigningSecret !== generated.uploadSigningSecret ||
    stored.embeddedDbPassword !== generated.embeddedDbPassword
  ) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: fromConfig.jwtSecret ?? generated.jwtSecret,
    uploadSigningSecret: fromConfig.uploadSigningSecret ?? generated.uploadSigningSecret,
    embeddedDbPassword: generated.embeddedDbPassword,
  };
}
