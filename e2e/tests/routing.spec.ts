import {
  createAccount,
  expect,
  freshTokens,
  platformAdmin,
  signInAs,
  signInWithForm,
  test,
} from '../support/fixtures.ts';
import { fill, PROTECTED_ROUTES } from '../support/routes.ts';

test('every protected route sends a signed-out visitor to /login', async ({ page, member }) => {
  for (const route of PROTECTED_ROUTES) {
    await page.goto(fill(route, member.id));
    await expect(page, `${route} should redirect`).toHaveURL(/\/login$/);
  }
});

test('after signing in, the visitor lands on the page they first asked for', async ({ page, member }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/settings$/);
});

test('an incomplete profile is sent to /profile-setup from any other protected page', async ({ page }) => {
  const newcomer = await createAccount({ complete: false, fullName: 'Robin Fox' });
  await signInAs(page, newcomer, '/dashboard');
  await expect(page).toHaveURL(/\/profile-setup$/);
  for (const route of ['/settings', '/profile', '/events', '/friends', '/messages']) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/profile-setup$/);
  }
  // Public pages stay reachable.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/about$/);
});

test('a completed profile cannot go back to /profile-setup', async ({ page, member }) => {
  await signInAs(page, member, '/profile-setup');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/admin is refused to members and opens for platform admins', async ({ page, member }) => {
  await signInAs(page, member, '/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');

  const admin = await platformAdmin();
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search members').fill(member.email);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  const row = page.getByRole('listitem').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  const toggle = row.getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/is now a verified community/)).toBeVisible();

  // The public profile now carries the badge; switch it back off for the other tests.
  await page.goto(`/user/${member.id}`);
  await expect(page.getByText('Verified community')).toBeVisible();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search members').fill(member.email);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('listitem').filter({ hasText: member.email }).getByRole('switch').click();
  await expect(page.getByText(/is no longer verified/)).toBeVisible();
});

test('unknown paths show the 404 page with a link to the dashboard', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('the public profile is open to everyone, with coloured role badges and the joined month', async ({
  page,
  member,
}) => {
  await page.goto(`/user/${member.id}`);
  await expect(page.getByRole('heading', { name: member.username })).toBeVisible();
  await expect(page.getByText('Club Founder')).toBeVisible();
  await expect(page.getByText(/^Joined [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(member.email)).toHaveCount(0);
});

test('the header: product name, Sign in and Get Started signed out; the profile menu signed in', async ({
  page,
  member,
}) => {
  await page.goto('/about');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Townsquare' })).toHaveAttribute('href', '/');
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Get Started' })).toBeVisible();

  await signInAs(page, member, '/about');
  await expect(banner.getByRole('link', { name: 'Townsquare' })).toHaveAttribute('href', '/dashboard');
  await banner.getByRole('button', { name: new RegExp(member.username ?? '') }).click();
  for (const item of ['Friends', 'Events', 'Profile', 'Settings', 'Messages', 'Sign out']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('an expired access token is refreshed without the user noticing', async ({ page, member }) => {
  const tokens = await freshTokens(member);
  await page.goto('/about');
  await page.evaluate(
    ([refreshToken]) => {
      localStorage.setItem('accessToken', 'expired.or.forged.token');
      localStorage.setItem('refreshToken', refreshToken);
    },
    [tokens.refreshToken] as const,
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: member.fullName })).toBeVisible();
  const stored = await page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('refreshToken'),
  ]);
  expect(stored[0]).not.toBe('expired.or.forged.token');
  expect(stored[1]).not.toBe(tokens.refreshToken);
});

test('a session that cannot be refreshed ends on /login with both tokens cleared', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'bad');
    localStorage.setItem('refreshToken', 'also-bad');
  });
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);
});
