import { audit, shootAtBothSizes } from '../support/a11y.ts';
import { createAccount, createLiveEvent, expect, signInAs, test, uniqueEmail } from '../support/fixtures.ts';
import { answerAsGuest } from '../support/guests.ts';
import { waitForLink } from '../support/mailbox.ts';

/**
 * Answering without an account (decision 040): a signed-out visitor answers with a name
 * and an e-mail, confirms from the e-mail, shows up as a guest for the host, and cancels from the
 * manage link.
 */
test('a signed-out visitor answers with name and e-mail, confirms from the e-mail and cancels', async ({
  page,
  browser,
}) => {
  // Five axe audits and eight screenshots: more than the default minute on a shared machine.
  test.setTimeout(360_000);
  const host = await createAccount({ fullName: 'Hana Host' });
  const eventId = await createLiveEvent(host, {
    title: 'Open allotment day',
    description: 'Everyone welcome, no account needed.',
    location: 'Allotments, gate 2',
    allowGuestRsvp: true,
  });
  const email = uniqueEmail('guest');

  await page.goto(`/event/${eventId}`);
  await expect(page.getByRole('button', { name: "I'm going" })).toBeEnabled({ timeout: 30_000 });
  await audit(page, 'event page with the guest form');
  await shootAtBothSizes(page, 'guest-rsvp-form');
  await answerAsGuest(page, page, email, "I'm going");
  await shootAtBothSizes(page, 'guest-rsvp-check-email');

  await page.goto(await waitForLink(email, '/guest-rsvp/confirm'));
  await expect(page.getByRole('heading', { name: 'Your answer is confirmed' })).toBeVisible();
  await expect(page.getByText('Going', { exact: true })).toBeVisible();
  await audit(page, 'guest confirm page');
  await shootAtBothSizes(page, 'guest-rsvp-confirmed');

  // The host sees the guest, marked as such.
  const hostPage = await browser.newPage();
  await signInAs(hostPage, host, `/event/${eventId}`);
  await expect(hostPage.getByText('Robin Guest')).toBeVisible();
  await expect(hostPage.getByText('guest', { exact: true })).toBeVisible();
  await hostPage.close();

  await page.goto(await waitForLink(email, '/guest-rsvp/manage'));
  await expect(page.getByRole('heading', { name: 'Your answer' })).toBeVisible();
  await audit(page, 'guest manage page');
  await shootAtBothSizes(page, 'guest-rsvp-manage');
  await page.getByRole('button', { name: 'Cancel my answer' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my answer' }).click();
  await expect(page.getByRole('heading', { name: 'Your answer is cancelled' })).toBeVisible();
  await audit(page, 'guest answer cancelled');
});
