import type { Locale } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { t as translate } from '../../platform/i18n.ts';
import {
  confirmGuest,
  createEvent,
  createUser,
  nextIp,
  renderedGuestForm,
  type TestUser,
  unique,
  updateEvent,
  verifyEmail,
} from '../../test/factories.ts';
import { useSmtpTestApp } from '../../test/test-app.ts';

/**
 * Guests (answers without an account) get the reminder, change and cancellation
 * e-mails through the one notify() path, in the language they answered in, with their manage
 * link and "never e-mail me again"; a guest who cancelled, or asked never to be e-mailed, gets
 * nothing. Through a real SMTP server.
 */
const { t, smtp } = useSmtpTestApp();
let host: TestUser;

beforeAll(async () => {
  host = await createUser(t);
  await verifyEmail(t, host);
});

const DAY = 86_400_000;
const tokenIn = (link: string) => new URL(link).searchParams.get('token') ?? '';
const links = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

type Guest = { email: string; name: string; locale: Locale; manageToken: string };

/** Answers as a guest in a browser set to `locale` and follows the mailed confirmation link. */
async function answer(eventId: string, locale: Locale, status: 'going' | 'maybe' = 'going'): Promise<Guest> {
  const email = `${unique(`guest-${locale}-`)}@example.com`;
  const name = `Guest ${locale}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/guest-rsvps`,
    remoteAddress: nextIp(),
    headers: { 'accept-language': `${locale};q=0.9, en;q=0.5` },
    payload: { name, email, status, formToken: renderedGuestForm(t, eventId) },
  });
  expect(res.statusCode, res.body).toBe(202);
  // The first e-mail to a new address: the confirmation link, in the guest's language.
  const mail = await smtp.waitFor(email, /./);
  const link = links(mail.text).find((l) => l.includes('/guest-rsvp/confirm')) ?? '';
  const confirmed = await confirmGuest(t, tokenIn(link));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { email, name, locale, manageToken: confirmed.json().manageToken };
}

const mailsTo = (guest: Guest, subject: string) =>
  smtp.inbox.filter((m) => m.to === guest.email && m.subject === subject);

/** The one mail to `guest` with `subject`, in their language, with their own links. */
async function expectMail(guest: Guest, subject: string) {
  const mail = await smtp.waitFor(
    guest.email,
    new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
  expect(mail.text).toContain(translate(guest.locale, 'mail.greeting', { name: guest.name }));
  expect(mail.text).toContain(translate(guest.locale, 'mail.guest.why'));
  // The manage link is the one from their confirmation: it opens their answer.
  const manage = links(mail.text).find((l) => l.includes('/guest-rsvp/manage')) ?? '';
  expect(tokenIn(manage)).toBe(guest.manageToken);
  // "Never e-mail me again" is the one-click List-Unsubscribe, not a member's settings link.
  const unsubscribe = mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  expect(unsubscribe).toContain('/api/guest-rsvps/never-email?token=');
  expect(mail.text).not.toContain('/settings');
  return mail;
}

/** The host calls the event off (decision 028). */
async function callOff(eventId: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/events/${eventId}`,
    headers: host.auth,
    payload: { cancelled: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Waits until every notification job is done (no queued delivery is left to arrive). */
const settled = () => t.background.drain();

describe('guest e-mails through notify()', () => {
  it('reminder, change and cancellation reach guests going (and maybe) in their language; a cancelled guest gets nothing', async () => {
    const start = new Date(Date.now() + 5 * DAY);
    const title = unique('Lantern walk ');
    const eventId = await createEvent(t, host, {
      title,
      allowGuestRsvp: true,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    });
    const es = await answer(eventId, 'es');
    const de = await answer(eventId, 'de');
    const fr = await answer(eventId, 'fr', 'maybe');
    const gone = await answer(eventId, 'en');
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/guest-rsvps/${gone.manageToken}`,
      remoteAddress: nextIp(),
    });
    expect(cancelled.statusCode).toBe(200);

    // The reminder: to guests going only, each in their language.
    const event = (
      await t.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: host.auth })
    ).json().event as { timeZone: string; location: string };
    await t.jobs.send('event-reminder', { eventId, leadMs: DAY, startsAt: start.toISOString() });
    // Going, a guest reads where too, the address included (decision 044).
    const reminder = (guest: Guest) =>
      translate(guest.locale, 'notification.reminder', {
        title,
        unit: 'day',
        amount: 1,
        when: { at: start.toISOString(), zone: event.timeZone },
        placed: event.location.trim() === '' ? 'no' : 'yes',
        where: event.location,
        joining: 'no',
        url: '',
      });
    for (const guest of [es, de]) await expectMail(guest, reminder(guest));
    // A queued reminder sent again (a retry) tells nobody twice.
    await t.jobs.send('event-reminder', { eventId, leadMs: DAY, startsAt: start.toISOString() });

    // A change: guests going and maybe.
    const moved = await updateEvent(t, host, eventId, { location: 'The old mill' });
    expect(moved.statusCode, moved.body).toBe(200);
    const changed = (guest: Guest) =>
      translate(guest.locale, 'notification.eventChanged', {
        title,
        changes: {
          list: [{ key: 'notification.eventChanged.place', params: { location: 'The old mill' } }],
          separator: '; ',
        },
      });
    for (const guest of [es, de, fr]) await expectMail(guest, changed(guest));

    // Called off: guests going and maybe.
    await callOff(eventId);
    const called = (guest: Guest) => translate(guest.locale, 'notification.eventCancelled', { title });
    for (const guest of [es, de, fr]) await expectMail(guest, called(guest));

    await settled();
    for (const guest of [es, de]) {
      expect(mailsTo(guest, reminder(guest))).toHaveLength(1);
      expect(mailsTo(guest, changed(guest))).toHaveLength(1);
      expect(mailsTo(guest, called(guest))).toHaveLength(1);
    }
    expect(mailsTo(fr, reminder(fr))).toHaveLength(0);
    // The guest who cancelled got nothing beyond their own confirmation e-mails.
    expect(
      smtp.inbox.filter((m) => m.to === gone.email && !m.subject.endsWith(`our answer to ${title}`)),
    ).toEqual([]);
  });

  it('an address that asked never to be e-mailed again gets no notification', async () => {
    const eventId = await createEvent(t, host, { title: unique('Quiet supper '), allowGuestRsvp: true });
    const loud = await answer(eventId, 'en');
    const quiet = await answer(eventId, 'fr');
    const confirmation = await smtp.waitFor(quiet.email, /^Votre réponse/);
    const never = links(confirmation.text).find((l) => l.includes('/never-email')) ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/guest-rsvps/never-email?token=${encodeURIComponent(tokenIn(never))}`,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = smtp.inbox.filter((m) => m.to === quiet.email).length;

    await callOff(eventId);
    await smtp.waitFor(loud.email, /was cancelled$/);
    await settled();
    expect(smtp.inbox.filter((m) => m.to === quiet.email)).toHaveLength(before);
  });
});
