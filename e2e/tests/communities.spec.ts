import type { Page } from '@playwright/test';
import { shootAtBothSizes } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { openEventDialog } from '../support/board.ts';
import { localInput } from '../support/dates.ts';
import { createAccount, createAccounts, expect, signInAs, test, unique } from '../support/fixtures.ts';
import { gradientPng } from '../support/images.ts';

/**
 * A club founded, joined (by request, with a join question), run and used from the web
 * app alone, by two people in separate browsers; live chat; an event hosted as the community
 * reaches the member's dashboard.
 */

/** Full-page screenshots at phone and desktop width (looked at by people; git-ignored). */
const shoot = (page: Page, name: string) => shootAtBothSizes(page, `communities-${name}`);

test('a club is founded, joined by request, chats live and hosts an event its members see', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const [owner, member] = await createAccounts('Rosa Founder', 'Theo Joiner');
  const name = `Riverside Runners ${unique()}`;
  const question = 'How far do you run each week?';

  // --- The owner founds an APPROVAL community with a join question ------------------------------
  await signInAs(page, owner, '/communities');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit(page, '/communities');
  await page.getByRole('button', { name: 'Start a community' }).click();
  const create = page.getByRole('dialog', { name: 'Start a community' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Easy 5 km loops along the river, every Saturday at nine.');
  await create.getByLabel('Where you meet').fill('Riverside Park');
  await create.getByLabel('Who can join').selectOption('APPROVAL');
  await create.getByLabel('Join question 1').fill(question);
  await create.getByRole('button', { name: 'Create community' }).click();
  await expect(page).toHaveURL(/\/c\/riverside-runners-/);
  const slugPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // --- A second person asks to join, answering the question -------------------------------------
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInAs(memberPage, member, slugPath);
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await audit(memberPage, `${slugPath} (not a member)`);
  await memberPage.getByRole('button', { name: 'Request to join' }).click();
  const ask = memberPage.getByRole('dialog', { name: `Request to join ${name}` });
  await ask.getByLabel(question).fill('About 20 km, slowly');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(memberPage.getByRole('button', { name: 'Requested: cancel the request' })).toBeVisible();

  // --- The owner sees the request with the answer and approves it -------------------------------
  await page.reload();
  await page.getByRole('tab', { name: 'Members' }).click();
  const requests = page.getByRole('region', { name: /Requests to join/ });
  const request = requests.getByRole('listitem').filter({ hasText: 'Theo Joiner' });
  await expect(request).toContainText('About 20 km, slowly');
  await audit(page, `${slugPath} members (organiser)`);
  await shoot(page, 'members-organiser');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('region', { name: 'Members' })).toContainText('Theo Joiner');
  await expect(
    page.getByRole('region', { name: 'Members' }).getByRole('link', { name: 'Theo Joiner' }),
  ).toHaveAttribute('href', `/user/${member.id}`);

  // --- Both chat live -----------------------------------------------------------------------------
  await memberPage.reload();
  await expect(memberPage.getByRole('button', { name: 'Member ▾' })).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await memberPage.getByRole('tab', { name: 'Chat' }).click();
  const ownerLog = page.getByRole('log', { name: `${name} chat messages` });
  const memberLog = memberPage.getByRole('log', { name: `${name} chat messages` });
  await expect(ownerLog).toBeVisible();
  await expect(memberLog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await memberPage.waitForLoadState('networkidle');
  await page.getByLabel(`Message ${name}`).fill('Welcome Theo! Saturday, nine sharp.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(memberLog.getByText('Welcome Theo! Saturday, nine sharp.')).toBeVisible();
  await memberPage.getByLabel(`Message ${name}`).fill('Thanks Rosa, see you there');
  await memberPage.getByRole('button', { name: 'Send' }).click();
  await expect(ownerLog.getByText('Thanks Rosa, see you there')).toBeVisible();
  // A sender's name leads to their profile, their message's menu offers Block beside
  // Report, and the owner's own control reads as owner.
  const ownerName = String(owner.username);
  await expect(memberLog.getByRole('link', { name: ownerName })).toHaveAttribute('href', `/user/${owner.id}`);
  await memberLog.getByRole('button', { name: `Actions for the message from ${ownerName}` }).click();
  await expect(memberPage.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(memberPage.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  await memberPage.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Owner ▾' })).toBeVisible();
  await audit(memberPage, `${slugPath} chat (member)`);
  await shoot(memberPage, 'chat-member');

  // --- The owner hosts a published event as the community ---------------------------------------
  const title = `Saturday loop ${unique()}`;
  await page.goto('/dashboard');
  const { dialog } = await openEventDialog(page);
  await dialog.getByLabel('Host as').selectOption({ label: name });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Five easy kilometres, coffee afterwards.');
  await dialog.getByLabel('Location').fill('Riverside Park, north gate');
  await dialog.getByLabel('Start date').fill(localInput(4, 9));
  await dialog.getByLabel('End date').fill(localInput(4, 11));
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  const ownerCard = page
    .getByRole('region', { name: 'Event Management' })
    .getByRole('article', { name: title });
  await expect(ownerCard.getByRole('link', { name: `Hosted by ${name}` })).toHaveAttribute('href', slugPath);
  // A toast fading in is half-transparent for axe's contrast rule: audit once it has gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await audit(page, '/dashboard (owner, community event card)');

  // --- The member sees it on the dashboard, under "From your communities" -----------------------
  await memberPage.goto('/dashboard');
  const fromCommunities = memberPage.getByRole('region', { name: 'From your communities' });
  const item = fromCommunities.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`Hosted by ${name}`);
  await audit(memberPage, '/dashboard (member)');
  await shoot(memberPage, 'dashboard-member');

  // --- The community page: the event on its Events tab; every tab passes axe ---------------------
  await memberPage.goto(slugPath);
  for (const tab of ['About', 'Events', 'Members', 'Chat']) {
    await memberPage.getByRole('tab', { name: tab }).click();
    if (tab === 'Events') await expect(memberPage.getByRole('link', { name: title })).toBeVisible();
    await audit(memberPage, `${slugPath} ${tab} (member)`);
  }
  await memberPage.getByRole('tab', { name: 'About' }).click();
  await shoot(memberPage, 'about-member');
  await page.goto(slugPath);
  await page.getByRole('tab', { name: 'Manage' }).click();
  await audit(page, `${slugPath} Manage (owner)`);
  await shoot(page, 'manage-owner');
  await page.goto('/communities');
  await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await shoot(page, 'discover');

  // --- The event page says who hosts it -----------------------------------------------------------
  await memberPage.goto('/dashboard');
  await memberPage
    .getByRole('region', { name: 'From your communities' })
    .getByRole('link', { name: title })
    .click();
  await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: `Hosted by ${name}` })).toBeVisible();
  await audit(memberPage, 'event page hosted by a community');
  await shoot(memberPage, 'event-hosted');
  await memberContext.close();
});

