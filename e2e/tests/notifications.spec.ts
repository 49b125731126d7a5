import path from 'node:path';
import { type Page, request } from '@playwright/test';
import { audit } from '../support/axe.ts';
import { e2eEnv } from '../support/env.ts';
import { type Account, createAccounts, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * A notification reaches its person live (the bell's count over the socket), and the
 * bell, its panel and /notifications work with the keyboard alone and pass axe.
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');

async function post(account: Account, url: string, data: unknown): Promise<void> {
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${account.accessToken}` },
  });
  try {
    const response = await api.post(url, { data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  } finally {
    await api.dispose();
  }
}

/** Socket.IO handshakes the server accepted on this page (frames starting with "40"). */
function watchConnections(page: Page): () => number {
  let connections = 0;
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('40')) connections += 1;
    });
  });
  return () => connections;
}

test('a friend request lights the bell live; the panel and /notifications work with the keyboard', async ({
  browser,
}) => {
  const [ana, ben] = await createAccounts('Ana Sousa', 'Ben Carter');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const connections = watchConnections(page);
  await signInAs(page, ben, '/dashboard');
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await expect.poll(connections, { message: "Ben's socket connects" }).toBeGreaterThan(0);

  // Ana sends the request through the API; Ben's bell counts it without a reload.
  await post(ana, '/api/friends/request', { receiverId: ben.id });
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();

  // Keyboard only: focus the bell, Enter opens the panel with focus on the newest item.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const item = panel.getByRole('link', { name: /Unread:/ }).first();
  await expect(item).toBeFocused();
  await expect(item).toContainText(ana.username ?? ana.fullName);
  await audit(page, 'the open notification panel');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'notifications-panel-1280.png') });

  // Escape closes and gives focus back to the bell; Space opens it again.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await page.keyboard.press('Space');
  await expect(panel).toBeVisible();
  await expect(item).toBeFocused();

  // Following the item goes to its page and marks it read: the count is 0.
  const href = await item.getAttribute('href');
  expect(href).toMatch(/^\//);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  // The page lists it, read now (no "Unread:" any more), and passes axe.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const listed = page.getByRole('main').getByRole('link', { name: new RegExp(ana.username ?? ana.fullName) });
  await expect(listed).toBeVisible();
  await expect(listed).not.toContainText('Unread:');
  await audit(page, '/notifications');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'notifications-page-1280.png'), fullPage: true });

  // A phone: the page fits without horizontal scrolling, and the panel opens under the header.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'notifications-page-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Notifications, 0 unread' }).click();
  await expect(panel).toBeVisible();
  await audit(page, 'the notification panel at 375 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'notifications-panel-375.png') });

  await context.close();
});

test('/settings: per-kind choices save, and turning push on uses the service worker at /', async ({
  browser,
  member,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The permission prompt cannot be clicked in headless Chromium: grant it up front.
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  await signInAs(page, member, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // The worker is registered on every page after the first paint since it keeps the offline page
  // (decision 033), so it may or may not be there yet: push must work either way.

  await page.getByRole('checkbox', { name: 'Push: Mentions of you in chats' }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await audit(page, '/settings');

  // The push service itself is on the internet, which this machine cannot reach: subscribing may
  // fail, but the worker must be served (same origin, CSP script-src 'self') and registered at /.
  await page.getByRole('switch', { name: 'Push notifications in this browser' }).click();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return registration ? new URL(registration.scope).pathname : null;
      }),
    )
    .toBe('/');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-notifications-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Save Preferences' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-notifications-375.png') });
  await context.close();
});
