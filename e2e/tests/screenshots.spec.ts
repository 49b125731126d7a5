import path from 'node:path';
import { expect, signInAs, test } from '../support/fixtures.ts';
import { fileName, fill, PROTECTED_ROUTES, PUBLIC_ROUTES, WRAPPER_ROUTES } from '../support/routes.ts';

/** Screenshots of every page at phone and desktop size, for people to look at (git-ignored). */
const OUT = path.resolve(import.meta.dirname, '..', 'screenshots');
const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const ROUTES = [...PUBLIC_ROUTES, ...WRAPPER_ROUTES, ...PROTECTED_ROUTES];

for (const signedIn of [false, true]) {
  test(`screenshots, signed ${signedIn ? 'in' : 'out'}`, async ({ page, member }) => {
    test.setTimeout(360_000);
    if (signedIn) await signInAs(page, member, '/dashboard');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const route of ROUTES) {
        await page.goto(fill(route, member.id));
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.screenshot({
          path: path.join(
            OUT,
            `${signedIn ? 'signed-in' : 'signed-out'}-${size.width}x${size.height}-${fileName(route)}.png`,
          ),
          fullPage: true,
          animations: 'disabled',
        });
      }
    }
  });
}
