import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { audit as axeAudit } from './axe.ts';

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
  await axeAudit(page, label);
}

/**
 * Full-page screenshots at phone and desktop width into SCREENSHOTS as `<name>-<width>.png`
 * (looked at by people; git-ignored), after checking the page does not scroll sideways.
 */
export async function shootAtBothSizes(page: Page, name: string) {
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * Full-page screenshots at each of SIZES into SCREENSHOTS as `<prefix>-<name>-<width>.png`, each
 * after `settle` and a check that the page does not scroll sideways; then back to 1280×800.
 */
export async function shootEachSize(page: Page, prefix: string, name: string, settle: () => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `${prefix}-${name}-${size.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
