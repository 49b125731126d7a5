import path from 'node:path';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { audit, SCREENSHOTS, SIZES } from '../support/a11y.ts';
import { boardCard, openEventDialog } from '../support/board.ts';
import { localInput } from '../support/dates.ts';
import { e2eEnv } from '../support/env.ts';
import { type Account, createAccounts, expect, signInAs, test, unique } from '../support/fixtures.ts';
import { gradientPng } from '../support/images.ts';

/** Events end to end: dashboard, create/edit dialog, search, the event page, RSVP and delete. */

async function noHorizontalScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
}

interface ApiEvent {
  id: string;
  status: string;
  title: string;
}

/** The API as `account`, for test data the journey does not need to click through. */
async function apiAs(account: Account) {
  const api: APIRequestContext = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${account.accessToken}` },
  });
  return {
    api,
    async uploadImage(): Promise<string> {
      const signed = await api.post('/api/upload/signed-url', {
        data: { fileName: 'cover.png', fileType: 'image/png', folder: 'event-image' },
      });
      expect(signed.status(), await signed.text()).toBe(201);
      const { signedUrl, publicUrl } = (await signed.json()) as { signedUrl: string; publicUrl: string };
      const put = await api.put(signedUrl, { data: gradientPng(), headers: { 'Content-Type': 'image/png' } });
      expect(put.status(), await put.text()).toBe(200);
      return publicUrl;
    },
    async createEvent(data: Record<string, unknown>): Promise<ApiEvent> {
      const response = await api.post('/api/events', {
        data: {
          description: 'Lanterns, cocoa and a slow walk along the river. Bring a torch if you have one.',
          location: 'Riverside Park, north gate',
          visibility: 'PUBLIC',
          recurrence: 'NONE',
          isFree: true,
          tags: ['Family', 'Outdoors'],
          ...data,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { event: ApiEvent }).event;
    },
    async rsvp(eventId: string, status: 'going' | 'maybe' | 'not_going') {
      const response = await api.post(`/api/events/${eventId}/rsvp`, { data: { status } });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

const iso = (days: number, hour: number) => new Date(localInput(days, hour)).toISOString();

test('create a draft with an image and tags, publish it, a neighbour finds it and RSVPs, edit an ended event, delete with confirmation', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const [host, guest] = await createAccounts('Dana Host', 'Eli Guest');
  const title = `Lantern walk ${unique()}`;

  // --- Create a draft with an image and tags ---------------------------------------------------
  await signInAs(page, host, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Dana!' })).toBeVisible();
  const { board, dialog } = await openEventDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Lanterns, cocoa and a slow walk along the river.');
  await dialog.getByLabel('Location').fill('Riverside Park, north gate');
  await dialog.getByLabel('Start date').fill(localInput(3, 18));
  await dialog.getByLabel('End date').fill(localInput(3, 20));
  await dialog.getByLabel('Tags').fill('Lanterns');
  await dialog.getByLabel('Tags').press('Enter');
  // Typing narrows the suggestions; a click adds one.
  await dialog.getByLabel('Tags').fill('Fam');
  await dialog.getByRole('button', { name: 'Family' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Lanterns' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Family' })).toBeVisible();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng() });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await expect(dialog.getByAltText('Current selection')).toHaveAttribute('src', /^https?:\/\//);
  await dialog.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/tab=draft/);

  const card = await boardCard(board, title);
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByText('Lanterns, Family')).toBeVisible();
  // The card shows the picture's WebP copy, same-origin, and it loads.
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/images\/960\/event-image\//);
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Draft Events' })).toContainText('1');

  // --- Publish: Update Event on a draft makes it live --------------------------------------------
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByText(/end date has already passed/)).toHaveCount(0);
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/tab=live/);
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  const eventId = (await card.getByRole('link', { name: 'View Details' }).getAttribute('href'))
    ?.split('/')
    .pop();
  expect(eventId).toBeTruthy();

  // --- A second person finds it by search, opens it and RSVPs -----------------------------------
  const guestContext = await browser.newContext({ baseURL: e2eEnv.baseUrl });
  const guestPage = await guestContext.newPage();
  await signInAs(guestPage, guest, '/dashboard');
  const search = guestPage
    .getByRole('main')
    .getByRole('combobox', { name: 'Search people, events and communities' });
  await search.fill(title);
  const results = guestPage.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(guestPage).toHaveURL(new RegExp(`/event/${eventId}$`));
  await expect(guestPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guestPage.getByText('Free', { exact: true })).toBeVisible();
  await expect(guestPage.getByRole('link', { name: host.username ?? '' })).toHaveAttribute(
    'href',
    `/user/${host.id}`,
  );
  await guestPage.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(guestPage.getByText('Your reply: Going.')).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(guestPage.getByText('1 going')).toBeVisible();
  await expect(
    guestPage.getByRole('list', { name: 'Attendees' }).getByRole('link', { name: guest.username ?? '' }),
  ).toBeVisible();
  const download = guestPage.waitForEvent('download');
  await guestPage.getByRole('link', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);
  await guestContext.close();

  // --- The creator sees the count --------------------------------------------------------------
  await page.goto('/dashboard?tab=live');
  await expect((await boardCard(board, title)).getByText('1 RSVP', { exact: true })).toBeVisible();
  await page.goto(`/event/${eventId}`);
  await expect(page.getByText('You are the creator of this event')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Event' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('list', { name: 'Attendees' })).toContainText(guest.username ?? '');
  await expect(page.getByRole('button', { name: 'Going', exact: true })).toHaveCount(0);

  // --- Edit an event that has ended: the warning shows -------------------------------------------
  const { api, createEvent } = await apiAs(host);
  const endedTitle = `Harvest supper ${unique()}`;
  const ended = await createEvent({
    title: endedTitle,
    startDate: iso(-3, 18),
    endDate: iso(-3, 21),
    status: 'LIVE',
  });
  expect(ended.status).toBe('PAST');
  await page.goto('/dashboard?tab=past');
  const endedCard = await boardCard(board, endedTitle);
  await endedCard.getByRole('button', { name: 'Edit' }).click();
  const editEnded = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(
    editEnded.getByText(
      "This event's end date has already passed. Consider updating the dates or marking it as a past event.",
    ),
  ).toBeVisible();
  await editEnded.getByLabel('Start date').fill(localInput(10, 18));
  await editEnded.getByLabel('End date').fill(localInput(10, 21));
  await editEnded.getByRole('button', { name: 'Update Event' }).click();
  await expect(editEnded).toBeHidden();
  await expect(page).toHaveURL(/tab=live/);
  await expect((await boardCard(board, endedTitle)).getByText('Live', { exact: true })).toBeVisible();

  // --- Delete with confirmation -----------------------------------------------------------------
  const doomed = await boardCard(board, title);
  await doomed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(doomed).toBeVisible();
  await doomed.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete event' }).click();
  await expect(doomed).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Create Event' }).first()).toBeFocused();
  // The card leaves at once; the DELETE (and the cancellation notifications) may still be in flight.
  await expect.poll(async () => (await api.get(`/api/events/public/${eventId}`)).status()).toBe(404);
  await page.reload();
  await boardCard(board, endedTitle);
  await expect(board.getByRole('article', { name: title })).toHaveCount(0);
  await api.dispose();
});

test('the validation alert shows every message together', async ({ page, member }) => {
  await signInAs(page, member, '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Event' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveCount(1);
  for (const message of [
    'Title is required',
    'Description is required',
    'Location is required',
    'Start date is required',
    'End date is required',
  ]) {
    await expect(alert.getByText(message)).toBeVisible();
  }
  await audit(page, 'the event dialog with errors');

  await dialog.getByLabel('Title').fill('Repair café');
  await dialog.getByLabel('Start date').fill(localInput(2, 18));
  await dialog.getByLabel('End date').fill(localInput(2, 17));
  await dialog.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(alert.getByRole('listitem')).toHaveText([
    'Description is required',
    'Location is required',
    'End date must be after start date',
  ]);
  await expect(dialog.getByLabel('Cost ($)')).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Free event' }).click();
  await expect(dialog.getByLabel('Cost ($)')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('axe and screenshots of the dashboard, the Event Dashboard and an event page, with data', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const [host, neighbour] = await createAccounts('Maya Organiser', 'Noah Neighbour');
  const { api, uploadImage, createEvent } = await apiAs(host);
  const cover = await uploadImage();
  const featured = await createEvent({
    title: 'Riverside lantern walk',
    startDate: iso(4, 18),
    endDate: iso(4, 20),
    status: 'LIVE',
    imageUrl: cover,
    recurrence: 'MONTHLY',
    tags: ['Family', 'Outdoors', 'Festival'],
  });
  await createEvent({
    title: 'Repair café at the library',
    startDate: iso(6, 10),
    endDate: iso(6, 13),
    status: 'LIVE',
    isFree: false,
    cost: 5,
    tags: ['Volunteering', 'Crafts'],
  });
  await createEvent({
    title: 'Board games night',
    startDate: iso(8, 19),
    endDate: iso(8, 22),
    status: 'LIVE',
  });
  await createEvent({
    title: 'Spring clean-up (draft)',
    startDate: iso(20, 9),
    endDate: iso(20, 12),
    status: 'DRAFT',
  });
  await createEvent({
    title: 'Autumn potluck',
    startDate: iso(-12, 18),
    endDate: iso(-12, 21),
    status: 'LIVE',
  });
  const other = await apiAs(neighbour);
  await other.rsvp(featured.id, 'going');
  await other.api.dispose();
  await api.dispose();

  await signInAs(page, host, '/dashboard');
  const pages = [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'events', path: '/events' },
    { name: 'event-detail', path: `/event/${featured.id}` },
  ];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const { name, path: route } of pages) {
      await page.goto(route);
      await expect(page.getByRole('article').first()).toBeVisible();
      await audit(page, `${route} with data at ${size.width} px`);
      if (size.width === 375) await noHorizontalScroll(page, route);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `events-${size.width}x${size.height}-${name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  }

  // The search results, the dialogs: open, they are accessible too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page
    .getByRole('main')
    .getByRole('combobox', { name: 'Search people, events and communities' })
    .fill('lantern');
  await expect(page.getByRole('option', { name: /Riverside lantern walk/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await audit(page, 'the search results');
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'events-1280x800-search.png'),
    animations: 'disabled',
  });
  await page.keyboard.press('Escape');
  const card = page.getByRole('article', { name: 'Riverside lantern walk' });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeVisible();
  await audit(page, 'the edit dialog');
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'events-1280x800-edit-dialog.png'),
    animations: 'disabled',
  });
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await audit(page, 'the delete confirmation');
  await page.keyboard.press('Escape');

  // Signed out, the event page still works, with a prompt to sign in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/event/${featured.id}`);
  await expect(page.getByRole('link', { name: 'Sign in to RSVP' })).toBeVisible();
  await audit(page, 'the event page signed out');
  await page.setViewportSize({ width: 375, height: 812 });
  await noHorizontalScroll(page, 'the event page signed out');
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'events-375x812-event-detail-signed-out.png'),
    fullPage: true,
    animations: 'disabled',
  });
});
