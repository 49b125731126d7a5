import { request } from '@playwright/test';
import { audit } from '../support/axe.ts';
import { e2eEnv } from '../support/env.ts';
import { createAccounts, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * Calling an event off (decision 028): the host cancels from the event page after a confirmation
 * dialog, the page and the attendee's notifications say so.
 */
test('a host cancels an event from its page; the attendee is told once', async ({ page }) => {
  test.setTimeout(180_000);
  const [host, guest] = await createAccounts('Riley Host', 'Sam Guest');
  const title = `Harbour swim ${Date.now().toString(36).slice(-5)}`;
  const as = (token: string) =>
    request.newContext({ baseURL: e2eEnv.baseUrl, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const hostApi = await as(host.accessToken);
  const guestApi = await as(guest.accessToken);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const created = await hostApi.post('/api/events', {
    data: {
      title,
      description: 'A cold dip at the harbour steps.',
      location: 'Harbour steps',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      status: 'LIVE',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;
  expect((await guestApi.post(`/api/events/${eventId}/rsvp`, { data: { status: 'going' } })).status()).toBe(
    200,
  );

  await signInAs(page, host, `/event/${eventId}`);
  const open = page.getByRole('button', { name: 'Cancel event' });
  await open.click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this event?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep event' })).toBeFocused();
  await audit(page, 'the cancel-event dialog');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('This event was cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore event' })).toBeFocused();
  await audit(page, 'a cancelled event page');

  await expect
    .poll(async () => {
      const res = await guestApi.get('/api/notifications');
      const body = (await res.json()) as { notifications: { kind: string; url: string; text: string }[] };
      return body.notifications.filter((n) => n.kind === 'event_cancelled');
    })
    .toEqual([expect.objectContaining({ url: `/event/${eventId}`, text: `${title} was cancelled` })]);
  await hostApi.dispose();
  await guestApi.dispose();
});
