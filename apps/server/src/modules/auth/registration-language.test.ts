import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  nextIp,
  requestAs,
  type TestUser,
  unique,
  useUsers,
  verifyEmail,
} from '../../test/factories.ts';
import { useSmtpTestApp } from '../../test/test-app.ts';

/**
 * The account's language starts as the one the person signed up in (decision 064): the web's
 * `locale` in the register body, else the browser's Accept-Language. Every e-mail to the account
 * and its bell then speak it, without a visit to the settings first.
 */
const { t, smtp } = useSmtpTestApp();
const inject = requestAs(t);

async function register(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const email = `${unique('lang')}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    headers,
    payload: { fullName: 'Greta Sprache', email, password: 'correct horse battery', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { email, body, auth: { authorization: `Bearer ${body.accessToken}` } };
}

const localeOf = async (auth: { authorization: string }) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth })).json().locale;

describe('registering stores the language the person used', () => {
  it('a German browser (Accept-Language: de-DE) gets a German account and verification e-mail', async () => {
    const { email, body, auth } = await register({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(body.user.locale).toBe('de');
    expect(await localeOf(auth)).toBe('de');
    const mail = await smtp.waitFor(email, /Bestätige deine E-Mail-Adresse/);
    expect(mail.text).toContain('Willkommen bei Townsquare!');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('the language the web app shows (the body’s locale) wins over the browser’s header', async () => {
    const { email, body } = await register({ 'accept-language': 'de-DE' }, { locale: 'fr' });
    expect(body.user.locale).toBe('fr');
    await smtp.waitFor(email, /^Confirme/);
  });

  it('a language Townsquare does not speak leaves the choice open and the mail in English', async () => {
    const { email, body } = await register({ 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(body.user.locale).toBeNull();
    await smtp.waitFor(email, /^Confirm your email address$/);
  });

  it('an unknown locale in the body is a 400 that names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: {
        fullName: 'X',
        email: `${unique('lang')}@example.com`,
        password: 'correct horse',
        locale: 'xx',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Language must be one of/);
  });

  it('the password-reset e-mail follows the stored language', async () => {
    const { email } = await register({ 'accept-language': 'es-ES,es;q=0.9' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: nextIp(),
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    await smtp.waitFor(email, /contraseña/i);
  });
});

describe('notifications to an account that signed up in German', () => {
  const [host, ana] = useUsers(t, 2, { verified: true });

  it('the waitlist offer: the bell and the e-mail both say it in German', async () => {
    const { email, body, auth } = await register({ 'accept-language': 'de-DE' });
    await verifyEmail(t, body);
    const ben = { auth } as TestUser;
    const complete = await inject('PUT', '/api/users/me', ben, { username: unique('u_'), roles: ['Member'] });
    expect(complete.statusCode, complete.body).toBe(200);
    const eventId = await createEvent(t, host, { title: unique('Supper '), capacity: 1, offerHours: 12 });
    expect((await inject('POST', `/api/events/${eventId}/rsvp`, ana, { status: 'going' })).statusCode).toBe(
      200,
    );
    expect((await inject('POST', `/api/events/${eventId}/rsvp`, ben, { status: 'going' })).statusCode).toBe(
      200,
    );
    expect(
      (await inject('POST', `/api/events/${eventId}/rsvp`, ana, { status: 'not_going' })).statusCode,
    ).toBe(200);
    const mail = await smtp.waitFor(email, /^Für dich ist ein Platz bei/);
    expect(mail.text).toContain('weil du auf der Warteliste dieser Veranstaltung stehst');
    // The bell, asked by a browser that says nothing of its language, reads the same words.
    await t.background.drain();
    const list = await inject('GET', '/api/notifications', ben);
    const offer = list.json().notifications.find((n: { kind: string }) => n.kind === 'waitlist_offer');
    expect(offer?.text).toMatch(/^Für dich ist ein Platz bei/);
    expect(mail.text).toContain(offer?.text);
  });
});

describe('an invitation to an address that has an account', () => {
  const [organiser] = useUsers(t, 1, { verified: true });

  it('is written in the account’s language, not the organiser’s', async () => {
    await t.db.execute(sql`update users set locale = 'de' where id = ${organiser.user.id}`);
    const club = await inject('POST', '/api/communities', organiser, { name: unique('Club ') });
    expect(club.statusCode, club.body).toBe(201);
    const slug = club.json().community.slug as string;
    // Signed up before the account kept a language: English (the default) is its language.
    const member = await createUser(t);
    await t.db.execute(sql`update users set locale = null where id = ${member.user.id}`);
    const french = await register({ 'accept-language': 'fr-FR' });
    const csv = `Mia,${member.email}\nLou,${french.email}`;
    const res = await inject('POST', `/api/communities/${slug}/member-imports`, organiser, { csv });
    expect(res.statusCode, res.body).toBe(202);
    await smtp.waitFor(member.email, /^You're invited to join/);
    await smtp.waitFor(french.email, /^Invitation à rejoindre/);
  });
});
