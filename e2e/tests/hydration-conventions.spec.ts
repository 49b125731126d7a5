import type { Browser, Page } from '@playwright/test';
import { apiAs, createAccount, createPublicEvent, expect, test, unique } from '../support/fixtures.ts';

/**
 * The pages the server renders for a signed-out visitor (an event, a community, a city) hydrate
 * without a mismatch whatever the browser's region and time zone: the server writes dates in the
 * language's own variant and names no viewer zone, the app's first render does the same, and the
 * viewer's variant and "your time" follow once the page is hydrated (lib/i18n/conventions.ts).
 * The server runs in the machine's zone (UTC in CI); every browser here is elsewhere, and in a
 * regional variant that writes dates differently from the language's own where it can.
 */

/** React's hydration failures: #418 (text differs), #423 (recovered by rendering afresh), #425. */
const HYDRATION = /hydrat|#418|#423|#425/i;

/** Page errors and console messages about hydration, from now on. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => {
    if (HYDRATION.test(e.message)) problems.push(e.message);
  });
  page.on('console', (m) => {
    if (HYDRATION.test(m.text())) problems.push(m.text());
  });
  return problems;
}

interface Viewer {
  locale: string;
  timezoneId: string;
  /** The event page's line with the times in the viewer's zone, in the viewer's language. */
  yourTime: string;
}

const VIEWERS: Viewer[] = [
  { locale: 'de-DE', timezoneId: 'America/New_York', yourTime: 'Deine Uhrzeit' },
  { locale: 'es-MX', timezoneId: 'Asia/Tokyo', yourTime: 'Tu hora' },
  { locale: 'en-GB', timezoneId: 'America/Los_Angeles', yourTime: 'Your time' },
];

/** Opens `path` signed out as `viewer`; the server's heading is kept (hydrated), with no error. */
async function expectHydrated(browser: Browser, viewer: Viewer, path: string, heading: string) {
  const context = await browser.newContext({ locale: viewer.locale, timezoneId: viewer.timezoneId });
  // No test reaches the internet: map tiles fail at once (their errors are not about hydration).
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort('blockedbyclient'));
  // Marks the first heading the HTML parser inserts, the server's: hydration keeps that element,
  // a render afresh (after a mismatch) replaces it with an unmarked one.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      heading.setAttribute('data-from-server', 'yes');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const problems = watchHydration(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The app starts after the first paint. Wait for its first commit: React's root has rendered
  // an element and is no longer dehydrated, whether it hydrated the markup or, after a mismatch
  // (reported before that commit), rendered it afresh. (React's own fields: no public signal.)
  await page.waitForFunction(() => {
    type HostRoot = {
      stateNode?: { current?: { memoizedState?: { element?: unknown; isDehydrated?: boolean } } };
    };
    const root = document.getElementById('root');
    const key = root ? Object.keys(root).find((name) => name.startsWith('__reactContainer')) : undefined;
    const state = key
      ? (root as unknown as Record<string, HostRoot>)[key]?.stateNode?.current?.memoizedState
      : undefined;
    return Boolean(state?.element) && state?.isDehydrated === false;
  });
  // Soft, both: a replaced heading is reported with the errors that say why, and every page and
  // viewer is tried.
  await expect.soft(page.locator('h1[data-from-server="yes"]'), `${path} as ${viewer.locale}`).toHaveCount(1);
  expect.soft(problems, `${path} as ${viewer.locale} in ${viewer.timezoneId}`).toEqual([]);
  return { page, close: () => context.close() };
}

test('signed-out server-rendered pages hydrate in any language, region and time zone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const host = await createAccount({ fullName: 'Hanna Gastgeberin' });
  // Leipzig: its zone (Europe/Berlin) is neither the server's nor any viewer's. Not Berlin, whose
  // centre the places spec keeps to itself (a second event there would make its map pin a cluster).
  const { place } = await apiAs<{ place: { id: string } }>(host, 'post', '/api/places', {
    name: 'Leipzig',
    lat: 51.33962,
    lon: 12.37129,
  });
  const suffix = unique();
  const { community } = await apiAs<{ community: { id: string; slug: string; name: string } }>(
    host,
    'post',
    '/api/communities',
    { name: `Kiezgarten ${suffix}`, description: 'Beete, Saatgut und Suppe.', placeId: place.id },
  );
  const title = `Saatguttausch ${suffix}`;
  // At 21:00 UTC (22:00 in Leipzig): another day in Tokyo, and an hour that en-US and en-GB, es and
  // es-MX write differently.
  const hoursAhead = 5 * 24 + ((21 - new Date().getUTCHours() + 24) % 24);
  const event = await createPublicEvent(
    host,
    { hoursAhead, hours: 2 },
    {
      title,
      description: 'Bring ein Glas mit.',
      location: 'Bibliotheksgarten',
      placeId: place.id,
      communityId: community.id,
    },
  );

  for (const viewer of VIEWERS) {
    const eventPage = await expectHydrated(browser, viewer, `/event/${event.id}`, title);
    // After hydration the times follow the viewer's zone too (none of them is Leipzig's).
    await expect(eventPage.page.getByText(viewer.yourTime)).toBeVisible();
    await eventPage.close();

    const communityPage = await expectHydrated(browser, viewer, `/c/${community.slug}`, community.name);
    await expect(communityPage.page.getByRole('link', { name: title })).toBeVisible();
    await communityPage.close();

    const cityPage = await expectHydrated(browser, viewer, '/near/leipzig-de', 'Leipzig');
    await expect(cityPage.page.getByRole('link', { name: title })).toBeVisible();
    await cityPage.close();
  }
});
