import { describe, expect, it } from 'vitest';
import { pacer } from './pace.ts';

/** A pacer on a clock the test sets: each call paces at `at` ms and gives the rest taken so far. */
function pacedClock(options: { sliceMs: number; share: number }) {
  let clock = 0;
  const pace = pacer({ ...options, now: () => clock });
  return async (at: number) => {
    clock = at;
    await pace();
    return pace.rested();
  };
}

describe('pacer', () => {
  it('rests as long as a slice worked once the slice is full, and not before', async () => {
    const restedAt = pacedClock({ sliceMs: 20, share: 0.5 });
    expect(await restedAt(10)).toBe(0);
    expect(await restedAt(30)).toBe(30);
    // A new slice starts after the rest.
    expect(await restedAt(45)).toBe(30);
  });

  it('rests a third of the work at a share of three quarters', async () => {
    const restedAt = pacedClock({ sliceMs: 10, share: 0.75 });
    expect(await restedAt(30)).toBeCloseTo(10);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => pacer({ share: 0 })).toThrow(/share/);
    expect(() => pacer({ share: 1.5 })).toThrow(/share/);
  });
});
