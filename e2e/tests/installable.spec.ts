import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { e2eEnv } from '../support/env.ts';
import { createAccount, createLiveEvent, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * An installable app (decision 033): a manifest linked from every page,
 * and a service worker that shows an offline page instead of the browser's error, caches nothing
 * personal, and empties its cache on sign-out. Chromium answers through the DevTools protocol.
 */

/** Waits until the page is controlled by the active worker (it claims open pages on activation). */
async function controlledByWorker(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test('Chromium finds nothing stopping an install, and every kind of page links the manifest', async ({
  browserName,
  launchOptions,
}) => {
  expect(browserName).toBe('chromium');
  // A profile on disk: Chromium offers no install in an incognito context, which is what a
  // Playwright context normally is (its only error would be `in-incognito`).
  const profile = await mkdtemp(path.join(os.tmpdir(), 'townsquare-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL: e2eEnv.baseUrl,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await page.goto('/');
  await controlledByWorker(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toBe(new URL('/manifest.webmanifest', e2eEnv.baseUrl).href);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const parsed = JSON.parse(manifest.data ?? '{}') as {
    display: string;
    start_url: string;
    scope: string;
    icons: { sizes: string; purpose: string }[];
    screenshots: { form_factor: string }[];
  };
  expect(parsed).toMatchObject({ display: 'standalone', start_url: '/dashboard', scope: '/' });
  expect(parsed.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  );
  expect(parsed.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);

  // Pre-rendered, server-rendered (a public event for a signed-out visitor) and app pages alike.
  const host = await createAccount({ fullName: 'Ines Installer' });
  const eventId = await createLiveEvent(host, {
    title: 'Seed swap',
    description: 'Bring seeds, take seeds.',
    location: 'Community garden',
  });
  for (const pagePath of [
    '/',
    '/login',
    '/register',
    `/event/${eventId}`,
    '/about',
    '/no-such-page',
    // The server's own small page, opened from an e-mail's unsubscribe link.
    '/api/notifications/unsubscribe?token=not-a-token',
  ]) {
    const html = await (await page.request.get(pagePath)).text();
    expect(html, pagePath).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
  }
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

test('offline, a page visited before shows the offline shell; nothing personal is cached; signing out empties the cache', async ({
  page,
}) => {
  const member = await createAccount({ fullName: 'Olu Offline' });
  await signInAs(page, member, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await controlledByWorker(page);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Townsquare');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await page.context().setOffline(false);

  // Back online, the page itself again; its API answers went by, none of them was stored.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeHidden();
  await controlledByWorker(page);
  const cached = async () =>
    page.evaluate(async () => {
      const result: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        const keys = await (await caches.open(name)).keys();
        result[name] = keys.map((request) => new URL(request.url).pathname).sort();
      }
      return result;
    });
  const before = await cached();
  const names = Object.keys(before);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^townsquare-shell-[0-9a-f]{16}$/);
  expect(before[names[0] as string]).toEqual([
    '/favicon.svg',
    '/icons/icon-192.png',
    '/manifest.webmanifest',
    '/offline.html',
  ]);

  // Whatever was cached goes on sign-out (a marker stands for it); the offline page comes back.
  await page.evaluate(async (name) => {
    await (await caches.open(name)).put('/marker-of-the-last-account', new Response('theirs'));
  }, names[0] as string);
  await page.getByRole('button', { name: new RegExp(member.username ?? member.fullName) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(cached).toEqual(before);
});
