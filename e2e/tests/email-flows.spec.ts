import { createAccount, expect, signInAs, signInWithForm, test } from '../support/fixtures.ts';
import { waitForLink } from '../support/mailbox.ts';

test('the verification link from the welcome mail verifies the address', async ({ page }) => {
  const account = await createAccount({ fullName: 'Alex Kim' });
  const link = await waitForLink(account.email, '/verify-email');

  await signInAs(page, account, '/dashboard');
  await expect(page.getByText('Please verify your email address.')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByText('Please verify your email address.')).toHaveCount(0);

  // The token is single use.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verification failed' })).toBeVisible();
});

test('verify-email without a token fails with a message and a link to sign in', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Email verification failed' })).toBeVisible();
  await expect(page.getByText('The verification link may be invalid or expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
});

test('forgot password → mail → reset → /login after 3 s → sign in with the new password', async ({
  page,
}) => {
  const account = await createAccount({ fullName: 'Dana Cruz' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account with that email exists/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try another email' })).toBeVisible();

  const link = await waitForLink(account.email, '/reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm new password').fill('brand-new-passw0rd');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  const shownAt = Date.now();
  await page.waitForURL(/\/login$/, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_000);

  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await signInWithForm(page, account.email, 'brand-new-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('reset-password without a token offers a new link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('settings: change the password, then sign in with the new one', async ({ page }) => {
  const account = await createAccount({ fullName: 'Chris Park' });
  await signInAs(page, account, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('settings-new-password');
  await page.getByLabel('Confirm new password').fill('settings-other-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill('settings-new-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(/Password updated/).first()).toBeVisible();

  // The change ends every session, this one too: the app goes to sign-in.
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await signInWithForm(page, account.email, 'settings-new-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('settings: notification preferences are saved to the server', async ({ page, member }) => {
  await signInAs(page, member, '/settings');
  const updates = page.getByRole('checkbox', { name: 'Product updates' });
  await expect(updates).toBeChecked();
  await updates.click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Product updates' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Security alerts' })).toBeChecked();
  // Leave the shared member as it was.
  await page.getByRole('checkbox', { name: 'Product updates' }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
});
