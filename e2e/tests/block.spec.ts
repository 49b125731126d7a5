import path from 'node:path';
import { type Page, request } from '@playwright/test';
import { audit } from '../support/axe.ts';
import { e2eEnv } from '../support/env.ts';
import { type Account, createAccount, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * Block: Ana blocks Ben from Ben's profile; Ben's messages in the general chat turn into
 * the placeholder for Ana (those already there and a new one, live); Ben cannot message Ana.
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');
const PLACEHOLDER = 'Message from a person you blocked';

async function call(account: Account, method: 'POST' | 'GET', url: string, data?: unknown) {
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${account.accessToken}` },
  });
  try {
    const response = method === 'POST' ? await api.post(url, { data }) : await api.get(url);
    return { status: response.status(), body: (await response.json()) as { message?: string } };
  } finally {
    await api.dispose();
  }
}

/** Counts the general-chat joins the server acknowledged on the page's socket. */
function watchJoins(page: Page) {
  let joins = 0;
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && /^43\d+\[\{"ok":true\}\]$/.test(payload)) joins += 1;
    });
  });
  return () => joins;
}

const name = (account: Account) => account.username ?? account.fullName;

test('blocking from a profile: placeholder in the general chat for the blocker, no messages either way', async ({
  browser,
}) => {
  // Two viewports and three pages each: more than the default minute on a loaded machine.
  test.setTimeout(360_000);
  const [ana, ben] = await Promise.all([
    createAccount({ fullName: 'Ana Sousa' }),
    createAccount({ fullName: 'Ben Carter' }),
  ]);
  expect((await call(ana, 'POST', '/api/friends/request', { receiverId: ben.id })).status).toBe(201);
  expect((await call(ben, 'POST', '/api/friends/accept', { requesterId: ana.id })).status).toBe(201);
  const before = `Ben was here ${Date.now()}`;
  expect((await call(ben, 'POST', '/api/group-messages', { content: before })).status).toBe(201);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    const first = size.width === 1280;
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await signInAs(page, ana, `/user/${ben.id}`);
    await expect(page.getByRole('heading', { level: 1, name: name(ben) })).toBeVisible();

    // The menu and its confirmation, with the keyboard.
    const more = page.getByRole('button', { name: `More actions for ${name(ben)}` });
    await more.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: first ? 'Block' : 'Unblock' });
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', {
      name: first ? `Block ${name(ben)}?` : `Unblock ${name(ben)}?`,
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await audit(page, `the block dialog at ${size.width}px`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `block-${size.width}x${size.height}-dialog.png`) });
    if (first) {
      await dialog.getByRole('button', { name: 'Block' }).click();
      await expect(page.getByText(`You blocked ${name(ben)}`)).toBeVisible();
      // Blocking ended the friendship.
      await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
    } else {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // The general chat: Ben's earlier message is the placeholder, and so is a new one, live.
    const joins = watchJoins(page);
    await page.goto('/messages');
    const log = page.getByRole('log', { name: 'General chat messages' });
    await expect(log.getByText(PLACEHOLDER).first()).toBeVisible();
    await expect(log.getByText(before)).toHaveCount(0);
    if (first) {
      await expect.poll(joins, { message: "Ana's socket joins the general chat" }).toBeGreaterThan(0);
      const shown = await log.getByText(PLACEHOLDER).count();
      const live = `Ben again ${Date.now()}`;
      expect((await call(ben, 'POST', '/api/group-messages', { content: live })).status).toBe(201);
      await expect(log.getByText(PLACEHOLDER)).toHaveCount(shown + 1);
      await expect(log.getByText(live)).toHaveCount(0);
    }
    await audit(page, `/messages with the placeholder at ${size.width}px`);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `block-${size.width}x${size.height}-general-chat.png`),
      fullPage: true,
    });

    // /settings → Blocked people.
    await page.goto('/settings');
    const blocked = page.getByRole('list', { name: 'Blocked people' });
    await expect(blocked.getByRole('link', { name: name(ben) })).toBeVisible();
    await expect(blocked.getByRole('button', { name: `Unblock ${name(ben)}` })).toBeVisible();
    await audit(page, `/settings at ${size.width}px`);
    await blocked.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(SCREENSHOTS, `block-${size.width}x${size.height}-settings.png`),
    });
    await context.close();
  }

  // Ben cannot message Ana, nor ask her to be friends: a neutral 403.
  const dm = await call(ben, 'POST', '/api/messages', { receiver: ana.id, content: 'hello?' });
  expect(dm.status).toBe(403);
  expect(dm.body.message).toBe('You cannot contact this person');
  const again = await call(ben, 'POST', '/api/friends/request', { receiverId: ana.id });
  expect(again.status).toBe(403);

  // In Ben's browser the conversation with Ana has no composer, only a neutral note.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signInAs(page, ben, `/messages/${ana.id}`);
  await expect(page.getByText('You can only send messages to your friends.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Message ${name(ana)}` })).toHaveCount(0);
  await expect(page.getByText(/blocked/i)).toHaveCount(0);
  await audit(page, "Ben's conversation with Ana");
  await page.screenshot({ path: path.join(SCREENSHOTS, 'block-375x812-blocked-conversation.png') });
  await context.close();
});
