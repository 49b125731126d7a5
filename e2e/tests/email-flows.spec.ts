import type { Page } from '@playwright/test';
import { createAccount, expect, freshTokens, signInAs, signInWithForm, test } from '../support/fixtures.ts';
import { waitForLink } from '../support/mailbox.ts';

/**
 * Types a new password with a confirmation that does not match (`mismatch` must show), then the
 * matching confirmation, submitting with `submit` each time.
 */
async function newPasswordTwice(
  page: Page,
  o: { password: string; mistyped: string; submit: string; mismatch: string },
) {
  await page.getByLabel('New password', { exact: true }).fill(o.password);
  await page.getByLabel('Confirm new password').fill(o.mistyped);
  await page.getByRole('button', { name: o.submit }).click();
  await expect(page.getByText(o.mismatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill(o.password);
  await page.getByRole('button', { name: o.submit }).click();
}

test('the verification link from the welcome mail verifies the address', async ({ page }) => {
  const account = await createAccount({ fullName: 'Alex Kim', verified: false });
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
  await newPasswordTwice(page, {
    password: 'brand-new-password',
    mistyped: 'brand-new-passw0rd',
    submit: 'Reset password',
    mismatch: 'Passwords do not match',
  });
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

test('settings: change the password; this session stays, the others end, the new password works', async ({
  page,
}) => {
  const account = await createAccount({ fullName: 'Chris Park' });
  const otherDevice = await freshTokens(account);
  await signInAs(page, account, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.getByLabel('Current password').fill(account.password);
  await newPasswordTwice(page, {
    password: 'settings-new-password',
    mistyped: 'settings-other-password',
    submit: 'Update password',
    mismatch: 'New passwords do not match',
  });
  await expect(page.getByText(/Password updated/).first()).toBeVisible();

  // The server keeps the session that made the change: the page stays, signed in, after a reload too.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  // Every other session has ended, and only the new password signs in.
  const verify = await page.request.get('/api/auth/verify', {
    headers: { Authorization: `Bearer ${otherDevice.accessToken}` },
  });
  expect(verify.status()).toBe(401);
  const oldLogin = await page.request.post('/api/auth/login', {
    data: { identifier: account.email, password: account.password },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post('/api/auth/login', {
    data: { identifier: account.email, password: 'settings-new-password' },
  });
  expect(newLogin.status()).toBe(200);
});

test('settings: notification preferences are saved to the server', async ({ page, member }) => {
  await signInAs(page, member, '/settings');
  const updates = page.getByRole('checkbox', { name: 'Product updates' });
  // Marketing e-mails are off until a person turns them on.
  await expect(updates).not.toBeChecked();
  await updates.click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Product updates' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Security alerts' })).toBeChecked();
  // Leave the shared member as it was.
  await page.getByRole('checkbox', { name: 'Product updates' }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
});
