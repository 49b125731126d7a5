import { vi } from 'vitest';

/**
 * A setup file of the `server` test project: argon2 hashes passwords at 1 MiB and one pass instead
 * of the production 19 MiB and two (≈ 5 ms instead of ≈ 100 ms on the shared CI machine), because
 * the server tests register thousands of users. Verification reads the cost from the stored hash,
 * so every path still runs. The production cost is tested where it matters: the `server-alone`
 * project (timing.test.ts) runs without this file and checks the stored hash's parameters.
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (password: string, options?: Parameters<typeof argon2.hash>[1]) =>
      argon2.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});
