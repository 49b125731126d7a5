import type { Page } from '@playwright/test';
import { shootAtBothSizes } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { boardCard, openEventDialog } from '../support/board.ts';
import { localInput } from '../support/dates.ts';
import { createAccounts, expect, signInAs, test, unique } from '../support/fixtures.ts';

/**
 * The web: an organiser types "Berl", picks Berlin and publishes; a member whose home is
 * Potsdam sees it under "Happening near Potsdam" with its distance; the map view shows its pin; a
 * signed-out visitor finds it on Berlin's city page, `/near/berlin-de`. Map tiles are blocked throughout (no test reaches the internet): the fallbacks show.
 */

/** Every tile request fails, as offline or behind a blocker; counts them to show the map asked. */
async function blockTiles(page: Page): Promise<() => number> {
  let asked = 0;
  await page.route(/tile\.openstreetmap\.org/, (route) => {
    asked += 1;
    return route.abort('blockedbyclient');
  });
  return () => asked;
}

test('an event placed in Berlin reaches a member near Potsdam, on the list and on the map', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const [organiser, member] = await createAccounts('Greta Organiser', 'Paul Potsdamer');
  const title = `Spree clean-up ${unique()}`;
  await blockTiles(page);

  // --- The organiser types "Berl", picks Berlin with the keyboard, and publishes ----------------
  await signInAs(page, organiser, '/dashboard');
  const { board, dialog } = await openEventDialog(page);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Gloves and bags provided; coffee after.');
  const place = dialog.getByRole('combobox', { name: 'Place' });
  await place.pressSequentially('Berl');
  await expect(dialog.getByRole('option', { name: 'Berlin, DE' })).toBeVisible();
  await audit(page, 'event form with the place list open');
  await place.press('ArrowDown');
  await place.press('Enter');
  await expect(dialog.getByTestId('picked-place')).toHaveText('Berlin, DE');
  // Picking filled the location, since none was typed.
  await expect(dialog.getByLabel('Location')).toHaveValue('Berlin, DE');
  await dialog.getByLabel('Start date').fill(localInput(4, 10));
  await dialog.getByLabel('End date').fill(localInput(4, 13));
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  const card = await boardCard(board, title);
  await card.getByRole('link', { name: 'View Details' }).click();

  // --- The event page: its place on a map; blocked tiles leave the address and the links --------
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const where = page.getByRole('heading', { name: 'Where' }).locator('..');
  await where.scrollIntoViewIfNeeded();
  await expect(where.getByTestId('map-fallback')).toHaveText('Berlin, DE');
  await expect(where.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=52\.5/,
  );
  await expect(where.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /directions\?route=/);
  // The map code did load (after the page was idle) and asked for tiles; their failure shows the fallback.
  await expect(where.getByTestId('leaflet-map')).toBeAttached();
  await audit(page, '/event/:id with a place');
  await shootAtBothSizes(page, 'places-event');

  // --- The member makes Potsdam home in settings ---------------------------------------------
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await blockTiles(memberPage);
  await signInAs(memberPage, member, '/settings');
  const home = memberPage.getByRole('combobox', { name: 'Home city' });
  await home.pressSequentially('Potsd');
  await memberPage
    .getByRole('option', { name: /^Potsdam, DE/ })
    .first()
    .click();
  await memberPage.getByRole('button', { name: 'Save home city' }).click();
  await expect(memberPage.getByText('Home city saved: Potsdam')).toBeVisible();
  await audit(memberPage, '/settings with a home city');

  // --- "Happening near Potsdam" lists the Berlin event with its distance -----------------------
  await memberPage.goto('/dashboard');
  const near = memberPage.getByRole('region', { name: 'Happening near Potsdam' });
  const item = near.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 30_000 });
  // Berlin's centre is 27 km from Potsdam's.
  await expect(item).toContainText(/2[6-8] km away/);
  await audit(memberPage, '/dashboard near you');
  await shootAtBothSizes(memberPage, 'places-dashboard');

  // --- The map view shows its pin; with no tiles, the fallback lists the events in view ---------
  await memberPage.goto('/events');
  await memberPage.getByRole('button', { name: 'Map' }).click();
  await expect(memberPage).toHaveURL(/view=map/);
  await expect(memberPage.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
  await expect(memberPage.locator(`.map-pin[title="${title}"]`)).toBeVisible();
  const fallback = memberPage.getByTestId('map-fallback');
  await expect(fallback).toContainText('The map images could not load.');
  await expect(fallback.getByRole('link', { name: title })).toBeVisible();
  await audit(memberPage, '/events map view');
  await shootAtBothSizes(memberPage, 'places-map');
  await memberContext.close();

  // --- A signed-out visitor opens Berlin's city page: rendered on the server, then the app -----
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await blockTiles(visitor);
  const html = await (await visitor.request.get('/near/berlin-de')).text();
  expect(html).toContain('<title>Events and communities near Berlin, DE · Townsquare</title>');
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain(title);
  expect(html).toContain('"@type":"ItemList"');
  await visitor.goto('/near/berlin-de');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Events near Berlin' })).toBeVisible();
  const upcoming = visitor.getByRole('region', { name: 'Upcoming events' });
  await expect(upcoming.getByRole('link', { name: title })).toHaveAttribute('href', /^\/event\//);
  await audit(visitor, '/near/berlin-de signed out');
  await shootAtBothSizes(visitor, 'places-city');
  await visitorContext.close();
});
