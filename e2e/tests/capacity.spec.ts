import path from 'node:path';
import type { Page } from '@playwright/test';
import { audit, SCREENSHOTS, SIZES, shootEachSize } from '../support/a11y.ts';
import { audit as auditParts } from '../support/axe.ts';
import { openEventDialog } from '../support/board.ts';
import { apiAs, expect, onePlaceEvent, signInAs, test } from '../support/fixtures.ts';

/**
 * Capacity and check-in: a one-place event, the second person waits, the first leaves,
 * the second is offered the place and accepts it; then a host checks them in by name.
 */

/** Screenshots at both sizes, each from the top of the page after 200 ms to settle. */
async function shoot(page: Page, name: string) {
  await shootEachSize(page, 'capacity', name, async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
  });
}

test('capacity 1: the second person waits, is offered the freed place, accepts it and is checked in', async ({
  browser,
}) => {
  // Three people, four axe audits and eight screenshots: 2.0 min on a loaded CI machine, at the
  // default budget's edge; the journey gets the budget the other long journeys have.
  test.setTimeout(300_000);
  const { host, first, second, event } = await onePlaceEvent(['Hana Host', 'Ada Early', 'Ben Waiting'], {
    daysAhead: 3,
    title: 'Bouldering session, 1 place',
    description: 'A small group at the climbing hall. Shoes can be rented at the desk.',
    location: 'Climbing hall, Mill Street',
  });

  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  await signInAs(ben, second, `/event/${event.id}`);
  await expect(ben.getByText('Full (1 place)')).toBeVisible();
  await ben.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(ben.getByRole('status').filter({ hasText: 'number 1 in line' })).toBeVisible();
  await audit(ben, 'the event page, waitlisted');
  await shoot(ben, 'waitlisted');

  // The first person leaves: the place is offered to Ben.
  await apiAs(first, 'post', `/api/events/${event.id}/rsvp`, { status: 'not_going' });
  await ben.reload();
  await expect(ben.getByText('A place is free for you').first()).toBeVisible();
  await expect(ben.getByText(/Accept it within 1[12] h/)).toBeVisible();
  await audit(ben, 'the event page, offered');
  await shoot(ben, 'offered');
  await ben.getByRole('button', { name: 'Accept the place' }).click();
  await expect(ben.getByRole('status').filter({ hasText: 'Your reply: Going.' })).toBeVisible();
  await expect(ben.getByRole('img', { name: /Ticket QR code/ })).toBeVisible();
  await audit(ben, 'the event page, going with a ticket');
  await shoot(ben, 'ticket');
  await benContext.close();

  // The host checks Ben in by name.
  const hostContext = await browser.newContext();
  const hana = await hostContext.newPage();
  await signInAs(hana, host, `/event/${event.id}`);
  await hana.getByRole('link', { name: 'Check people in' }).click();
  await expect(hana.getByRole('heading', { level: 1, name: /Check-in: Bouldering/ })).toBeVisible();
  await expect(hana.getByText('0 of 1 people going are checked in.')).toBeVisible();
  await hana.getByLabel('Name or username').fill('ben');
  await hana.getByRole('button', { name: 'Check in Ben Waiting' }).click();
  await expect(hana.getByText('Ben Waiting is checked in.')).toBeVisible();
  await expect(hana.getByText(/Checked in at/)).toBeVisible();
  await expect(hana.getByText('1 of 1 people going are checked in.')).toBeVisible();
  await audit(hana, 'the check-in page');
  await shoot(hana, 'check-in');

  // The event form's places, guests, offer time, transfers and questions.
  await hana.goto('/dashboard');
  const { dialog } = await openEventDialog(hana);
  await dialog.getByLabel('Places').fill('12');
  await dialog.getByLabel('Guests per person').fill('2');
  await dialog.getByLabel('People going may hand their place to a friend').check();
  await dialog.getByRole('button', { name: 'Add a question' }).click();
  await dialog.getByLabel('Question 1', { exact: true }).fill('Shoe size for rental?');
  await dialog.getByLabel('Required to go').check();
  await expect(dialog.getByLabel('Offer time (hours)')).toHaveValue('12');
  await auditParts(hana, 'the capacity form', ['[role="dialog"]']);
  for (const size of SIZES) {
    await hana.setViewportSize(size);
    await dialog.getByLabel('Required to go').scrollIntoViewIfNeeded();
    await hana.screenshot({ path: path.join(SCREENSHOTS, `capacity-form-${size.width}.png`) });
  }
  await hostContext.close();
});
