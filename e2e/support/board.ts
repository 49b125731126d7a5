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
 */
export async function boardCard(board: Locator, title: string): Promise<Locator> {
  const card = board.getByRole('article', { name: title });
  const more = board.getByRole('button', { name: 'Load more' });
  await expect(async () => {
    if (await card.isVisible()) return;
    if (await more.isVisible()) await more.click();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return card;
}
