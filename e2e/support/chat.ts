import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Types `text` into the message box labelled `box` and sends it with Enter. */
export async function send(page: Page, box: string, text: string) {
  await page.getByLabel(box).fill(text);
  await page.getByLabel(box).press('Enter');
}

/**
 * One message each way in a room two pages have open (`log` names its messages, `box` its input):
 * `first` sent from `from` shows at `to`, then `reply` sent from `to` shows at `from`.
 * Returns each page's log.
 */
export async function exchange(
  from: Page,
  to: Page,
  room: { log: string; box: string },
  first: string,
  reply: string,
) {
  const fromLog = from.getByRole('log', { name: room.log });
  const toLog = to.getByRole('log', { name: room.log });
  await send(from, room.box, first);
  await expect(toLog.getByText(first)).toBeVisible();
  await send(to, room.box, reply);
  await expect(fromLog.getByText(reply)).toBeVisible();
  return { fromLog, toLog };
}
