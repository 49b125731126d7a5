import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the Create Event dialog from the Event Management board on the page: the board and the dialog. */
export async function openEventDialog(page: Page) {
  const board = page.getByRole('region', { name: 'Event Management' });
  await board.getByRole('button', { name: 'Create Event' }).first().click();
  return { board, dialog: page.getByRole('dialog', { name: 'Create Event' }) };
}

/**
 * The card named `title` on the dashboard's event board, pressing "Load more" until it shows. The
 * e2e database is shared by every spec, so the first page of a tab (12 cards, soonest first) holds
 * whatever other specs made for the coming days, more of it as specs are added.
 *
 * What a person would do when the list does not come: press "Try again" when the board says it
 * could not load, and reload the page once after 30 s. A reload is reported on the test's output,
 * so a list that only shows a new card after a reload is seen; a card that never shows fails with
 * what the board showed instead.
 */
export async function boardCard(board: Locator, title: string): Promise<Locator> {
  const page = board.page();
  // Found by its heading: CI runs showed the card with its heading under an article of no name.
  const card = board
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const more = board.getByRole('button', { name: 'Load more' });
  const retry = board.getByRole('button', { name: 'Try again' });
  const began = Date.now();
  let reloaded = false;
  try {
    await expect(async () => {
      if (await card.isVisible()) return;
      if (await retry.isVisible()) await retry.click();
      else if (await more.isVisible()) await more.click();
      else if (!reloaded && Date.now() - began > 30_000) {
        reloaded = true;
        console.warn(`boardCard: "${title}" not on the board after 30 s (${page.url()}); reloading once`);
        await page.reload();
      }
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
  } catch (error) {
    const shown = await board.innerText({ timeout: 2_000 }).catch(() => '(the board could not be read)');
    throw new Error(`the card "${title}" never showed on ${page.url()}; the board showed:\n${shown}`, {
      cause: error,
    });
  }
  return card;
}
