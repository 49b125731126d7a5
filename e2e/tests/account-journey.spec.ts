import { createAccount, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.ts';
import { gradientPng } from '../support/images.ts';

test('register → profile setup with a photo → dashboard, then sign out and back in by username and by e-mail', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  const password = 'a-long-password';
  const username = `sam_${Date.now().toString(36)}`;

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Full name').fill('Sam Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(8, 8) });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await expect(page.getByAltText('Current selection')).toHaveAttribute('src', /^https?:\/\//);

  await page.getByLabel('Username').fill(`${username.toUpperCase()}!!`);
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await page.getByRole('button', { name: 'Hiking' }).click();
  await page.getByLabel('Phone number').fill('5551234567');
  await expect(page.getByLabel('Phone number')).toHaveValue('(555) 123-4567');
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  // The first visit after registering is a welcome, by first name; "Welcome back" is for later.
  await expect(page.getByRole('heading', { name: 'Welcome, Sam!' })).toBeVisible();

  // The header's profile menu shows the new picture and the username.
  const menu = page.getByRole('button', { name: new RegExp(username) });
  await expect(menu.locator('img')).toHaveAttribute('src', /^https?:\/\//);
  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // By username, typed in capitals: the identifier is sent lower-cased.
  await signInWithForm(page, username.toUpperCase(), password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: new RegExp(username) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, email.toUpperCase(), password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the server message in a red banner', async ({ page, member }) => {
  await page.goto('/login');
  await signInWithForm(page, member.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('registration with an e-mail already in use shows why', async ({ page, member }) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('another-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email already registered');
  await expect(page.getByLabel('Email')).toBeEnabled();
});

test('the mobile menu opens, lists the pages and closes after navigating', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobileNav).toBeVisible();
  // The about page's code loads on the first visit, and on a loaded machine the router waits for
  // it before the address changes: a person who saw nothing happen taps again, and so does this.
  await expect(async () => {
    if (await mobileNav.isHidden()) await page.getByRole('button', { name: 'Open menu' }).click();
    await mobileNav.getByRole('link', { name: 'About' }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/about$/, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(mobileNav).toBeHidden();

  // Escape closes it too, and focus returns to the button.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(mobileNav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mobileNav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('profile edit saves changes and returns to view mode', async ({ page }) => {
  const account = await createAccount({ fullName: 'Priya Shah' });
  await page.goto('/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Bio').fill('Runs the Saturday repair café.');
  await page.getByRole('checkbox', { name: 'Sponsor' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('Runs the Saturday repair café.')).toBeVisible();
  await expect(page.getByText('Sponsor', { exact: true })).toBeVisible();
});
