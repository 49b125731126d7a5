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
