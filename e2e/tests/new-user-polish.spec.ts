import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createAccount, expect, signInAs, test } from '../support/fixtures.ts';

/** What a new user ran into, where only a real browser's layout can show it. */

const PHONE = { width: 375, height: 740 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function noHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the signed-out header shows "Sign in" beside "Get Started"', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await noHorizontalScroll(page);
  });

  test("the account menu shows the member's name", async ({ page, member }) => {
    await signInAs(page, member, '/dashboard');
    const trigger = page.getByRole('banner').getByRole('button', { name: /account menu/ });
    await expect(trigger).toBeVisible();
    await expect(trigger.getByText(member.username ?? member.fullName, { exact: true })).toBeVisible();
    await noHorizontalScroll(page);
  });
});

test('the profile page keeps the e-mail on one line at 1280 px', async ({ page }) => {
  const account = await createAccount({
    email: `a.rather.long.address.${Date.now()}@neighbourhood-example.org`,
  });
  await signInAs(page, account, '/profile');
  const email = page.getByText(account.email.toLowerCase(), { exact: true });
  await expect(email).toBeVisible();
  const lines = await email.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});

// An overlay can always land on content scrolled beneath it; what it must never cover is the
// header's controls (the account menu above all) or the control the person just used.
test('a toast covers no header control nor the button just pressed, and passes colour contrast', async ({
  page,
  member,
}) => {
  // No slide-in: the toast's box is measured where it rests.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, member, '/settings');
  await page.getByRole('checkbox', { name: 'Product updates' }).click();
  const save = page.getByRole('button', { name: 'Save Preferences' });
  await save.click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Preferences saved' });
  await expect(toast).toBeVisible();
  const toastBox = await box(toast);
  // Contrast first, while the toast is still there: it leaves after a few seconds, and going over
  // every header control took longer than that on a loaded machine.
  const { violations } = await new AxeBuilder({ page })
    .include('[data-sonner-toaster]')
    .withRules(['color-contrast'])
    .analyze();
  expect(violations).toEqual([]);
  const controls = [save, ...(await page.locator('header a, header button').all())];
  for (const control of controls) {
    if (!(await control.isVisible())) continue;
    const label = await control.evaluate((e) => e.outerHTML.slice(0, 80));
    expect(overlaps(toastBox, await box(control)), `toast over ${label}`).toBe(false);
  }
});
