import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { audit, SCREENSHOTS } from '../support/a11y.ts';
import { e2eEnv } from '../support/env.ts';
import { browserWithCamera, qrVideo } from '../support/fake-camera.ts';
import {
  type Account,
  apiAs,
  createAccount,
  createPublicEvent,
  expect,
  signInAs,
  test,
} from '../support/fixtures.ts';

/**
 * At the door: the host scans a ticket with the camera (Chromium's fake camera plays a
 * video of the ticket's QR code): one scan, one check-in, and the green result stays while the
 * ticket is still in front of the camera; a ticket code typed by hand checks a person in; the
 * same ticket scanned again (on a second phone) is refused clearly.
 */

async function doorPage(browser: Browser, host: Account, eventId: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eEnv.baseUrl,
    viewport: { width, height: width < 500 ? 812 : 800 },
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await signInAs(page, host, `/event/${eventId}/check-in`);
  await expect(page.getByRole('heading', { level: 1, name: /^Check-in:/ })).toBeVisible();
  return page;
}

test('at the door: one scan checks in once and stays green; a typed code works; a second scan is refused', async () => {
  const [host, max, ana] = await Promise.all([
    createAccount({ fullName: 'Hana Host' }),
    createAccount({ fullName: 'Max Door' }),
    createAccount({ fullName: 'Ana Typed' }),
  ]);
  const event = await createPublicEvent(
    host,
    { hoursAhead: 2, hours: 3 },
    {
      title: 'Quiz night at the door',
      description: 'Teams of four, tickets at the door. Bring a pen.',
      location: 'The Anchor, Harbour Road',
      timeZone: 'Europe/Berlin',
    },
  );
  await apiAs(max, 'post', `/api/events/${event.id}/rsvp`, { status: 'going' });
  await apiAs(ana, 'post', `/api/events/${event.id}/rsvp`, { status: 'going' });
  const maxTicket = await apiAs<{ code: string }>(max, 'get', `/api/events/${event.id}/ticket`);
  const anaTicket = await apiAs<{ doorCode: string }>(ana, 'get', `/api/events/${event.id}/ticket`);
  expect(anaTicket.doorCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const video = await qrVideo(maxTicket.code, await mkdtemp(path.join(tmpdir(), 'door-')), 'max-ticket');

  const first = await browserWithCamera(video);
  try {
    const page = await doorPage(first, host, event.id, 375);
    const checkIns: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/check-ins')) checkIns.push(r.url());
    });
    await page.getByRole('button', { name: 'Scan tickets with the camera' }).click();
    const result = page.getByTestId('check-in-result');
    await expect(result).toHaveText('Max Door is checked in.');
    const camera = page.getByLabel('Camera view');
    const readAt = Number(await camera.getAttribute('data-codes-read'));
    // The ticket stays in front of the camera for ten more frames read: nothing is sent again.
    await expect
      .poll(async () => Number(await camera.getAttribute('data-codes-read')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(readAt + 10);
    await expect(result).toHaveText('Max Door is checked in.');
    expect(checkIns).toHaveLength(1);
    await expect(page.getByText('1 of 2 people going are checked in.')).toBeVisible();

    // The result is over the video, inside a phone's screen.
    const box = await result.boundingBox();
    const videoBox = await camera.boundingBox();
    expect(box && videoBox).toBeTruthy();
    if (box && videoBox) {
      expect(box.y).toBeGreaterThanOrEqual(videoBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(videoBox.y + videoBox.height);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await camera.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'door-scanned-375.png') });
    await audit(page, 'the check-in page with the camera on');

    // Typed, in lower case with a space: Ana's short code.
    await page.getByLabel('Ticket code').fill(anaTicket.doorCode.toLowerCase().replace('-', ' '));
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(result).toHaveText('Ana Typed is checked in.');
    await expect(page.getByText('2 of 2 people going are checked in.')).toBeVisible();
    await expect(page.getByLabel('Ticket code')).toHaveValue('');
    await page.getByRole('button', { name: 'Stop the camera' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'door-typed-1280.png'), fullPage: true });
  } finally {
    await first.close();
  }

  // A second phone at the door scans Max's ticket again: refused, in the event's zone.
  const second = await browserWithCamera(video);
  try {
    const page = await doorPage(second, host, event.id, 375);
    await page.getByRole('button', { name: 'Scan tickets with the camera' }).click();
    const result = page.getByTestId('check-in-result');
    await expect(result).toHaveText(/^Already checked in at \d\d:\d\d CES?T$/);
    await expect(page.getByText('2 of 2 people going are checked in.')).toBeVisible();
    await page.getByLabel('Camera view').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'door-refused-375.png') });
    await audit(page, 'the check-in page refusing a second scan');
  } finally {
    await second.close();
  }
});
