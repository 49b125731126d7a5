import { describe, expect, it } from 'vitest';
import { formatCount } from './get-event-counts.ts';

describe('formatCount', () => {
  it('shows the count, or "1000+" once it reaches the cap', () => {
    const counts = { draft: 3, live: 1000, past: 0, cap: 1000 };
    expect(formatCount(counts, 'DRAFT')).toBe('3');
    expect(formatCount(counts, 'LIVE')).toBe('1000+');
    expect(formatCount(counts, 'PAST')).toBe('0');
  });
});
