import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Answers a guest form (`form`, on `page`) as Robin Guest with `email`, sent with the button named
 * `submit`; the page then asks the guest to check their e-mail.
 */
export async function answerAsGuest(page: Page, form: Page | Locator, email: string, submit: string) {
  await form.getByLabel('Your name').fill('Robin Guest');
  await form.getByLabel('Your e-mail').fill(email);
  // The form refuses answers sent within 2 s of rendering it (a robot's speed): a person reads first.
  await page.waitForTimeout(2_100);
  await form.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
}
