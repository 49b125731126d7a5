import { type Browser, type Page, request } from '@playwright/test';
import { shootAtBothSizes } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { localInput } from '../support/dates.ts';
import { e2eEnv } from '../support/env.ts';
import { type Account, createAccount, expect, signInAs, test, unique } from '../support/fixtures.ts';

/**
 * A host proposes three dates to a community, two members answer on phones, the host
 * keeps one and finishes the event form filled from the poll (decision 082): the event is the
 * club's; the members who said yes get the notification and tap "I'm going"; the
 * event's sign-up sheet, with a quantity item and a shift, is filled by the two of them.
 */

const PHONE = { width: 375, height: 812 };

const shoot = (page: Page, name: string) => shootAtBothSizes(page, `polls-${name}`);

async function apiAs(account: Account, method: 'post' | 'put', url: string, data: object) {
  const api = await request.newContext({ baseURL: e2eEnv.baseUrl });
  try {
    const res = await api[method](url, { data, headers: { Authorization: `Bearer ${account.accessToken}` } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  } finally {
    await api.dispose();
  }
}

async function phone(browser: Browser, account: Account, pathname: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAs(page, account, pathname);
  return { context, page };
}

test('a community finds a date that becomes the event, and fills its sign-up sheet', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const [host, ana, ben] = await Promise.all([
    createAccount({ fullName: 'Hana Host' }),
    createAccount({ fullName: 'Ana Member' }),
    createAccount({ fullName: 'Ben Member' }),
  ]);
  const club = `Allotment Society ${unique()}`;
  const created = await apiAs(host, 'post', '/api/communities', { name: club, visibility: 'PRIVATE' });
  const community = created.community as { slug: string; id: string };
  for (const member of [ana, ben]) await apiAs(member, 'post', `/api/communities/${community.slug}/join`, {});
  const title = `Spring clean-up ${unique()}`;

  // --- The host proposes three dates from "Find a date", next to "Create Event" ------------------
  await signInAs(page, host, '/events');
  await page.getByRole('link', { name: 'Find a date' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a date' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Which Saturday suits for clearing the shared beds?');
  await page.getByLabel('For a community').selectOption(community.id);
  await page.getByLabel('Answers close').fill(localInput(5, 20));
  for (const [i, days] of [7, 14, 21].entries()) {
    await page.getByLabel('Starts').nth(i).fill(localInput(days, 10));
    await page.getByLabel('Ends').nth(i).fill(localInput(days, 13));
  }
  await page.getByLabel('Place').first().fill('The shed by the north gate');
  await audit(page, '/polls/new');
  await shoot(page, 'new');
  await page.getByRole('button', { name: 'Start the poll' }).click();
  await expect(page).toHaveURL(/\/polls\/[0-9a-f-]{36}$/);
  const pollPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // --- Two members answer on phones: one date per row, three large buttons ------------------------
  const anaPhone = await phone(browser, ana, pollPath);
  const benPhone = await phone(browser, ben, pollPath);
  for (const { page: p } of [anaPhone, benPhone])
    await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const rows = (p: Page) => p.getByRole('list', { name: 'Proposed dates' }).getByRole('listitem');
  await expect(rows(anaPhone.page)).toHaveCount(3);
  await rows(anaPhone.page).nth(0).getByRole('button', { name: 'Yes' }).click();
  await expect(rows(anaPhone.page).nth(0).getByRole('button', { name: 'Yes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await rows(anaPhone.page).nth(1).getByRole('button', { name: 'No' }).click();
  await rows(benPhone.page).nth(0).getByRole('button', { name: 'If need be' }).click();
  await rows(benPhone.page).nth(1).getByRole('button', { name: 'Yes' }).click();
  await expect(rows(benPhone.page).nth(1).getByRole('button', { name: 'Yes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await audit(anaPhone.page, `${pollPath} (member, phone)`);
  await shoot(anaPhone.page, 'member');

  // The host's page got the tallies live, without a reload; the first date is the best.
  await expect(rows(page).nth(0)).toContainText('1 yes · 1 if need be · 0 no');
  await expect(rows(page).nth(0).getByText('Best date')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('If need be');
  await audit(page, `${pollPath} (host)`);
  await shoot(page, 'host');

  // --- The host keeps the first date: the event form opens filled from the poll -----------------
  await rows(page).nth(0).getByRole('button', { name: 'Make this the event' }).click();
  const form = page.getByRole('dialog', { name: 'Make this the event' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Description')).toHaveValue(
    'Which Saturday suits for clearing the shared beds?',
  );
  await expect(form.getByLabel('Location', { exact: true })).toHaveValue('The shed by the north gate');
  await expect(form.getByLabel('Start date')).toHaveValue(localInput(7, 10));
  await expect(form.getByLabel('Host as')).toHaveValue(community.id);
  await audit(page, `${pollPath} (make this the event)`);
  await shoot(page, 'make-event');
  // The host finishes it: a better title than the poll's question, then publishes.
  const eventTitle = `Spring clean-up day ${unique()}`;
  await form.getByLabel('Title').fill(eventTitle);
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
  const eventPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: eventTitle })).toBeVisible();
  await expect(page.getByText(`Hosted by ${club}`).first()).toBeVisible();
  // Nobody is answered for: no "0 going" while the yes-voters are being asked.
  await expect(page.getByText('No one has said they are going yet', { exact: true })).toBeVisible();
  await expect(page.getByText('0 going', { exact: true })).toHaveCount(0);
  await expect(anaPhone.page.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', eventPath);

  // --- Both members are told and tap "I'm going" ------------------------------------------------
  for (const { page: p } of [anaPhone, benPhone]) {
    await p.goto('/notifications');
    await expect(p.getByRole('link', { name: new RegExp(`${title} is on`) })).toBeVisible();
    await p.getByRole('button', { name: "I'm going" }).click();
    await expect(p.getByRole('button', { name: "You're going" })).toBeVisible();
  }
  await audit(anaPhone.page, '/notifications (poll finalised)');

  // --- The host adds a quantity item and a shift to the sign-up sheet ---------------------------
  const sheet = (p: Page) => p.getByRole('region', { name: 'Sign-up sheet' });
  await page.reload();
  await sheet(page).getByLabel('Name').fill('Garden gloves');
  await sheet(page).getByLabel('How many').fill('10');
  await sheet(page).getByRole('button', { name: 'Add' }).click();
  await expect(sheet(page).getByText('Garden gloves × 10')).toBeVisible();
  await sheet(page).getByLabel('A shift').check();
  await sheet(page).getByLabel('Name').fill('Compost crew');
  await sheet(page).getByLabel('People').fill('2');
  await sheet(page).getByLabel('From', { exact: true }).fill(localInput(7, 10));
  await sheet(page).getByLabel('To', { exact: true }).fill(localInput(7, 11));
  await sheet(page).getByRole('button', { name: 'Add' }).click();
  await expect(sheet(page).getByText(/Compost crew .* × 2/)).toBeVisible();

  // --- The two members fill it, and each sees the other's claim arrive ----------------------------
  for (const { page: p } of [anaPhone, benPhone]) await p.goto(eventPath);
  await expect(sheet(anaPhone.page).getByText('Garden gloves × 10')).toBeVisible();
  await sheet(anaPhone.page).getByLabel('How many').fill('3');
  await sheet(anaPhone.page).getByRole('button', { name: "I'll bring it" }).click();
  await expect(sheet(anaPhone.page).getByText('7 of 10 still needed')).toBeVisible();
  await expect(sheet(benPhone.page).getByText('7 of 10 still needed')).toBeVisible();
  await sheet(benPhone.page).getByRole('button', { name: 'Take this shift' }).click();
  await expect(sheet(benPhone.page).getByRole('button', { name: 'Leave this shift' })).toBeVisible();
  await expect(sheet(anaPhone.page).getByText('1 of 2 still needed')).toBeVisible();
  await expect(sheet(page).getByText('1 of 2 still needed')).toBeVisible();
  await audit(anaPhone.page, `${eventPath} (sign-up sheet, phone)`);
  await shoot(anaPhone.page, 'sheet');
  await audit(page, `${eventPath} (sign-up sheet, host)`);
  await shoot(page, 'sheet-host');

  await anaPhone.context.close();
  await benPhone.context.close();
});
