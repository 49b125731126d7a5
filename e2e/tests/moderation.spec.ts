import path from 'node:path';
import { type Browser, type Page, request } from '@playwright/test';
import { audit } from '../support/axe.ts';
import { e2eEnv } from '../support/env.ts';
import {
  type Account,
  createAccounts,
  expect,
  freshTokens,
  platformAdmin,
  signInAs,
  test,
} from '../support/fixtures.ts';

/**
 * Report and moderate: a member reports a message in the general chat, an admin hides
 * it and suspends its author, and the author's open page lands on the sign-in page with the
 * suspension message. Three people, three browser contexts; every change arrives live.
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');
async function postGeneral(account: Account, content: string): Promise<string> {
  const { accessToken } = await freshTokens(account);
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` },
  });
  try {
    const response = await api.post('/api/group-messages', { data: { content } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  } finally {
    await api.dispose();
  }
}

async function openAs(browser: Browser, account: Pick<Account, 'email' | 'password'>, route: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, account, route);
  return page;
}

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOTS, `moderation-${width}x${height}-${name}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a reported message is hidden, its author suspended and signed out of the open page', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [author, reporter] = await createAccounts('Sam Spammer', 'Riley Reporter');
  const admin = await platformAdmin();
  const spam = `Cheap watches at example dot com ${Date.now()}`;
  await postGeneral(author, 'Good morning, neighbours!');
  await postGeneral(author, spam);

  // The author has the messages page open; so does the member who reports.
  const authorPage = await openAs(browser, author, '/messages');
  const authorChat = authorPage.getByRole('log', { name: 'General chat messages' });
  await expect(authorChat.getByText(spam)).toBeVisible();
  const memberPage = await openAs(browser, reporter, '/messages');
  const memberChat = memberPage.getByRole('log', { name: 'General chat messages' });
  const spamRow = memberChat.getByRole('listitem').filter({ hasText: spam });
  await expect(spamRow).toBeVisible();

  // Report it: the message's menu, the dialog (axe), a reason, "Report sent".
  await spamRow.getByRole('button', { name: `Actions for the message from ${author.username}` }).click();
  await memberPage.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = memberPage.getByRole('dialog', { name: `Report the message from ${author.username}` });
  await expect(dialog).toBeVisible();
  await audit(memberPage, 'the report dialog', ['[role="dialog"]']);
  await dialog.getByRole('radio', { name: /Spam/ }).check();
  await dialog.getByLabel('Details (optional)').fill('Posts the same advert every morning.');
  await shoot(memberPage, 'report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  // The dialog is now named by its confirmation.
  const sent = memberPage.getByRole('dialog', { name: 'Report sent' });
  await expect(sent).toBeVisible();
  await audit(memberPage, 'the report confirmation', ['[role="dialog"]']);
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(sent).toBeHidden();

  // The admin's Reports tab: the count badge, the message in context (axe, screenshots).
  const adminPage = await openAs(browser, admin, '/admin');
  const reportsTab = adminPage.getByRole('tab', { name: /Reports/ });
  await expect(reportsTab.getByLabel(/\d+ open/)).toBeVisible();
  const card = adminPage.getByRole('listitem').filter({ hasText: 'Posts the same advert every morning.' });
  await expect(card.getByRole('list', { name: 'The message in its room' })).toContainText(spam);
  await expect(card.getByRole('list', { name: 'The message in its room' })).toContainText(
    'Good morning, neighbours!',
  );
  await audit(adminPage, 'the admin Reports tab', ['main']);
  await shoot(adminPage, 'admin-reports');

  // Hide: it leaves the member's open chat at once, without a reload.
  await card.getByRole('button', { name: 'Hide message' }).click();
  await expect(adminPage.getByText(/^Hidden \(1 report resolved\)$/)).toBeVisible();
  await expect(memberChat.getByText(spam)).toBeHidden();
  await expect(memberChat.getByText('Good morning, neighbours!')).toBeVisible();

  // Suspend the author from the Users tab: their open page goes to sign-in with the message.
  await adminPage.getByRole('tab', { name: 'Users' }).click();
  await adminPage.getByLabel('Search members').fill(author.email);
  const row = adminPage.getByRole('listitem').filter({ hasText: author.email });
  await row.getByRole('button', { name: `Suspend ${author.username}` }).click();
  const suspend = adminPage.getByRole('dialog', { name: `Suspend ${author.username}` });
  await suspend.getByLabel('Days').fill('7');
  await suspend.getByLabel('Reason').fill('Advertising in the general chat');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  const started = Date.now();
  await expect(row.getByText(/^Suspended until /)).toBeVisible();

  await expect(authorPage).toHaveURL(/\/login$/, { timeout: 5_000 });
  const alert = authorPage.getByRole('alert').filter({ hasText: 'You have been signed out' });
  await expect(alert).toContainText(/This account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}\./);
  console.info(`author's open page reached /login ${Date.now() - started} ms after the suspension answered`);
  await shoot(authorPage, 'signed-out-suspended');

  // Signing in again is refused with the same sentence.
  await authorPage.getByLabel('Email or username').fill(author.email);
  await authorPage.getByLabel('Password', { exact: true }).fill(author.password);
  await authorPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(authorPage.getByText(/This account is suspended until/).last()).toBeVisible();

  // The audit tab lists both actions.
  await adminPage.getByRole('tab', { name: 'Audit' }).click();
  await expect(adminPage.getByText(/suspended user/)).toBeVisible();
  await expect(adminPage.getByText(/hid message/)).toBeVisible();
});
