import { shootAtBothSizes } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { apiAs, createAccount, createPublicEvent, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * A café offers to host a club's run (decision 083): the organiser accepts on the event page, the
 * run moves to the café and its page says "Hosted by Café Kranz"; axe-clean, screenshots at
 * 375 and 1280 px. axe runs on the new parts (the offers, "Hosted by"); the whole page is the
 * accessibility spec's.
 */
test('a business offers its place, the host accepts, the event is hosted by it', async ({ browser }) => {
  test.setTimeout(240_000);
  const [organiser, owner] = await Promise.all([
    createAccount({ fullName: 'Olga Organiser' }),
    createAccount({ fullName: 'Kranz Owner' }),
  ]);
  await apiAs(owner, 'put', '/api/users/me', { roles: ['Member', 'Sponsor'] });
  const { place } = await apiAs<{ place: { id: string } }>(owner, 'post', '/api/places', {
    name: 'Café Kranz',
    address: 'Kranzstraße 1',
    lat: 52.538,
    lon: 13.405,
  });
  await apiAs(owner, 'put', '/api/sponsors/me', {
    name: 'Café Kranz',
    category: 'cafe',
    website: 'https://cafe-kranz.example',
    placeId: place.id,
  });
  const event = await createPublicEvent(
    organiser,
    { hoursAhead: 72, hours: 2 },
    {
      title: `Thursday run ${Date.now().toString(36).slice(-5)}`,
      description: 'Five easy km.',
      location: 'Track',
    },
  );

  // The business offers on the event page.
  const business = await (await browser.newContext()).newPage();
  await signInAs(business, owner, `/event/${event.id}`);
  await business.getByLabel('A note for the hosts (optional)').fill('Our back room fits 30.');
  await shootAtBothSizes(business, 'sponsor-hosting-offer-form');
  await business.getByRole('button', { name: 'Offer to host this event' }).click();
  await expect(business.getByText('Your offer to host')).toBeVisible();
  await audit(business, 'event page, business offered', ['#hosting-offers']);
  await shootAtBothSizes(business, 'sponsor-hosting-offer-sent');

  // The organiser sees the offer with the venue and accepts.
  const host = await (await browser.newContext()).newPage();
  await signInAs(host, organiser, `/event/${event.id}`);
  await expect(host.getByText('Our back room fits 30.')).toBeVisible();
  await audit(host, 'event page, host with an offer', ['#hosting-offers']);
  await shootAtBothSizes(host, 'sponsor-hosting-host-offer');
  await host.getByRole('button', { name: 'Accept the offer of Café Kranz to host this event' }).click();
  await expect(host.getByText('Hosted by')).toBeVisible();
  await expect(host.getByRole('link', { name: /Café Kranz/ }).first()).toHaveAttribute(
    'href',
    'https://cafe-kranz.example',
  );

  // A signed-out visitor sees it too, and the run is at the café.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/event/${event.id}`);
  await expect(visitor.getByText('Hosted by')).toBeVisible();
  await expect(visitor.getByText('Café Kranz', { exact: false }).first()).toBeVisible();
  await audit(visitor, 'event page, hosted', ['#event-backers']);
  await shootAtBothSizes(visitor, 'sponsor-hosting-hosted');
});
