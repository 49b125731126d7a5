import type { Page } from '@playwright/test';
import { audit } from '../support/a11y.ts';
import { expect, signInAs, test } from '../support/fixtures.ts';
import { fill, PROTECTED_ROUTES, PUBLIC_ROUTES, WRAPPER_ROUTES } from '../support/routes.ts';

async function noHorizontalScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
}

test.describe('axe (WCAG 2.2 A/AA) and 375 px layout', () => {
  // Every route, in groups of eight: each group has its own time budget and the groups run on
  // any free worker (one loop over all 30 routes took most of its 3 minutes on a loaded machine).
  const ROUTES = [...PUBLIC_ROUTES, ...WRAPPER_ROUTES, ...PROTECTED_ROUTES];
  const GROUPS = Array.from({ length: Math.ceil(ROUTES.length / 8) }, (_, i) =>
    ROUTES.slice(i * 8, i * 8 + 8),
  );
  for (const signedIn of [false, true])
    for (const [index, routes] of GROUPS.entries()) {
      const who = signedIn ? 'signed in' : 'signed out';
      test(`every route, ${who} (${index + 1} of ${GROUPS.length}: ${routes[0]} …)`, async ({
        page,
        member,
      }) => {
        test.setTimeout(360_000);
        if (signedIn) await signInAs(page, member, '/dashboard');
        for (const route of routes) {
          const path = fill(route, member.id);
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.goto(path);
          await audit(page, `${route} (${who})`);
          await page.setViewportSize({ width: 375, height: 812 });
          await noHorizontalScroll(page, `${route} (${who})`);
        }
      });
    }

  test('open menus and forms with errors stay accessible', async ({ page, member }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await audit(page, '/register with errors');

    await signInAs(page, member, '/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await audit(page, '/profile in edit mode');

    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(member.username ?? '') })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit(page, 'profile menu open');
  });

  test('keyboard: skip link, visible focus, and the profile menu', async ({ page, member }) => {
    await signInAs(page, member, '/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const trigger = page.getByRole('banner').getByRole('button', { name: new RegExp(member.username ?? '') });
    await trigger.focus();
    const outline = await trigger.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Friends' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
  });
});
