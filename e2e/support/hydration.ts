import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Page errors, console errors and hydration warnings from now on (a hydrated page has none). */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  return problems;
}

/**
 * Following the link named `link` leads to the sign-in page inside the app: the app's router
 * navigates, and a mark left on `window` survives (a full page load would lose it).
 */
export async function expectSignInLinkStaysInApp(page: Page, link: string) {
  await page.evaluate(() => {
    (window as unknown as { stayedInApp: boolean }).stayedInApp = true;
  });
  await page.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
}
