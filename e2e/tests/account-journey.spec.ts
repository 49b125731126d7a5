import { deflateSync } from 'node:zlib';
import { createAccount, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.ts';

/** A real 8×8 orange PNG, built here so the upload goes through the server's image checks. */
function orangePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [234, 88, 12]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: orangePng() });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await expect(page.getByAltText('Current selection')).toHaveAttribute('src', /^https?:\/\//);

  await page.getByLabel('Username').fill(`${username.toUpperCase()}!!`);
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await page.getByRole('button', { name: 'Hiking' }).click();
  await page.getByLabel('Phone number').fill('5551234567');
  await expect(page.getByLabel('Phone number')).toHaveValue('(555) 123-4567');
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();

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
  await mobileNav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
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