test('signed out: the discover page and a public community page pass axe', async ({ page }) => {
  const founder = await createAccount({ fullName: 'Ines Founder' });
  const name = `Chess at the Library ${unique()}`;
  await signInAs(page, founder, '/communities');
  await page.getByRole('button', { name: 'Start a community' }).click();
  const create = page.getByRole('dialog', { name: 'Start a community' });
  await create.getByLabel('Name').fill(name);
  // The community's own image, uploaded as an event image is.
  await create
    .locator('input[type="file"]')
    .setInputFiles({ name: 'chess.png', mimeType: 'image/png', buffer: gradientPng() });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await create.getByRole('button', { name: 'Create community' }).click();
  await expect(page).toHaveURL(/\/c\/chess-at-the-library-/);
  await expect(page.locator('main article header img')).toHaveAttribute('src', /^https?:\/\//);
  const slugPath = new URL(page.url()).pathname;
  await page.evaluate(() => localStorage.clear());
  await page.goto('/communities');
  await audit(page, '/communities (signed out)');
  await page.goto(slugPath);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const tab of ['About', 'Events']) {
    await page.getByRole('tab', { name: tab }).click();
    await audit(page, `${slugPath} ${tab} (signed out)`);
  }
  await shoot(page, 'about-signed-out');
});
