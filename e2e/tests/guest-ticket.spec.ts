import { randomBytes } from 'node:crypto';
import { request } from '@playwright/test';
import { shootAtBothSizes } from '../support/a11y.ts';
import { e2eEnv } from '../support/env.ts';
import {
  apiAs,
  createAccount,
  createPublicEvent,
  expect,
  signInAs,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';
import { answerAsGuest } from '../support/guests.ts';
import { waitForLink, waitForMatch } from '../support/mailbox.ts';

/**
 * A guest without an account gets the member's ticket (a QR code and a door code, decision 077),
 * and it still opens the door once the answer has moved to an account made with the same address.
 * The going count counts what the capacity counts: guests and +1s.
 */
test('a guest checks in with the mailed ticket after making an account; the count counts everyone', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const host = await createAccount({ fullName: 'Hana Host' });
  // A long username: the header's brand must not wrap beside it at 1280 px.
  const longName = `hana_${randomBytes(12).toString('hex')}`.slice(0, 30);
  await apiAs(host, 'put', '/api/users/me', { username: longName });
  const member = await createAccount({ fullName: 'Mo Member' });
  const event = await createPublicEvent(
    host,
    { hoursAhead: 72, hours: 2 },
    {
      title: 'Allotment open day',
      description: 'Everyone welcome.',
      location: 'Allotments, gate 2',
      capacity: 3,
      maxGuests: 1,
      allowGuestRsvp: true,
    },
  );
  await apiAs(member, 'post', `/api/events/${event.id}/rsvp`, { status: 'going', guests: ['Kim'] });

  const email = uniqueEmail('guest');
  await page.goto(`/event/${event.id}`);
  await expect(page.getByRole('button', { name: "I'm going" })).toBeEnabled({ timeout: 30_000 });
  await answerAsGuest(page, page, email, "I'm going");
  await page.goto(await waitForLink(email, '/guest-rsvp/confirm'));
  await expect(page.getByRole('heading', { name: 'Your answer is confirmed' })).toBeVisible();
  const ticket = page.getByRole('region', { name: 'Your ticket' });
  await expect(ticket.getByRole('img', { name: /Ticket QR code/ })).toBeVisible();
  const doorCode = (await ticket.getByTestId('door-code').textContent()) ?? '';
  expect(doorCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await shootAtBothSizes(page, 'guest-ticket-en');

  // The same page in Spanish.
  const spanish = await browser.newContext({ baseURL: e2eEnv.baseUrl, locale: 'es-ES' });
  const es = await spanish.newPage();
  await es.goto(await waitForLink(email, '/guest-rsvp/manage'));
  await expect(es.getByRole('region', { name: 'Tu entrada' }).getByTestId('door-code')).toHaveText(doorCode);
  await shootAtBothSizes(es, 'guest-ticket-es');

  // Everyone going is counted: the member, their +1 and the guest, as the capacity counts them.
  await es.goto(`/event/${event.id}`);
  await expect(es.getByText(/3 asistentes|3 van/)).toBeVisible({ timeout: 30_000 });
  await shootAtBothSizes(es, 'going-count-es');
  await spanish.close();
  await page.goto(`/event/${event.id}`);
  await expect(page.getByText(/^3 going/)).toBeVisible({ timeout: 30_000 });

  // The guest makes an account with the same address: the answer becomes the account's.
  await createAccount({ email, fullName: 'Robin Guest' });

  // At the door the host scans the QR code of the guest's e-mail.
  const hostPage = await browser.newPage();
  await signInAs(hostPage, host, `/event/${event.id}`);
  await expect(hostPage.getByRole('banner').getByText(longName)).toBeVisible();
  await shootAtBothSizes(hostPage, 'header-long-username-en');
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${host.accessToken}` },
  });
  // The QR code in the e-mail is the signed ticket: what a door scanner reads from it.
  const qrSrc = await waitForMatch(email, /https?:\/\/[^\s"'<>]+\/tickets\/qr\.png\?code=[^\s"'<>]+/);
  const picture = await api.get(qrSrc);
  expect(picture.headers()['content-type']).toBe('image/png');
  const scanned = new URL(qrSrc).searchParams.get('code') ?? '';
  const checkIn = await api.post(`/api/events/${event.id}/check-ins`, { data: { code: scanned } });
  expect(checkIn.status(), await checkIn.text()).toBe(201);
  expect(((await checkIn.json()) as { checkIn: { fullName: string } }).checkIn.fullName).toBe('Robin Guest');
  // The door code from the same e-mail names the same answer: it is checked in already.
  const typed = await api.post(`/api/events/${event.id}/check-ins`, { data: { code: doorCode } });
  expect(typed.status(), await typed.text()).toBe(409);
  await api.dispose();
  await hostPage.close();

  // The header in German at both widths with the long name.
  const german = await browser.newContext({ baseURL: e2eEnv.baseUrl, locale: 'de-DE' });
  const de = await german.newPage();
  await signInAs(de, host, '/dashboard');
  await expect(de.getByRole('banner').getByText(longName)).toBeVisible();
  await shootAtBothSizes(de, 'header-long-username-de');
  await german.close();
});
