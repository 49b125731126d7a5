import { describe, expect, it } from 'vitest';
import { pacer } from './pace.ts';

describe('pacer', () => {
  it('rests as long as a slice worked once the slice is full, and not before', async () => {
    let clock = 0;
    const pace = pacer({ sliceMs: 20, share: 0.5, now: () => clock });
    clock = 10;
    await pace();
    expect(pace.rested()).toBe(0);
    clock = 30;
    await pace();
    expect(pace.rested()).toBe(30);
    // A new slice starts after the rest.
    clock = 45;
    await pace();
    expect(pace.rested()).toBe(30);
  });

  it('rests a third of the work at a share of three quarters', async () => {
    let clock = 0;
    const pace = pacer({ sliceMs: 10, share: 0.75, now: () => clock });
    clock = 30;
    await pace();
    expect(pace.rested()).toBeCloseTo(10);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => pacer({ share: 0 })).toThrow(/share/);
    expect(() => pacer({ share: 1.5 })).toThrow(/share/);
  });
});
