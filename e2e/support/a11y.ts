import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG rule sets every page is audited against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
export const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');
/** A phone and a laptop. */
export const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/** Waits for the page to settle and expects axe to find no WCAG violation on it. */
export async function audit(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
