import { request } from '@playwright/test';
import { e2eEnv } from '../support/env.ts';
import { createAccount, expect, signInAs, test } from '../support/fixtures.ts';
import { expectSignInLinkStaysInApp, watchForProblems } from '../support/hydration.ts';

/**
 * A public event's page arrives rendered (its content readable before any script
 * runs) and the app hydrates it without replacing it; a private event never arrives rendered.
 */

async function createEvent(token: string, data: Record<string, unknown>): Promise<string> {
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const start = Date.now() + 5 * 86_400_000;
  const res = await api.post('/api/events', {
    data: {
      description: 'Seed swaps, cuttings and tea. Bring a jar.',
      location: 'Library garden, Elm Road',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3_600_000).toISOString(),
      status: 'LIVE',
      visibility: 'PUBLIC',
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { event: { id: string } }).event.id;
  await api.dispose();
  return id;
}

test('a public event page is server-rendered and hydrated, not replaced', async ({ page }) => {
  const host = await createAccount({ complete: true });
  const id = await createEvent(host.accessToken, { title: 'Seed swap at the library' });

  const html = await (await page.request.get(`/event/${id}`)).text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('Seed swap at the library');
  expect(root).toContain('Library garden, Elm Road');
  expect(root).toContain('Seed swaps, cuttings and tea.');
  expect(html).toContain('<script type="application/json" id="page-data">');

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/events/public/${id}`)) apiCalls.push(r.url());
  });
  await page.goto(`/event/${id}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Seed swap at the library' });
  await expect(heading).toBeVisible();
  // Mark the server's element: hydration keeps it, a fresh render would replace it.
  await heading.evaluate((el) => el.setAttribute('data-from-server', 'yes'));
  await expect(page.getByRole('link', { name: 'Sign in to RSVP' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1[data-from-server="yes"]')).toHaveCount(1);
  // The app is live: client navigation works from the hydrated page.
  await page.getByRole('link', { name: 'Sign in to RSVP' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(problems).toEqual([]);
  // The event came with the page: the app did not ask for it again.
  expect(apiCalls).toEqual([]);
});

test('the app starts after the first paint and the page becomes interactive: links navigate in the app', async ({
  page,
}) => {
  const host = await createAccount({ complete: true });
  const id = await createEvent(host.accessToken, { title: 'Bike repair evening' });

  // The page does not carry the app's scripts: a boot script requests them after the first paint.
  const html = await (await page.request.get(`/event/${id}`)).text();
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
  expect(html).not.toContain('modulepreload');

  const errors = watchForProblems(page);
  await page.goto(`/event/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bike repair evening' })).toBeVisible();
  // Signed out, the chat panel (readable) comes when the reader scrolls near it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('heading', { name: 'Event chat' })).toBeVisible();
  // A full page load would lose the mark; the app's router keeps it.
  await expectSignInLinkStaysInApp(page, 'Sign in to RSVP');
  // The sign-in form the app rendered is live (a server page's form would stay disabled).
  await expect(page.getByLabel('Email or username')).toBeEnabled();
  // No recoverable error either (a Suspense boundary the server could not finish reports one).
  expect(errors).toEqual([]);
});

test('a signed-in visitor gets their own view; a private event is never rendered', async ({ page }) => {
  const host = await createAccount({ complete: true });
  const publicId = await createEvent(host.accessToken, { title: 'Repair café on Saturday' });
  const privateId = await createEvent(host.accessToken, {
    title: 'Secret surprise party',
    visibility: 'PRIVATE',
  });

  const html = await (await page.request.get(`/event/${privateId}`)).text();
  expect(html).not.toContain('Secret surprise party');
  expect(html).not.toContain('page-data');

  await signInAs(page, host, `/event/${publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Repair café on Saturday' })).toBeVisible();
  await expect(page.getByText('You are the creator of this event')).toBeVisible();
  await page.goto(`/event/${privateId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Secret surprise party' })).toBeVisible();
});
