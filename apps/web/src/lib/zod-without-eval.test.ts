import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('runs jitless once the app has started: it never tries `new Function`, which the CSP refuses', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // And it still checks.
    const schema = z.object({ name: z.string() });
    expect(schema.safeParse({ name: 'Ada' }).success).toBe(true);
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
  });
});
