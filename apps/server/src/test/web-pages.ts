import { expect } from 'vitest';
import type { TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Each event page of `pages` (its id, and a text of it that must not show, or '') is the web
 * build's `template` unchanged, signed out and for each of `viewers`: nothing of the event in it.
 */
export async function expectTemplateOnly(
  t: TestApp,
  template: string,
  pages: readonly (readonly [id: string, secret: string])[],
  viewers: TestUser[],
) {
  for (const [id, secret] of pages) {
    for (const headers of [{}, ...viewers.map((v) => v.auth)]) {
      const res = await t.app.inject({ method: 'GET', url: `/event/${id}`, headers });
      expect(res.statusCode, id).toBe(200);
      expect(res.body, id).toBe(template);
      if (secret) expect(res.body).not.toContain(secret);
    }
  }
}
