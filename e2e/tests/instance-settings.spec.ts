import { shootAtBothSizes } from '../support/a11y.ts';
import { audit } from '../support/axe.ts';
import { openEventDialog } from '../support/board.ts';
import { apiAs, createAccount, expect, platformAdmin, signInAs, test, unique } from '../support/fixtures.ts';

/**
 * Decision 082: the admin sets the instance up in the admin area (a setting the environment fixes
 * would be shown locked), and a club chooses its own currency, which its events' cost follows.
 * The instance's currency is left as it is: other specs read costs in it.
 */
test('an admin sets up the instance, and a club chooses the currency of its events', async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await platformAdmin();
  await signInAs(page, admin, '/admin');
  await page.getByRole('tab', { name: 'Instance' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Instance' });
  await expect(panel.getByRole('heading', { name: 'This instance' })).toBeVisible();
  await panel.getByLabel('Name').fill('Kiez Treff');
  await panel.getByLabel('Time zone').selectOption('Europe/Berlin');
  await audit(page, '/admin (instance)', ['main']);
  await shootAtBothSizes(page, 'instance-admin');
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Instance settings saved')).toBeVisible();
  await expect(panel.getByLabel('Name')).toHaveValue('Kiez Treff');

  // --- A club in Zurich chooses Swiss francs for its events ------------------------------------
  const owner = await createAccount({ fullName: 'Ueli Organiser' });
  const name = `Zurich Rowers ${unique()}`;
  const { community } = await apiAs<{ community: { slug: string } }>(owner, 'post', '/api/communities', {
    name,
  });
  await signInAs(page, owner, `/c/${community.slug}`);
  await page.getByRole('tab', { name: 'Manage' }).click();
  await page.getByLabel('Currency of event costs').selectOption('CHF');
  await shootAtBothSizes(page, 'instance-club-currency');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Community updated')).toBeVisible();

  await page.goto('/dashboard');
  const { dialog } = await openEventDialog(page);
  await dialog.getByLabel('Host as').selectOption({ label: name });
  await expect(dialog.getByLabel('Cost (CHF)')).toBeVisible();
  await shootAtBothSizes(page, 'instance-event-cost');
});
