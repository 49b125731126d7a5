import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of a random password, verified against when the account does not exist, so that an
 * unknown identifier costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash(`dummy-${Math.random()}`, OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
