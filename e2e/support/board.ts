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
      // After 30 s a person reloads, whatever else the board offers (a "Load more" that keeps
      // answering the same page would otherwise be pressed for ever).
      if (!reloaded && Date.now() - began > 30_000) {
        reloaded = true;
        console.warn(
          `boardCard: "${title}" not visible after 30 s (${page.url()}; ${await whyHidden(card)}); reloading once`,
        );
        await page.reload();
      } else if (await retry.isVisible()) await retry.click();
      else if (await more.isVisible()) await more.click();
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
  } catch (error) {
    const shown = await board.innerText({ timeout: 2_000 }).catch(() => '(the board could not be read)');
    throw new Error(
      `the card "${title}" never showed on ${page.url()} (${await whyHidden(card)}); the board showed:\n${shown}`,
      { cause: error },
    );
  }
  return card;
}

/**
 * What keeps a card from being visible, for the failure message: how many match, and for the
 * first the nearest element that is not displayed or not visible, with its style and size.
 */
async function whyHidden(card: Locator): Promise<string> {
  const count = await card.count().catch(() => -1);
  if (count < 1) return `${count} matching cards`;
  const first = await card
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility !== 'visible' || node.hasAttribute('hidden'))
          return `hidden by <${node.tagName.toLowerCase()} class="${node.className}"> display=${style.display} visibility=${style.visibility}`;
      }
      return `box ${Math.round(box.width)}x${Math.round(box.height)}`;
    })
    .catch((e: unknown) => `could not be read: ${String(e).slice(0, 120)}`);
  return `${count} matching cards, the first ${first}`;
}
