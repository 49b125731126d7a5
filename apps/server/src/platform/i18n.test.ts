import { fromWallTime } from '@townsquare/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser, startPushService } from '../modules/push/push-test-service.ts';
import { eventually } from '../test/eventually.ts';
import {
  confirmGuest,
  createEvent,
  createUser,
  guestMailsTo,
  mailMatching,
  nextIp,
  notificationsOf,
  onlyNotificationOf,
  renderedGuestForm,
  requestAs,
  type TestUser,
} from '../test/factories.ts';
import { closeSockets, collect, listen, openSocket } from '../test/sockets.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * A person's language (PATCH /api/users/me { locale }), the language of
 * the pages the server sends (`<html lang>`), and e-mail and push written in the recipient's
 * language whoever caused them.
 */

let service: Awaited<ReturnType<typeof startPushService>>;
const shell =
  '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body><div id="root"></div></body></html>';
const landing =
  '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body><div id="root"><h1>Welcome</h1></div></body></html>';

const t = useTestApp({
  env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' },
  web: {
    'index.html': shell,
    'prerendered/index.html': landing,
    'prerendered/login.html': landing.replace('Welcome', 'Sign in'),
    'prerendered/login.de.html': landing.replace('lang="en"', 'lang="de"').replace('Welcome', 'Anmelden'),
  },
});
const inject = requestAs(t);
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  closeSockets();
  await service.close();
});

const patchMe = (user: TestUser, payload: unknown) =>
  inject('PATCH', '/api/users/me', user, payload as object);

/** 19:00 on Tuesday 12 January 2027 in `timeZone`. */
const at19 = (timeZone: string) =>
  fromWallTime(timeZone, { year: 2027, month: 1, day: 12, hour: 19, minute: 0, second: 0 });

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('a person’s language', () => {
  it('is null until chosen, set and cleared with PATCH /api/users/me, and remembered in a cookie', async () => {
    const ana = await createUser(t);
    const me = await t.app.inject({ url: '/api/users/me', headers: ana.auth });
    expect(me.json().locale).toBeNull();
    expect(me.headers['set-cookie']).toBeUndefined();

    const set = await patchMe(ana, { locale: 'de' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().locale).toBe('de');
    expect(set.headers['set-cookie']).toMatch(/^locale=de; Path=\/;/);
    expect((await t.app.inject({ url: '/api/users/me', headers: ana.auth })).json().locale).toBe('de');

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...ana.auth, cookie: 'locale=de' },
      payload: { locale: null },
    });
    expect(cleared.json().locale).toBeNull();
    expect(cleared.headers['set-cookie']).toMatch(/^locale=; .*Max-Age=0/);
  });

  it.each([['it'], ['DE'], ['de-AT'], [''], [7], [['de']], [{ de: true }]])(
    'refuses locale %j with a readable 400 and its code',
    async (locale) => {
      const ana = await createUser(t);
      const res = await patchMe(ana, { locale });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Language must be one of en, es, de, fr, or null for the browser's language",
        code: 'LOCALE_INVALID',
      });
    },
  );
});

