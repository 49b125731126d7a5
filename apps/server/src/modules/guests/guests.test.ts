import { createHmac } from 'node:crypto';
import { GUEST_MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../platform/signed-links.ts';
import { eventually } from '../../test/eventually.ts';
import {
  confirmGuest,
  createEvent,
  createUser,
  eventBody,
  expectGuestFormGuards,
  guestAnswer,
  guestMailsTo as guestMails,
  lastTokenTo,
  nextIp,
  renderedGuestForm,
  requestAs,
  unique,
  updateEvent,
  useUsers,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { neverToken } from './guests.service.ts';

const t = useTestApp();
const inject = requestAs(t);
const [host] = useUsers(t, 1, { verified: true });

/** A form rendered a minute ago (past the "too fast" check). */
const rendered = (eventId: string) => renderedGuestForm(t, eventId);

/** Verifies the account of `email` with the token its confirmation mail carried. */
async function verifyByMail(email: string) {
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: nextIp(),
    payload: { token: await lastTokenTo(t, email, 'Confirm your email address') },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

const guestEvent = (overrides: Record<string, unknown> = {}) =>
  createEvent(t, host, { allowGuestRsvp: true, ...overrides });

function ask(eventId: string, body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/guest-rsvps`,
    remoteAddress: ip,
    payload: { name: 'Robin Guest', formToken: rendered(eventId), ...body },
  });
}

const tokenIn = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
const guestMailsTo = (to: string) => guestMails(t, to);
const answerAndConfirm = (eventId: string, email: string, body: object = {}) =>
  guestAnswer(t, eventId, email, body);

const manage = (method: 'GET' | 'PATCH' | 'DELETE', token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/guest-rsvps/${token}`, remoteAddress: nextIp(), payload });

async function attendees(eventId: string) {
  const res = await inject('GET', `/api/events/${eventId}/attendees`, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    attendees: {
      userId: string;
      fullName: string;
      status: string;
      guest?: boolean;
      waitlistPosition: number | null;
    }[];
  };
}

describe('the host switch', () => {
  it('is off by default, can be turned on for a public event, and is refused on a private one', async () => {
    const off = await createEvent(t, host);
    const event = await inject('GET', `/api/events/${off}`, host);
    expect(event.json().event.allowGuestRsvp).toBe(false);
    const form = await inject('GET', `/api/events/${off}/guest-rsvps/form`);
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe(GUEST_MSG.notAllowed);

    const res = await inject(
      'POST',
      '/api/events',
      host,
      eventBody({ visibility: 'PRIVATE', allowGuestRsvp: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GUEST_MSG.onlyPublic);

    const on = await guestEvent();
    const opened = await inject('GET', `/api/events/${on}/guest-rsvps/form`);
    expect(opened.statusCode).toBe(200);
    // Making it private turns guest answers off.
    const put = await updateEvent(t, host, on, { visibility: 'PRIVATE' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().event.allowGuestRsvp).toBe(false);
  });
});

describe('answering without an account', () => {
  it('counts only after the e-mailed link, shows the guest to hosts and in the CSV, and cancels', async () => {
    const eventId = await guestEvent({
      capacity: 5,
      questions: [{ text: 'Dietary needs?', required: true }],
    });
    const email = `${unique('guest')}@example.com`;
    const missing = await ask(eventId, { email });
    expect(missing.statusCode).toBe(400);
    const questionId = (await inject('GET', `/api/events/${eventId}`, host)).json().event.questions[0]
      .id as string;

    const res = await ask(eventId, { email, answers: { [questionId]: 'none' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(GUEST_MSG.accepted);
    expect((await attendees(eventId)).attendees).toHaveLength(0);

    const mail = (await guestMailsTo(email)).at(-1);
    expect(mail?.subject).toContain('Confirm your answer');
    expect(mail?.headers?.['List-Unsubscribe']).toContain('/api/guest-rsvps/never-email?token=');
    const token = tokenIn(mail?.link);
    expect(token.length).toBeGreaterThanOrEqual(22);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await t.db.execute(sql`select 1 from event_guests where confirm_token_hash = ${token}`);
    expect(stored.rows).toHaveLength(0);

    const confirmed = await confirmGuest(t, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { manageToken, rsvp } = confirmed.json();
    expect(rsvp).toMatchObject({
      eventId,
      name: 'Robin Guest',
      status: 'going',
      answers: { [questionId]: 'none' },
    });
    expect(rsvp.ticket).toMatch(/^T1\./);
    // The same ticket as a member's: a QR code of `ticket` and the short door code under it.
    expect(rsvp.doorCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // The link works once.
    const again = await confirmGuest(t, token);
    expect(again.statusCode).toBe(400);

    const list = await attendees(eventId);
    expect(list.attendees).toEqual([
      expect.objectContaining({ fullName: 'Robin Guest', status: 'going', guest: true }),
    ]);
    const event = await inject('GET', `/api/events/${eventId}`, host);
    expect(event.json().event.placesLeft).toBe(4);
    const csv = await inject('GET', `/api/events/${eventId}/attendees.csv`, host);
    // The CSV starts with a byte order mark so that spreadsheets read it as UTF-8.
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Name,Username,Status,Guests,Dietary needs?,Checked in,Account',
    );
    expect(csv.body.split('\r\n')[1]).toBe('Robin Guest,,going,,none,,guest');

    // The confirmation mail carries the manage link (its page shows the QR code) and the door code.
    const done = (await guestMailsTo(email)).at(-1);
    expect(done?.subject).toContain('Your answer to');
    expect(done?.text).toContain(rsvp.doorCode);
    expect(tokenIn(done?.link)).toBe(manageToken);

    // Check-in with the guest's ticket.
    const checkIn = await inject('POST', `/api/events/${eventId}/check-ins`, host, { code: rsvp.ticket });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    expect(checkIn.json().checkIn).toMatchObject({ fullName: 'Robin Guest', guest: true });

    const changed = await manage('PATCH', manageToken, { status: 'maybe' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().rsvp.status).toBe('maybe');
    expect(changed.json().rsvp.ticket).toBeNull();
    expect(changed.json().rsvp.doorCode).toBeNull();

    const cancelled = await manage('DELETE', manageToken);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await attendees(eventId)).attendees).toHaveLength(0);
    expect((await manage('GET', manageToken)).statusCode).toBe(404);
  });

  it('reveals nothing about other guests through the manage link', async () => {
    const eventId = await guestEvent();
    const a = await answerAndConfirm(eventId, `${unique('a')}@example.com`, { name: 'Alex Secret' });
    await answerAndConfirm(eventId, `${unique('b')}@example.com`, { name: 'Blake Hidden' });
    const res = await manage('GET', a.manageToken);
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).toContain('Alex Secret');
    expect(text).not.toContain('Blake');
    expect(text).not.toContain('@example.com');
    expect(Object.keys(res.json().rsvp).sort()).toEqual(
      [
        'answers',
        'doorCode',
        'endDate',
        'eventId',
        'eventTitle',
        'guests',
        'location',
        'maxGuests',
        'name',
        'questions',
        'startDate',
        'status',
        'ticket',
        'timeZone',
        'waitlistPosition',
      ].sort(),
    );
    expect((await manage('GET', 'not-a-real-token')).statusCode).toBe(404);
  });

  it('drops honeypot hits and forms sent too fast without a word, and refuses forged form tokens', async () => {
    const eventId = await guestEvent();
    const email = `${unique('bot')}@example.com`;
    await expectGuestFormGuards(t, {
      send: (body) => ask(eventId, { email, ...body }),
      email,
      formId: eventId,
      otherFormId: await guestEvent(),
    });
  });

  it('honours a "never e-mail me" link mailed before decision 066 (signed with the JWT secret)', async () => {
    const eventId = await guestEvent();
    const email = `${unique('old-never')}@example.com`;
    const mac = createHmac('sha256', t.config.jwtSecret ?? '')
      .update(`guest-never:${email}`)
      .digest('base64url');
    const before = `${Buffer.from(email).toString('base64url')}.${mac}`;
    expect(before).not.toBe(neverToken(t.links, email));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest-rsvps/never-email',
      remoteAddress: nextIp(),
      payload: { token: before },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ask(eventId, { email })).statusCode).toBe(202);
    expect(await guestMailsTo(email)).toHaveLength(0);
  });

  it('limits requests per address and per client address', async () => {
    const eventId = await guestEvent();
    const email = `${unique('many')}@example.com`;
    const perAddress = [];
    for (let i = 0; i < 6; i++) perAddress.push((await ask(eventId, { email })).statusCode);
    expect(perAddress).toEqual([202, 202, 202, 202, 202, 429]);
    const ip = nextIp();
    const perIp = [];
    for (let i = 0; i < 21; i++)
      perIp.push((await ask(eventId, { email: `${unique('ip')}@example.com` }, ip)).statusCode);
    expect(perIp.filter((s) => s === 202)).toHaveLength(20);
    expect(perIp.at(-1)).toBe(429);
  });

  it('sends nothing more to an address that asked never to be e-mailed', async () => {
    const eventId = await guestEvent();
    const email = `${unique('never')}@example.com`;
    await ask(eventId, { email });
    const link = (await guestMailsTo(email)).at(-1)?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(link.slice(1, -1));
    // The one-click POST of RFC 8058, as a mail client sends it.
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = (await guestMailsTo(email)).length;
    expect((await ask(eventId, { email })).statusCode).toBe(202);
    expect(await guestMailsTo(email)).toHaveLength(before);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/guest-rsvps/never-email',
      remoteAddress: nextIp(),
      payload: { token: `${neverToken(createLinkSigner({ ring: ['another secret'] }), email)}` },
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('the "never e-mail me again" link opened in a browser', () => {
  it('shows a page whose button does it; the GET alone changes nothing', async () => {
    const eventId = await guestEvent();
    const email = `${unique('browser')}@example.com`;
    await ask(eventId, { email });
    const mail = (await guestMailsTo(email)).at(-1);
    // Every mail to a guest offers RFC 8058's one click.
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL((mail?.headers?.['List-Unsubscribe'] ?? '').slice(1, -1));
    expect(mail?.text).toContain(url.href);

    const opened = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      remoteAddress: nextIp(),
      headers: { accept: 'text/html' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('<form method="post"');
    expect(opened.body).toContain('Never e-mail me again');
    expect(opened.body).not.toContain(GUEST_MSG.linkInvalid);
    // Link scanners open it too: still e-mailed.
    const before = (await guestMailsTo(email)).length;
    expect((await ask(eventId, { email })).statusCode).toBe(202);
    expect((await guestMailsTo(email)).length).toBeGreaterThan(before);

    // The page's button: the form posts back to the same link and gets a page.
    const action =
      /<form method="post" action="([^"]+)"/.exec(opened.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: action,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.body).toContain(GUEST_MSG.neverEmailed);
    const after = (await guestMailsTo(email)).length;
    expect((await ask(eventId, { email })).statusCode).toBe(202);
    expect(await guestMailsTo(email)).toHaveLength(after);

    // A forged link: a page that says so, not the manage page's 404.
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/guest-rsvps/never-email?token=${encodeURIComponent(neverToken(createLinkSigner({ ring: ['another secret'] }), email))}`,
      remoteAddress: nextIp(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(GUEST_MSG.linkInvalid);
  });
});

describe('the one RSVP write path', () => {
  it('gives 100 guest confirmations at once for 10 places exactly 10 going and 90 waiting in order', async () => {
    const eventId = await guestEvent({ capacity: 10 });
    const emails = Array.from({ length: 100 }, () => `${unique('crowd')}@example.com`);
    for (const email of emails) expect((await ask(eventId, { email })).statusCode).toBe(202);
    await guestMailsTo('nobody@example.com');
    const tokens = emails.map((email) =>
      tokenIn(t.sent.filter((m) => m.to === email && m.subject.startsWith('Confirm')).at(-1)?.link),
    );
    expect(new Set(tokens).size).toBe(100);
    // All sent at once. The pool (10 connections) answers 503 to a request that waits more than
    // 5 s for a connection (fail fast, QUALITY reliability 3); a client sends it again, as here.
    const confirm = async (token: string) => {
      for (;;) {
        const res = await confirmGuest(t, token);
        if (res.statusCode !== 503) return res;
      }
    };
    const results = await Promise.all(tokens.map(confirm));
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const statuses = results.map((r) => r.json().rsvp.status as string);
    expect(statuses.filter((s) => s === 'going')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(90);
    const list = (await attendees(eventId)).attendees;
    expect(list.filter((a) => a.status === 'going')).toHaveLength(10);
    const waiting = list.filter((a) => a.status === 'waitlisted');
    expect(waiting.map((a) => a.waitlistPosition)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    // Each one's position as answered at confirmation is their place in the line.
    const told = results
      .map((r) => r.json().rsvp as { status: string; waitlistPosition: number | null })
      .filter((r) => r.status === 'waitlisted')
      .map((r) => r.waitlistPosition);
    expect(new Set(told).size).toBe(90);
  });

  it('offers a freed place to the first guest waiting, by e-mail', async () => {
    const start = new Date(Date.now() + 60 * 60_000);
    const eventId = await guestEvent({
      capacity: 1,
      location: 'Lantern Hall, Mill Street 4',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3600_000).toISOString(),
    });
    const first = await answerAndConfirm(eventId, `${unique('first')}@example.com`);
    const secondEmail = `${unique('second')}@example.com`;
    const second = await answerAndConfirm(eventId, secondEmail);
    expect(second.rsvp.status).toBe('waitlisted');
    expect((await manage('DELETE', first.manageToken)).statusCode).toBe(200);
    // Within 2 hours of the start a freed place goes straight to the first in line.
    expect((await manage('GET', second.manageToken)).json().rsvp.status).toBe('going');
    const mail = (await guestMailsTo(secondEmail)).at(-1);
    expect(mail?.subject).toContain('A place opened up');
    // Which event, when and where; the footer says why: they joined the waitlist.
    expect(mail?.text).toMatch(
      /A place opened up at .+ \(.+, Lantern Hall, Mill Street 4\) and you were first in line/,
    );
    expect(mail?.text).toContain(
      'You get this e-mail because this address joined the waitlist of this event on Townsquare, without an account.',
    );
  });

  it('offers a place with a deadline by e-mail, saying when and where', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const eventId = await guestEvent({
      capacity: 1,
      location: 'Boathouse, Canal Road 12',
      timeZone: 'Europe/Berlin',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3600_000).toISOString(),
    });
    const first = await answerAndConfirm(eventId, `${unique('first')}@example.com`);
    const secondEmail = `${unique('second')}@example.com`;
    expect((await answerAndConfirm(eventId, secondEmail)).rsvp.status).toBe('waitlisted');
    expect((await manage('DELETE', first.manageToken)).statusCode).toBe(200);
    await t.background.drain();
    // The offer reaches the guest through the outbox, its subscriber and the guest mail queue
    // (decision 065): wait for its arrival rather than for one hop.
    const mail = await eventually(async () => {
      const last = (await guestMailsTo(secondEmail)).at(-1);
      expect(last?.subject).toContain('A place opened up');
      return last;
    });
    expect(mail?.text).toMatch(
      /A place is free for you at .+ \(.+ CET, Boathouse, Canal Road 12\): open your answer before .+ CET to keep it/,
    );
    expect(mail?.text).toContain('this address joined the waitlist of this event');
  });
});

describe('an account with the same address', () => {
  it('takes over the guest answers when verified, without duplicates', async () => {
    const email = `${unique('later')}@example.com`;
    const onlyGuest = await guestEvent({ capacity: 3 });
    const both = await guestEvent({ capacity: 3 });
    await answerAndConfirm(onlyGuest, email);
    await answerAndConfirm(both, email);
    const user = await createUser(t, { email });
    const rsvp = await inject('POST', `/api/events/${both}/rsvp`, user, { status: 'maybe' });
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    expect((await attendees(both)).attendees).toHaveLength(2);

    await verifyByMail(email);

    const first = (await attendees(onlyGuest)).attendees;
    expect(first).toEqual([expect.objectContaining({ userId: user.user.id, status: 'going' })]);
    expect(first[0]?.guest).toBeUndefined();
    // The member's own answer wins; the guest's place is given back.
    const second = (await attendees(both)).attendees;
    expect(second).toEqual([expect.objectContaining({ userId: user.user.id, status: 'maybe' })]);
    const left = await inject('GET', `/api/events/${both}`, host);
    expect(left.json().event.placesLeft).toBe(3);
    const guests = await t.db.execute(sql`select 1 from event_guests where email = ${email}`);
    expect(guests.rows).toHaveLength(0);
  });
});

describe("a guest's ticket once the answer is an account's", () => {
  const checkIn = (eventId: string, code: string) =>
    inject('POST', `/api/events/${eventId}/check-ins`, host, { code });

  it('still checks in by the QR code and by the door code the guest was mailed', async () => {
    const email = `${unique('ticket')}@example.com`;
    const byQr = await guestEvent();
    const byDoorCode = await guestEvent();
    const first = (await answerAndConfirm(byQr, email)).rsvp;
    const second = (await answerAndConfirm(byDoorCode, email)).rsvp;
    // The confirmation e-mail carries the ticket's QR code as a picture of the signed code.
    const mailed = (await guestMailsTo(email)).find((m) => m.text.includes(first.doorCode ?? '-'));
    const src = mailed?.html.match(/<img src="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const qrUrl = new URL(src);
    expect(qrUrl.searchParams.get('code')).toBe(first.ticket);
    const picture = await t.app.inject({ method: 'GET', url: `${qrUrl.pathname}${qrUrl.search}` });
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/events/${byQr}/tickets/qr.png?code=${encodeURIComponent(`${first.ticket?.slice(0, -2)}xx`)}`,
    });
    expect(forged.statusCode).toBe(400);
    const user = await createUser(t, { email });
    await verifyByMail(email);

    const scanned = await checkIn(byQr, first.ticket ?? '');
    expect(scanned.statusCode, scanned.body).toBe(201);
    expect(scanned.json().checkIn).toMatchObject({ userId: user.user.id });
    expect(scanned.json().checkIn.guest).toBeUndefined();
    const typed = await checkIn(byDoorCode, (second.doorCode ?? '').toLowerCase().replace('-', ' '));
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().checkIn).toMatchObject({ userId: user.user.id });
    // Once only, whichever ticket is shown: the account's own ticket is the same person.
    const own = await inject('GET', `/api/events/${byQr}/ticket`, user);
    expect(own.statusCode, own.body).toBe(200);
    expect((await checkIn(byQr, own.json().doorCode)).statusCode).toBe(409);
  });

  it("checks in the account's own answer where it had answered too", async () => {
    const email = `${unique('both')}@example.com`;
    const eventId = await guestEvent();
    const { rsvp } = await answerAndConfirm(eventId, email);
    const user = await createUser(t, { email });
    const going = await inject('POST', `/api/events/${eventId}/rsvp`, user, { status: 'going' });
    expect(going.statusCode, going.body).toBe(200);
    await verifyByMail(email);
    const scanned = await checkIn(eventId, rsvp.ticket ?? '');
    expect(scanned.statusCode, scanned.body).toBe(201);
    expect(scanned.json().checkIn).toMatchObject({ userId: user.user.id, status: 'going' });
  });
});

describe('bad input', () => {
  it('answers 400 or 404 for events that are not there, private, or do not allow guests', async () => {
    const email = `${unique('x')}@example.com`;
    expect((await ask('not-a-uuid', { email })).statusCode).toBe(404);
    const privateEvent = await createEvent(t, host, { visibility: 'PRIVATE' });
    expect((await ask(privateEvent, { email })).statusCode).toBe(404);
    const draft = await createEvent(t, host, { status: 'DRAFT', allowGuestRsvp: true });
    expect((await ask(draft, { email })).statusCode).toBe(404);
    const closed = await createEvent(t, host);
    expect((await ask(closed, { email })).statusCode).toBe(400);
    const open = await guestEvent();
    for (const body of [
      { email: 'not an e-mail' },
      { email, name: '' },
      { email, status: 'waitlisted' },
      { email, guests: ['one'] },
      { email, answers: { nope: 'x' } },
      { email, name: ['array'] },
    ]) {
      const res = await ask(open, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('an ATTENDEES address (decision 044)', () => {
  const ADDRESS = 'Hofweg 3, Seitenflügel';
  const TYPED = 'Kim’s courtyard, Hofweg 3';

  async function hiddenAddressEvent(overrides: Record<string, unknown> = {}) {
    const pin = await inject('POST', '/api/places', host, {
      name: 'Kim’s courtyard',
      address: ADDRESS,
      lat: 52.512345,
      lon: 13.387654,
    });
    expect(pin.statusCode, pin.body).toBeLessThan(300);
    return guestEvent({
      location: TYPED,
      placeId: pin.json().place.id,
      addressVisibility: 'ATTENDEES',
      ...overrides,
    });
  }

  it('reaches a guest going, and not one who answered maybe, not going or is waiting', async () => {
    const eventId = await hiddenAddressEvent({ capacity: 1 });
    const going = await answerAndConfirm(eventId, `${unique('going')}@example.com`);
    expect(going.rsvp).toMatchObject({ status: 'going', location: TYPED });
    const waiting = await answerAndConfirm(eventId, `${unique('waiting')}@example.com`);
    const maybe = await answerAndConfirm(eventId, `${unique('maybe')}@example.com`, { status: 'maybe' });
    const notGoing = await answerAndConfirm(eventId, `${unique('no')}@example.com`, { status: 'not_going' });
    for (const [answer, status] of [
      [waiting, 'waitlisted'],
      [maybe, 'maybe'],
      [notGoing, 'not_going'],
    ] as const) {
      expect(answer.rsvp, status).toMatchObject({ status, location: 'Berlin, DE' });
      const viewed = await manage('GET', answer.manageToken);
      expect(viewed.statusCode).toBe(200);
      expect(viewed.body, status).not.toContain('Hofweg');
    }
    // Going from the manage link: now the guest knows where.
    const changed = await manage('PATCH', maybe.manageToken, { status: 'not_going' });
    expect(changed.json().rsvp.location).toBe('Berlin, DE');
    expect((await manage('GET', going.manageToken)).json().rsvp.location).toBe(TYPED);
  });
});
