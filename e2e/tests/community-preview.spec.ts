import { type Page, request } from '@playwright/test';
import { audit, shootAtBothSizes } from '../support/a11y.ts';
import { e2eEnv } from '../support/env.ts';
import { createAccount, expect, signInAs, test } from '../support/fixtures.ts';
import { expectSignInLinkStaysInApp, watchForProblems } from '../support/hydration.ts';

/**
 * Sharing a community: its link preview (the head a crawler reads, without running any
 * script) names it, describes it and carries a schema.org Organization; on the page, the share
 * buttons offer a QR code of the link, drawn in the browser. The page arrives rendered by the
 * server with the app's own components and is hydrated, not replaced (decision 025).
 */

function head(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    meta,
    jsonLd: ld ? (JSON.parse(ld) as Record<string, unknown>) : undefined,
  };
}

async function createCommunity(token: string, data: Record<string, unknown>): Promise<string> {
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const created = await api.post('/api/communities', { data });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = ((await created.json()) as { community: { slug: string } }).community;
  await api.dispose();
  return slug;
}

/** A new owner's community named `<prefix> <unique>`, made with `data`. */
async function newCommunity(prefix: string, data: Record<string, unknown>) {
  const owner = await createAccount({ complete: true });
  const name = `${prefix} ${Date.now().toString(36).slice(-5)}`;
  const slug = await createCommunity(owner.accessToken, { name, ...data });
  return { owner, name, slug };
}

/** The community page as the server sends it, and the part inside the app's root element. */
async function serverRendered(page: Page, slug: string) {
  const html = await (await page.request.get(`/c/${slug}`)).text();
  return { html, root: html.slice(html.indexOf('<div id="root">')) };
}

test('a community page is server-rendered and hydrated, not replaced; the app starts after the first paint', async ({
  page,
}) => {
  const { name, slug } = await newCommunity('Allotment Growers', {
    description: 'Seed swaps on Saturdays, soup in winter.',
    location: 'Elm Road allotments',
  });

  // Readable before any script runs, with the data the app starts from.
  const { html, root } = await serverRendered(page, slug);
  expect(root).toContain(name);
  expect(root).toContain('Seed swaps on Saturdays, soup in winter.');
  expect(root).toContain('Sign in to join');
  expect(html).toContain('<script type="application/json" id="page-data">');
  // The page does not carry the app's scripts: a boot script requests them after the first paint.
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

  const problems = watchForProblems(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/communities/${slug}`)) apiCalls.push(r.url());
  });
  await page.goto(`/c/${slug}`);
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  // Mark the server's element: hydration keeps it, a fresh render would replace it.
  await heading.evaluate((el) => el.setAttribute('data-from-server', 'yes'));
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Sign in to join' })).toBeVisible();
  await expect(page.locator('h1[data-from-server="yes"]')).toHaveCount(1);
  // The app is live: its tabs answer, and links navigate in the app (a full load would lose this).
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByText('No upcoming events', { exact: true })).toBeVisible();
  await expectSignInLinkStaysInApp(page, 'Sign in to join');
  expect(problems).toEqual([]);
  // The community, its events and its news came with the page: the app asked for none of them.
  expect(apiCalls).toEqual([]);
});

test('a private community page shows a signed-out visitor only its card', async ({ page }) => {
  const { owner, name, slug } = await newCommunity('Quiet Knitters', {
    description: 'We knit, we talk.',
    visibility: 'PRIVATE',
  });
  const { root } = await serverRendered(page, slug);
  expect(root).toContain(name);
  expect(root).toContain('Private');

  const problems = watchForProblems(page);
  await page.goto(`/c/${slug}`);
  // The tabs answer once the app has started (after the first paint) and hydrated the page.
  await page.waitForLoadState('networkidle');
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByText('The events of this private community are for its members.')).toBeVisible();
  expect(problems).toEqual([]);

  // Signed in, the owner gets their own view (rendered afresh): organiser tools appear.
  await signInAs(page, owner, `/c/${slug}`);
  await expect(page.getByRole('tab', { name: 'Manage' })).toBeVisible();
});

test('a community link preview, and its QR code to share', async ({ page }) => {
  const owner = await createAccount({ fullName: 'Olga Organiser' });
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${owner.accessToken}` },
  });
  const name = `Canal Cyclists ${Date.now().toString(36).slice(-5)}`;
  const created = await api.post('/api/communities', {
    data: {
      name,
      description: 'Slow Sunday rides along the canal, coffee at the lock.',
      location: 'Canal Street',
      tags: ['Cycling'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = ((await created.json()) as { community: { slug: string } }).community;
  await api.dispose();

  // As a crawler: one plain GET, no script run.
  const crawler = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { 'User-Agent': 'facebookexternalhit/1.1', Accept: 'text/html' },
  });
  const res = await crawler.get(`/c/${slug}`);
  expect(res.status()).toBe(200);
  const preview = head(await res.text());
  await crawler.dispose();
  expect(preview.title).toBe(`${name} · Townsquare`);
  expect(preview.meta('og:title')).toBe(name);
  expect(preview.meta('og:description')).toBe(
    'Canal Street · Slow Sunday rides along the canal, coffee at the lock.',
  );
  expect(preview.meta('og:url')).toMatch(new RegExp(`/c/${slug}$`));
  expect(preview.meta('og:image')).toMatch(/^https?:\/\//);
  expect(preview.jsonLd).toMatchObject({ '@type': 'Organization', name });

  // On the page: the QR code of the link.
  await signInAs(page, owner, `/c/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code' });
  await expect(dialog.getByRole('img', { name: /^QR code for http/ })).toBeVisible();
  await expect(dialog.getByText(new RegExp(`/c/${slug}$`))).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download the picture' })).toHaveAttribute(
    'download',
    /^canal-cyclists-[a-z0-9]+-qr\.png$/,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'screenshots/community-qr-375.png' });
  await page.keyboard.press('Escape');
  await audit(page, 'the community page');
  await shootAtBothSizes(page, 'community-page');
});