describe('<html lang> of the pages the server sends', () => {
  it('follows Accept-Language (q-values, regions), else English', async () => {
    for (const [url, header, lang] of [
      ['/', 'de-AT,de;q=0.9,en;q=0.5', 'de'],
      ['/', 'en-US,en;q=0.9', 'en'],
      ['/dashboard', 'fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
      ['/dashboard', 'ja, es;q=0.4, de;q=0.3', 'es'],
      ['/dashboard', 'ja, zh;q=0.5', 'en'],
      ['/dashboard', '', 'en'],
      ['/user/0193a0c1-0000-7000-8000-000000000001', 'es-MX', 'es'],
    ] as const) {
      const res = await page(url, header ? { 'accept-language': header } : {});
      expect(res.statusCode, `${url} ${header}`).toBe(200);
      expect(res.body, `${url} ${header}`).toContain(`<html lang="${lang}">`);
      expect(res.headers['content-language']).toBe(lang);
      expect(res.headers.vary).toMatch(/accept-language/i);
    }
  });

  it('follows the signed-in person’s choice (the cookie PATCH sets) over the browser', async () => {
    const ben = await createUser(t);
    const cookie = (await patchMe(ben, { locale: 'fr' })).headers['set-cookie'] as string;
    const res = await page('/dashboard', { cookie: cookie.split(';')[0] as string, 'accept-language': 'de' });
    expect(res.body).toContain('<html lang="fr">');
  });

  it('sends a translated pre-rendered page when the build has one', async () => {
    const de = await page('/login', { 'accept-language': 'de' });
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Anmelden');
    const es = await page('/login', { 'accept-language': 'es' });
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('Sign in');
  });

  it('writes an event page’s description for the reader’s language, in the event’s zone', async () => {
    const host = await createUser(t, { verified: true });
    const start = at19('Europe/Paris');
    const eventId = await createEvent(t, host, {
      title: 'Soirée jeux',
      location: 'Lyon',
      timeZone: 'Europe/Paris',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 7_200_000).toISOString(),
    });
    const fr = await page(`/event/${eventId}`, { 'accept-language': 'fr-FR' });
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toMatch(/<meta name="description" content="mardi 12 janvier 2027 à 19:00 CET · Lyon\./);
    const en = await page(`/event/${eventId}`);
    expect(en.body).toMatch(/<meta name="description" content="Tuesday 12 January 2027, 19:00 CET · Lyon\./);
  });
});

describe('e-mail and push in the recipient’s language', () => {
  it('a friend request from an English sender reaches a German recipient in German', async () => {
    const sender = await createUser(t);
    expect((await patchMe(sender, { locale: 'en' })).statusCode).toBe(200);
    const greta = await createUser(t, { verified: true });
    expect(
      (await patchMe(greta, { locale: 'de', notificationPreferences: { email: { friends: true } } }))
        .statusCode,
    ).toBe(200);
    const browser = fakeBrowser();
    const subscribed = await inject('POST', '/api/push/subscriptions', greta, {
      endpoint: service.endpoint('greta'),
      expirationTime: null,
      keys: browser.keys,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    const socket = await openSocket(await listen(t), greta.accessToken);
    const live = collect<{ kind: string; text: string }>(socket, 'notification');

    const sent = await inject('POST', '/api/friends/request', sender, { receiverId: greta.user.id });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const name = sender.user.username ?? sender.user.fullName;

    // The app's list speaks the reader's language too (the notifications list is not part of
    // the original client's contract); the live event as well.
    const n = await onlyNotificationOf(t, greta, 'friend_request');
    expect(n?.text).toBe(`${name} hat dir eine Freundschaftsanfrage geschickt`);
    expect(live.find((e) => e.kind === 'friend_request')?.text).toBe(
      `${name} hat dir eine Freundschaftsanfrage geschickt`,
    );
    // The sender's English list is untouched by the reader's language.
    const back = await inject('POST', '/api/friends/accept', greta, { requesterId: sender.user.id });
    expect(back.statusCode, back.body).toBeLessThan(300);
    const accepted = await onlyNotificationOf(t, sender, 'friend_accepted');
    expect(accepted?.text).toContain('accepted your friend request');

    const mail = await mailMatching(t, greta.email, (m) => m.text.includes('Freundschaftsanfrage'));
    expect(mail?.subject).toBe(`${name} hat dir eine Freundschaftsanfrage geschickt`);
    expect(mail?.text).toContain(`Hallo ${greta.user.fullName},`);
    expect(mail?.text).toContain('Diese E-Mails abbestellen');
    expect(mail?.html).toContain('<html lang="de">');

    const push = await eventually(async () => {
      const found = service.received.find((r) => r.path === '/push/greta');
      expect(found).toBeDefined();
      return found;
    });
    expect(JSON.parse(browser.decrypt(push?.body as Buffer)).body).toBe(
      `${name} hat dir eine Freundschaftsanfrage geschickt`,
    );
  });

  it('a reminder reaches a French attendee in French, the date in the event’s zone', async () => {
    const host = await createUser(t, { verified: true });
    const lea = await createUser(t, { verified: true });
    expect((await patchMe(lea, { locale: 'fr' })).statusCode).toBe(200);
    const start = at19('America/New_York');
    const eventId = await createEvent(t, host, {
      title: 'Club de lecture',
      timeZone: 'America/New_York',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 7_200_000).toISOString(),
    });
    const rsvp = await inject('POST', `/api/events/${eventId}/rsvp`, lea, { status: 'going' });
    expect(rsvp.statusCode).toBe(200);
    await t.jobs.send('event-reminder', { eventId, leadMs: 2 * 3_600_000, startsAt: start.toISOString() });

    const n = await onlyNotificationOf(t, lea, 'event_reminder');
    expect(n?.text).toBe(
      'Rappel : Club de lecture commence dans 2 heures (mar. 12 janv., 19:00 EST, Riverside Park, north gate)',
    );
    const mail = await mailMatching(t, lea.email, (m) => m.subject.startsWith('Rappel'));
    expect(mail?.subject).toBe(
      'Rappel : Club de lecture commence dans 2 heures (mar. 12 janv., 19:00 EST, Riverside Park, north gate)',
    );
    expect(mail?.text).toContain(`Bonjour ${lea.user.fullName},`);
  });
});

describe('notifications that were English only, in the recipient’s language', () => {
  /** The first e-mail to `to` whose subject starts with `start`. */
  const mailStarting = (to: string, start: string) => mailMatching(t, to, (m) => m.subject.startsWith(start));

  it('a German host reads in German that someone can no longer come', async () => {
    const host = await createUser(t, { verified: true });
    expect((await patchMe(host, { locale: 'de' })).statusCode).toBe(200);
    const guest = await createUser(t);
    const eventId = await createEvent(t, host, { title: 'Grillabend' });
    const rsvp = (status: string) => inject('POST', `/api/events/${eventId}/rsvp`, guest, { status });
    expect((await rsvp('going')).statusCode).toBe(200);
    expect((await rsvp('not_going')).statusCode).toBe(200);
    // Hosts' answer notifications name people by their full name.
    const name = guest.user.fullName;
    // The app's list in the host's language too.
    const [n] = await eventually(async () => {
      const list = (await notificationsOf(t, host, 'rsvp')).filter((x) => x.text.includes('nicht'));
      expect(list).toHaveLength(1);
      return list;
    });
    expect(n?.text).toBe(`${name} kann doch nicht zu Grillabend kommen`);
    const mail = await mailStarting(host.email, name);
    expect(mail?.subject).toBe(`${name} kann doch nicht zu Grillabend kommen`);
  });

  it('a German attendee of a deleted community’s event reads why it was cancelled in German', async () => {
    const owner = await createUser(t);
    const greta = await createUser(t, { verified: true });
    expect((await patchMe(greta, { locale: 'de' })).statusCode).toBe(200);
    const slug = `lauftreff-${Date.now().toString(36)}`;
    const made = await inject('POST', '/api/communities', owner, { name: 'Lauftreff', slug });
    expect(made.statusCode, made.body).toBe(201);
    const eventId = await createEvent(t, owner, {
      title: 'Stadtlauf',
      communityId: made.json().community.id,
    });
    const rsvp = await inject('POST', `/api/events/${eventId}/rsvp`, greta, { status: 'going' });
    expect(rsvp.statusCode).toBe(200);
    const gone = await inject('DELETE', `/api/communities/${slug}`, owner);
    expect(gone.statusCode).toBe(200);
    const mail = await mailStarting(greta.email, 'Stadtlauf');
    expect(mail?.subject).toBe(
      'Stadtlauf wurde abgesagt: die Community Lauftreff wurde von ihrer Inhaberin oder ihrem Inhaber gelöscht',
    );
    const [n] = await notificationsOf(t, greta, 'event_cancelled');
    expect(n?.text).toBe(mail?.subject);
  });
});

describe('invitations and guest e-mails in the reader’s language', () => {
  it('a German organiser’s member list invites a new address in German', async () => {
    const organiser = await createUser(t, { verified: true });
    expect((await patchMe(organiser, { locale: 'de' })).statusCode).toBe(200);
    const slug = `chor-${Date.now().toString(36)}`;
    const made = await inject('POST', '/api/communities', organiser, { name: 'Stadtchor', slug });
    expect(made.statusCode, made.body).toBe(201);
    const newcomer = `neu-${Date.now().toString(36)}@example.com`;
    const sent = await inject('POST', `/api/communities/${slug}/member-imports`, organiser, {
      csv: `name,email\nNeu Mitglied,${newcomer}`,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = await mailMatching(t, newcomer, () => true);
    expect(mail?.subject).toBe('Einladung zu Stadtchor');
    expect(mail?.text).toContain('Hallo Neu Mitglied,');
    expect(mail?.html).toContain('<html lang="de">');
  });

  it('a guest who answered in German gets the confirmation and the answer in German', async () => {
    const host = await createUser(t);
    const start = at19('Europe/Berlin');
    const eventId = await createEvent(t, host, {
      title: 'Hoffest',
      timeZone: 'Europe/Berlin',
      allowGuestRsvp: true,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 7_200_000).toISOString(),
    });
    const email = `gast-${Date.now().toString(36)}@example.com`;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/guest-rsvps`,
      remoteAddress: nextIp(),
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      payload: { name: 'Gabi Gast', email, formToken: renderedGuestForm(t, eventId) },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const [confirm] = await guestMailsTo(t, email);
    expect(confirm?.subject).toBe('Bestätige deine Antwort auf Hoffest');
    expect(confirm?.text).toContain('Hallo Gabi Gast,');
    expect(confirm?.text).toContain('ohne Konto auf Hoffest (Di., 12. Jan., 19:00 CET) geantwortet');
    expect(confirm?.text).toContain('Keine E-Mails mehr an mich: ');
    const token = new URL(confirm?.link ?? 'http://x/').searchParams.get('token');
    const confirmed = await confirmGuest(t, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = (await guestMailsTo(t, email)).at(-1);
    expect(answer?.subject).toBe('Deine Antwort auf Hoffest');
    expect(answer?.text).toContain(
      `Du bist bei Hoffest (Di., 12. Jan., 19:00 CET) dabei. Dein Ticket ist der QR-Code auf der Seite deiner Antwort (Knopf unten); am Einlass kannst du auch den Code ${confirmed.json().rsvp.doorCode} nennen.`,
    );
    expect(answer?.html).toContain('<html lang="de">');
  });
});

describe('error codes on the wire', () => {
  it('known errors, validation errors and unknown paths carry their code', async () => {
    const ana = await createUser(t);
    const cases: [Promise<{ statusCode: number; json(): Record<string, unknown> }>, number, string][] = [
      [
        inject('POST', '/api/auth/register', undefined, {
          fullName: 'Ana Again',
          email: ana.email,
          password: 'a-long-password',
        }),
        409,
        'EMAIL_TAKEN',
      ],
      [
        inject('POST', '/api/auth/register', undefined, { email: 'x@example.com' }),
        400,
        'FULL_NAME_REQUIRED',
      ],
      [inject('PATCH', '/api/users/me', ana, { bio: 'x'.repeat(1001) }), 400, 'BIO_TOO_LONG'],
      [inject('PATCH', '/api/users/me', ana, []), 400, 'BODY_INVALID'],
      [
        t.app.inject({
          method: 'PATCH',
          url: '/api/users/me',
          headers: { ...ana.auth, 'content-type': 'application/json' },
          payload: '{"bio":',
        }),
        400,
        'BODY_NOT_JSON',
      ],
      [t.app.inject({ url: '/api/users/me' }), 401, 'UNAUTHORIZED'],
      [
        t.app.inject({ url: '/api/events/0193a0c1-0000-7000-8000-000000000001', headers: ana.auth }),
        404,
        'EVENT_NOT_FOUND',
      ],
      [t.app.inject({ url: '/api/nothing-here' }), 404, 'ROUTE_NOT_FOUND'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode, code).toBe(status);
      expect(res.json().code, JSON.stringify(res.json())).toBe(code);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
