import { boardCard } from '../support/board.ts';
import { localInput } from '../support/dates.ts';
import { e2eEnv } from '../support/env.ts';
import { createAccount, createLiveEvent, expect, signInAs, test, uniqueEmail } from '../support/fixtures.ts';
import { waitForLink } from '../support/mailbox.ts';

/**
 * The web app in the visitor's language. A German browser gets German from the first
 * page (register → profile → create an event → RSVP → chat), and the pseudo-locale (accented,
 * ~35 % longer and with long words written as 30-40 letter compounds, generated from English)
 * fits a 375 px phone without clipped text or a page wider than the screen.
 */

test.describe('in German (a de-DE browser)', () => {
  test.use({ locale: 'de-DE' });

  test('register, complete the profile, create an event, RSVP and chat', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('berlin');
    const username = `lena_${Date.now().toString(36)}`;
    const title = `Laternenumzug ${Date.now().toString(36).slice(-5)}`;

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('link', { name: 'Loslegen' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Mach mit in deiner Nachbarschaft' })).toBeVisible();
    await page.getByLabel('Vollständiger Name').fill('Lena Vogel');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill('ein-langes-passwort');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    await expect(page).toHaveURL(/\/profile-setup$/);
    await expect(page.getByRole('heading', { name: 'Vervollständige dein Profil' })).toBeVisible();
    await page.getByLabel('Benutzername').fill(username);
    await page.getByRole('button', { name: 'Wandern' }).click();
    await page.getByRole('button', { name: 'Profil abschließen' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The first visit after registering is a welcome by first name ("Willkommen zurück" comes later).
    await expect(page.getByRole('heading', { name: 'Willkommen, Lena!' })).toBeVisible();

    // Publishing needs a confirmed address: follow the welcome mail's link.
    await page.goto(await waitForLink(email, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'E-Mail bestätigt' })).toBeVisible();

    await page.goto('/dashboard');
    const board = page.getByRole('region', { name: 'Veranstaltungen verwalten' });
    await board.getByRole('button', { name: 'Veranstaltung erstellen' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Veranstaltung erstellen' });
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Beschreibung').fill('Mit Laternen und Kakao einmal um den Stadtpark.');
    await dialog.getByLabel('Ort', { exact: true }).fill('Stadtpark, Nordeingang');
    await dialog.getByLabel('Beginn', { exact: true }).fill(localInput(3, 17));
    await dialog.getByLabel('Ende', { exact: true }).fill(localInput(3, 19));
    await dialog.getByRole('button', { name: 'Veranstaltung erstellen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Veranstaltung erstellt')).toBeVisible();
    const card = await boardCard(board, title);
    await expect(card.getByText('Veröffentlicht', { exact: true })).toBeVisible();
    const eventPath = await card.getByRole('link', { name: 'Details ansehen' }).getAttribute('href');
    expect(eventPath).toMatch(/^\/event\//);

    // A neighbour, also in German, says they are coming and writes in the event chat.
    const guest = await createAccount({ fullName: 'Jonas Becker' });
    const guestContext = await browser.newContext({ baseURL: e2eEnv.baseUrl, locale: 'de-DE' });
    const guestPage = await guestContext.newPage();
    await signInAs(guestPage, guest, eventPath ?? '/');
    await expect(guestPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(guestPage.getByRole('heading', { name: 'Bist du dabei?' })).toBeVisible();
    await guestPage.getByRole('button', { name: 'Ich komme', exact: true }).click();
    await expect(guestPage.getByText('Deine Antwort: Ich komme.')).toBeVisible();
    await expect(guestPage.getByText('1 kommen')).toBeVisible();
    const box = guestPage.getByLabel('Nachricht an den Chat der Veranstaltung');
    await box.fill('Bringt jemand Kakao mit?');
    await box.press('Enter');

    await page.goto(eventPath ?? '/');
    await expect(page.getByText('Du hast diese Veranstaltung erstellt')).toBeVisible();
    await expect(page.getByText('Bringt jemand Kakao mit?')).toBeVisible();
    await guestContext.close();
  });
});

test.describe('in the pseudo-locale at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the main pages show no clipped or overflowing text', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const host = await createAccount({ fullName: 'Ana Pseudo' });
    const eventId = await createLiveEvent(host, {
      title: 'Pseudo picnic',
      description: 'Blankets, bread and a long afternoon in the park.',
      location: 'Riverside Park, north gate',
    });
    await page.addInitScript(() => localStorage.setItem('townsquare.locale', 'en-XA'));

    const overflowing = () =>
      page.evaluate(() => {
        const found: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth + 1) {
          found.push(`page is ${document.documentElement.scrollWidth}px wide`);
        }
        for (const el of Array.from(
          document.querySelectorAll<HTMLElement>(
            'main h1, main h2, main h3, main p, main label, main a, main button, main li, main span, header a, header button, footer h2, footer p, footer a',
          ),
        )) {
          const style = getComputedStyle(el);
          // Truncated on purpose (an ellipsis) or visually hidden (sr-only) is not a layout fault.
          if (style.textOverflow === 'ellipsis' || style.position === 'absolute' || !el.offsetParent)
            continue;
          if (!el.textContent?.trim()) continue;
          if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
            found.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`);
          }
          const rect = el.getBoundingClientRect();
          if (rect.right > window.innerWidth + 1) {
            found.push(
              `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}" ends at ${Math.round(rect.right)}px`,
            );
          }
        }
        return found;
      });

    const visit = async (name: string, path: string, ready: RegExp) => {
      await page.goto(path);
      await expect(page.locator('main').getByText(ready).first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`pseudo-${name}.png`), fullPage: true });
      expect(await overflowing(), name).toEqual([]);
    };

    // Accented text is the proof that the page reads the pseudo-locale's catalogs.
    await visit('login', '/login', /Wéélçóóméé bááçk/);
    await visit('register', '/register', /Jóóííñ ýóóúúr lóóçáál çóómmúúñíítý/);
    await visit('event', `/event/${eventId}`, /Wááñt tóó góó\?/);
    await signInAs(page, host, '/dashboard');
    await visit('dashboard', '/dashboard', /Hééréé ííš wháát ííš hááppééñííñg/);
    await visit('settings', '/settings', /Lááñgúúáágéé/);
  });
});

test.describe('in German at 375 px', () => {
  test.use({ locale: 'de-DE', viewport: { width: 375, height: 812 } });

  test('long compounds wrap: no page is wider than the phone', async ({ page }, testInfo) => {
    const host = await createAccount({ fullName: 'Grete Wortlang' });
    const eventId = await createLiveEvent(host, {
      title: 'Donaudampfschifffahrtsgesellschaftskapitänsfeier',
      description: 'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz zum Nachlesen.',
      location: 'Hauptbahnhofsvorplatzüberdachung',
    });
    for (const [name, path] of [
      ['home', '/'],
      ['login', '/login'],
      ['event', `/event/${eventId}`],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.locator('footer').getByRole('link', { name: 'Nutzungsbedingungen' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`de-375-${name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
    }
  });
});
