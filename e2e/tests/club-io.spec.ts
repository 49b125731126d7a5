import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from '@playwright/test';
import { shootAtBothSizes } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { e2eEnv } from '../support/env.ts';
import { createAccounts, expect, signInAs, test } from '../support/fixtures.ts';
import { waitForMatch } from '../support/mailbox.ts';

/**
 * An organiser brings the club's Meetup feed in (with one broken event, reported, not a
 * failure), invites members from a CSV, and takes the whole community out as a zip.
 */

const FIXTURES = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'server',
  'src',
  'modules',
  'club-io',
  'fixtures',
);

test('an organiser imports a feed, invites members and exports the community', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const [owner, invitee] = await createAccounts('Rosa Founder', 'Ada Lovelace');
  const api = await request.newContext({ baseURL: e2eEnv.baseUrl });
  const name = `Brooklyn Board Gamers ${Date.now().toString(36).slice(-5)}`;
  const made = await api.post('/api/communities', {
    data: { name },
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { slug } = ((await made.json()) as { community: { slug: string } }).community;
  await api.dispose();

  await signInAs(page, owner, `/c/${slug}`);
  await page.getByRole('tab', { name: 'Manage' }).click();
  const section = page.getByRole('region', { name: 'Import & export' });
  await expect(section).toBeVisible();

  // A private address is refused, readably (production runs the Web Push guard).
  await section.getByLabel('Calendar address (ICS feed)').fill('http://127.0.0.1:9/calendar.ics');
  await section.getByRole('button', { name: 'Import from address' }).click();
  await expect(
    section.getByText('This calendar address cannot be fetched: it must be a public https address'),
  ).toBeVisible();

  // The group's feed, saved as a file, with one broken event at the end.
  const feed = (await readFile(path.join(FIXTURES, 'meetup-group.ics'), 'utf8')).replace(
    'END:VCALENDAR',
    'BEGIN:VEVENT\r\nUID:event_broken@meetup.com\r\nDTSTART:2026-13-45\r\nSUMMARY:Broken\r\nEND:VEVENT\r\nEND:VCALENDAR',
  );
  await section.getByLabel('Or upload an .ics file').setInputFiles({
    name: 'meetup.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(feed),
  });
  await section.getByRole('button', { name: 'Upload and import' }).click();
  const imports = section.getByRole('list', { name: 'Imports' });
  await expect(imports.getByText(/^Done: \d+ created, 0 updated, 1 skipped$/)).toBeVisible({
    timeout: 30_000,
  });
  await imports.getByText('1 problem').click();
  await expect(imports.getByText(/^Line \d+: /)).toBeVisible();

  // Members from a spreadsheet: checked first (decision 076), then one invitation, one address
  // skipped with the reason.
  await section
    .getByLabel('Member list: paste it here')
    .fill(`name,email\nAda Lovelace,${invitee.email}\nNobody,not-an-address`);
  await section.getByRole('button', { name: 'Check the list' }).click();
  await expect(section.getByText('1 person to invite')).toBeVisible();
  await expect(section.getByText('Row 3 (not-an-address): not an e-mail address')).toBeVisible();
  await section.getByRole('button', { name: 'Send 1 invitation' }).click();
  await expect(section.getByText('1 invitation on their way, 1 skipped.')).toBeVisible();
  await expect(section.getByText('Line 3: not-an-address: not an e-mail address')).toBeVisible();

  await audit(page, `/c/${slug} (Manage: Import & export)`);
  await shootAtBothSizes(page, 'club-io-manage');

  // The events are on the community's page.
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByText('Learn-to-play: Wingspan').first()).toBeVisible();

  // The invitee follows the e-mail's link and joins with one click.
  const link = await waitForMatch(invitee.email, /https?:\/\/[^\s"'<>]+\/c\/[^\s"'<>?]+\?invite=[^\s"'<>]+/);
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await signInAs(inviteePage, invitee, new URL(link).pathname + new URL(link).search);
  await expect(inviteePage.getByText(`You're invited to join ${name}`)).toBeVisible();
  await audit(inviteePage, `/c/${slug}?invite=…`);
  await inviteePage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(inviteePage.getByText(`Welcome to ${name}`)).toBeVisible();
  await expect(inviteePage.getByRole('tab', { name: 'Members' })).toBeVisible();
  await inviteeContext.close();

  // Take it out: the zip downloads.
  await page.getByRole('tab', { name: 'Manage' }).click();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download the community' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${slug}.zip`);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('events.ics'))).toBe(true);
});
