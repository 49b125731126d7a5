import { type Page, request } from '@playwright/test';
import { shootEachSize } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { openEventDialog } from '../support/board.ts';
import { localInput } from '../support/dates.ts';
import { e2eEnv } from '../support/env.ts';
import { createAccounts, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * Series that stay honest: a host creates a weekly series, confirms the next date from
 * the dashboard card, and a second person goes to the whole series and is counted on that date.
 */

/** Screenshots at both sizes, each once the network is idle. */
async function shoot(page: Page, name: string) {
  await shootEachSize(page, 'series', name, async () => {
    await page.waitForLoadState('networkidle');
    // From the top, so the sticky header is where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
  });
}

test('a weekly series: create, confirm the next date from the dashboard, a neighbour goes to the whole series', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const [host, runner] = await createAccounts('Riley Host', 'Sam Runner');
  const title = `Thursday river run ${Date.now().toString(36).slice(-5)}`;

  // --- The host creates a weekly series in Berlin time -----------------------------------------
  await signInAs(page, host, '/dashboard');
  const { dialog } = await openEventDialog(page);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Five easy kilometres along the river, every week.');
  await dialog.getByLabel('Location').fill('Riverside Park, north gate');
  await dialog.getByLabel('Start date').fill(localInput(2, 19));
  await dialog.getByLabel('End date').fill(localInput(2, 20, 30));
  await dialog.getByLabel('Time zone').selectOption('Europe/Berlin');
  await dialog.getByLabel('Recurrence').click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await dialog.getByLabel('Create every date as its own event').check();
  await expect(dialog.getByLabel('Repeat until')).toBeVisible();
  await audit(page, 'the create dialog with series fields');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Series created: confirm each date/)).toBeVisible();

  // --- The dashboard asks to confirm the next date; nobody else sees it before -----------------
  const card = page.getByRole('heading', { name: "Confirm next week's dates?" });
  await expect(card).toBeVisible();
  const confirm = page.getByRole('button', { name: new RegExp(`^Confirm ${title}`) });
  await expect(confirm).toHaveCount(1); // the date after it is 9 days away
  await audit(page, 'the dashboard with the confirm card');
  await shoot(page, 'dashboard-confirm-card');

  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${host.accessToken}` },
  });
  const pending = (await (await api.get('/api/series/pending')).json()) as {
    events: { id: string; seriesId: string }[];
  };
  const occurrence = pending.events[0];
  expect(occurrence?.seriesId).toBeTruthy();
  const runnerApi = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${runner.accessToken}` },
  });
  expect((await runnerApi.get(`/api/events/${occurrence?.id}`)).status()).toBe(404);

  await confirm.click();
  await expect(page.getByText('Date confirmed')).toBeVisible();
  await expect(card).toBeHidden();
  expect((await runnerApi.get(`/api/events/${occurrence?.id}`)).status()).toBe(200);

  // --- On a date's page the host switches the series to publish its dates by itself -----------
  await page.goto(`/event/${occurrence?.id}`);
  const publishing = page.getByRole('group', { name: 'Publishing the dates' });
  await expect(publishing.getByRole('radio', { name: /Ask me each time/ })).toBeChecked();
  await publishing.getByRole('radio', { name: /Publish automatically/ }).check();
  await expect(
    page.getByText('Each date of this series now goes live by itself a week before it'),
  ).toBeVisible();
  const series = (await (await api.get(`/api/series/${occurrence?.seriesId}`)).json()) as {
    series: { autoPublish: boolean };
  };
  expect(series.series.autoPublish).toBe(true);
  await audit(page, "a date's page with the series' publishing choice");
  await shoot(page, 'host-occurrence-page');

  // --- A runner in New York goes to the whole series -------------------------------------------
  const runnerContext = await browser.newContext({ baseURL: e2eEnv.baseUrl, timezoneId: 'America/New_York' });
  const runnerPage = await runnerContext.newPage();
  await signInAs(runnerPage, runner, `/event/${occurrence?.id}`);
  await expect(runnerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The event's Berlin time, and the runner's own.
  await expect(runnerPage.getByText(/7:00 PM - 8:30 PM \(CES?T\)/)).toBeVisible();
  await expect(runnerPage.getByText('Your time')).toBeVisible();
  const toggle = runnerPage.getByRole('switch', { name: 'Going to the whole series' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(runnerPage.getByText("You're going to every confirmed date")).toBeVisible();
  await expect(runnerPage.getByText('1 going')).toBeVisible();
  await audit(runnerPage, 'an occurrence page with the series toggle');
  await shoot(runnerPage, 'occurrence-page');

  // The runner's private calendar feed now has the date, in Berlin time.
  await runnerPage.goto('/settings');
  const link = runnerPage.getByLabel('Your private calendar link');
  await expect(link).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  const feedUrl = new URL(await link.inputValue());
  const feed = await runnerApi.get(feedUrl.pathname);
  expect(feed.status()).toBe(200);
  const body = await feed.text();
  expect(body).toContain('DTSTART;TZID=Europe/Berlin:');
  expect(body.replace(/\r\n /g, '')).toContain(`SUMMARY:${title}`);
  await audit(runnerPage, 'settings with the calendar feed');
  await shoot(runnerPage, 'settings-calendar-feed');

  await api.dispose();
  await runnerApi.dispose();
  await runnerContext.close();
});
