import { apiAs, createAccount, createPublicEvent, expect, test, uniqueEmail } from '../support/fixtures.ts';
import { waitForLink, waitForMatch } from '../support/mailbox.ts';

/**
 * Decision 064: the account keeps the language it signed up in. A member who registered with a
 * German browser, without ever opening Settings, gets German e-mails (the welcome mail, a
 * waitlist offer), and the bell says what the e-mail says.
 */

test.describe('a member who registered with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets German e-mails, and the bell agrees with them', async ({ page }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('sprache');
    const title = `Kochabend ${Date.now().toString(36).slice(-5)}`;

    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByLabel('Vollständiger Name').fill('Greta Sprache');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill('ein-langes-passwort');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page).toHaveURL(/\/profile-setup$/);

    // The welcome mail, the first one the account gets, is German.
    await waitForMatch(email, /Willkommen bei Townsquare!/);
    await page.goto(await waitForLink(email, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'E-Mail bestätigt' })).toBeVisible();

    // A full event: Greta waits, and the place that frees up is offered to her.
    const [host, first] = await Promise.all([
      createAccount({ fullName: 'Hanna Gastgeberin' }),
      createAccount({ fullName: 'Ole Zuerst' }),
    ]);
    const event = await createPublicEvent(
      host,
      { hoursAhead: 72, hours: 2 },
      { title, description: 'Wir kochen zusammen.', location: 'Gemeindehaus', capacity: 1, offerHours: 12 },
    );
    await apiAs(first, 'post', `/api/events/${event.id}/rsvp`, { status: 'going' });
    const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(accessToken).toBeTruthy();
    const greta = { accessToken: accessToken ?? '' };
    await apiAs(greta, 'put', '/api/users/me', {
      username: `greta_${Date.now().toString(36)}`,
      roles: ['Member'],
    });
    await apiAs(greta, 'post', `/api/events/${event.id}/rsvp`, { status: 'going' });
    await apiAs(first, 'post', `/api/events/${event.id}/rsvp`, { status: 'not_going' });

    const offer = await waitForMatch(email, new RegExp(`Für dich ist ein Platz bei ${title} frei[^\\n<]*`));
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();
    await expect(page.getByText(offer)).toBeVisible();
  });
});
