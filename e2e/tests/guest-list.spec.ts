import path from 'node:path';
import type { Page } from '@playwright/test';
import { audit, SCREENSHOTS } from '../support/a11y.ts';
import { apiAs, expect, onePlaceEvent, signInAs, test } from '../support/fixtures.ts';

/**
 * The guest list on a phone: a host sees who is going and who waits, removes someone,
 * and the next person is offered the place at once.
 */

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
  await page.getByRole('heading', { name: 'Guests', exact: true }).scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, `guest-list-${name}-${width}.png`), fullPage: true });
}

test('the guest list on a phone: remove someone, the next in line is offered the place', async ({
  browser,
}) => {
  // Ana has the one place; Ben asks too and waits.
  const {
    host,
    second: ben,
    event,
  } = await onePlaceEvent(['Hana Host', 'Ana Early', 'Ben Waiting'], {
    timeZone: 'Europe/Berlin',
    daysAhead: 4,
    title: 'Supper club, 1 place',
    description: 'One seat at the long table. Bring a dish to share if you like.',
    location: 'Corner café, Elm Street',
  });
  await apiAs(ben, 'post', `/api/events/${event.id}/rsvp`, { status: 'going' });

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signInAs(page, host, `/event/${event.id}`);
  const guests = page.getByRole('heading', { name: 'Guests', exact: true }).locator('..');
  await expect(guests.getByText('1 going · 0 maybe · 1 waiting · 0 offered · 0 checked in')).toBeVisible();
  await expect(guests.getByText('Waitlist #1')).toBeVisible();
  await audit(page, 'the guest list');
  await shoot(page, 'before', 375);
  await shoot(page, 'before', 1280);
  await page.setViewportSize({ width: 375, height: 812 });

  await guests.getByRole('button', { name: 'Remove Ana Early' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Remove Ana Early from the list?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(guests.getByText('Offered a place')).toBeVisible();
  await expect(guests.getByText('Ana Early')).toHaveCount(0);
  await expect(guests.getByText(/Offer open until/)).toBeVisible();
  await audit(page, 'the guest list after a removal');
  await shoot(page, 'after', 375);

  // Share and add-to-calendar links on the same page.
  await expect(page.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Supper\+club/,
  );
  await expect(page.getByRole('link', { name: 'Outlook' })).toHaveAttribute('href', /outlook\.live\.com/);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // Ben, on his own page, is offered the place.
  const benPage = await (await browser.newContext()).newPage();
  await signInAs(benPage, ben, `/event/${event.id}`);
  await expect(benPage.getByText('A place is free for you').first()).toBeVisible();
  await context.close();
});
