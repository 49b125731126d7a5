import { audit, shootAtBothSizes } from '../support/a11y.ts';
import { apiAs, createAccount, expect, signInAs, test, uniqueEmail } from '../support/fixtures.ts';
import { answerAsGuest } from '../support/guests.ts';
import { waitForLink } from '../support/mailbox.ts';

/**
 * Guest votes in a date poll (decision 056): a signed-out visitor on a phone
 * answers a link poll that takes votes without an account, confirms from the e-mail, shows up for
 * the host marked as a guest, and changes an answer from the manage link.
 */
const PHONE = { width: 375, height: 812 };
const day = (n: number, hour: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

test('a signed-out visitor votes in a date poll with a name and an e-mail and confirms from the e-mail', async ({
  page,
  browser,
}) => {
  // Four axe audits and six screenshots: more than the default minute on a shared machine.
  test.setTimeout(360_000);
  const host = await createAccount({ fullName: 'Hana Host' });
  const title = `Quiz night ${Date.now().toString(36).slice(-5)}`;
  const { poll } = await apiAs<{ poll: { id: string } }>(host, 'post', '/api/polls', {
    title,
    description: 'Which Friday suits?',
    closesAt: day(5, 18),
    options: [
      { startsAt: day(8, 18), endsAt: day(8, 21), place: 'The Crown' },
      { startsAt: day(15, 18), endsAt: day(15, 21) },
    ],
    allowGuestVotes: true,
  });
  const email = uniqueEmail('voter');

  const visitor = await browser.newContext({ viewport: PHONE });
  const phone = await visitor.newPage();
  await phone.goto(`/polls/${poll.id}`);
  const form = phone.getByRole('form', { name: 'Answer without an account' });
  await expect(form.getByRole('button', { name: 'Send my answers' })).toBeEnabled({ timeout: 30_000 });
  await audit(phone, 'poll page with the guest form');
  await shootAtBothSizes(phone, 'guest-votes-form');
  const dates = phone.getByRole('list', { name: 'Proposed dates' }).getByRole('listitem');
  await dates.nth(0).getByRole('button', { name: 'Yes' }).click();
  await dates.nth(1).getByRole('button', { name: 'If need be' }).click();
  await expect(dates.nth(0).getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await answerAsGuest(phone, form, email, 'Send my answers');
  await shootAtBothSizes(phone, 'guest-votes-check-email');

  await phone.goto(await waitForLink(email, '/guest-votes/confirm'));
  await expect(phone.getByRole('heading', { name: 'Your answers are counted' })).toBeVisible();
  await audit(phone, 'guest votes confirmed');

  // The host sees the guest's answers in the grid and the tally, the guest marked as such.
  await signInAs(page, host, `/polls/${poll.id}`);
  const grid = page.getByRole('table');
  const guestRow = grid.getByRole('row').filter({ hasText: 'Robin Guest' });
  await expect(guestRow).toContainText('guest');
  await expect(guestRow).toContainText('Yes');
  await expect(guestRow).toContainText('If need be');
  await expect(page.getByText('1 yes · 0 if need be · 0 no')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  // The manage link changes an answer without a password.
  await phone.goto(await waitForLink(email, '/guest-votes/manage'));
  await expect(phone.getByText('Answering as Robin Guest')).toBeVisible();
  await audit(phone, 'guest votes manage page');
  await shootAtBothSizes(phone, 'guest-votes-manage');
  const mine = phone.getByRole('list', { name: 'Proposed dates' }).getByRole('listitem');
  await mine.nth(0).getByRole('button', { name: 'No' }).click();
  await expect(mine.nth(0).getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.nth(0)).toContainText('0 yes · 0 if need be · 1 no');
  await audit(phone, 'guest votes changed');
  await visitor.close();
});
