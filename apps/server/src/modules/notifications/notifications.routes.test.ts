import {
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  NOTIFICATION_MSG,
  notificationsResponse,
  selfUser,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createEvent,
  createUser,
  DEFAULT_NOTIFICATION_PREFERENCES,
  makeFriends,
  requestAs,
  type TestUser,
  unique,
  verifyEmail,
} from '../../test/factories.ts';
import { useSmtpTestApp } from '../../test/test-app.ts';

// Wide enough that Ben's read below comes within it even on a loaded machine (3 s was not:
// the read came after the e-mail had gone out).
const DM_DELAY_MS = 20_000;
const { t, smtp } = useSmtpTestApp({ DM_EMAIL_DELAY: `${DM_DELAY_MS / 1000}s` });

const call = requestAs(t);

async function list(user: TestUser) {
  const res = await call('GET', '/api/notifications', user);
  expect(res.statusCode).toBe(200);
  return notificationsResponse.parse(res.json());
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('in-app notifications', () => {
  it('a friend request notifies the receiver, with the list shape, unread count and read marking', async () => {
    const ana = await createUser(t, { username: unique('ana_') });
    const ben = await createUser(t);
    expect((await call('POST', '/api/friends/request', ana, { receiverId: ben.user.id })).statusCode).toBe(
      201,
    );
    const page = await eventually(async () => {
      const p = await list(ben);
      expect(p.notifications).toHaveLength(1);
      return p;
    });
    const [n] = page.notifications;
    expect(n).toMatchObject({
      kind: 'friend_request',
      readAt: null,
      actor: { id: ana.user.id, username: ana.user.username },
      subject: { type: 'user', id: ana.user.id },
      url: '/friends',
    });
    expect(n?.text).toContain(ana.user.username as string);
    expect(page.unread).toBe(1);
    expect(page.nextCursor).toBeNull();
    expect(JSON.stringify(page)).not.toContain('@example.com');
    expect((await call('GET', '/api/notifications/unread-count', ben)).json()).toEqual({ unread: 1 });
    // The sender hears nothing of their own action.
    expect((await list(ana)).notifications).toHaveLength(0);

    // Accepting notifies the requester; the accepter gets nothing for it.
    expect((await call('POST', '/api/friends/accept', ben, { requesterId: ana.user.id })).statusCode).toBe(
      201,
    );
    await eventually(async () => {
      const p = await list(ana);
      expect(p.notifications.map((x) => x.kind)).toEqual(['friend_accepted']);
    });
    expect((await list(ben)).notifications).toHaveLength(1);

    const read = await call('POST', '/api/notifications/read', ben, { ids: [n?.id] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    expect((await list(ben)).notifications[0]?.readAt).not.toBeNull();
    // Someone else's ids change nothing.
    const other = await call('POST', '/api/notifications/read', ben, {
      ids: [(await list(ana)).notifications[0]?.id],
    });
    expect(other.json()).toEqual({ unread: 0 });
    expect((await list(ana)).unread).toBe(1);
    // No body: everything read.
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: ana.auth });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ unread: 0 });
  });

  it('pages newest first with a keyset cursor', async () => {
    const host = await createUser(t);
    const guest = await createUser(t);
    for (let i = 0; i < 3; i++) {
      await t.notifications.notify({
        userId: guest.user.id,
        kind: 'community_announcement',
        actorId: host.user.id,
        subject: { type: 'user', id: host.user.id },
        text: `Announcement ${i}`,
        url: '/dashboard',
        dedupeKey: `test:${i}`,
      });
    }
    // Idempotent by dedupe key.
    expect(
      await t.notifications.notify({
        userId: guest.user.id,
        kind: 'community_announcement',
        subject: { type: 'user', id: host.user.id },
        text: 'again',
        url: '/dashboard',
        dedupeKey: 'test:0',
      }),
    ).toBeNull();
    const first = notificationsResponse.parse(
      (await call('GET', '/api/notifications?limit=2', guest)).json(),
    );
    expect(first.notifications.map((n) => n.text)).toEqual(['Announcement 2', 'Announcement 1']);
    expect(first.unread).toBe(3);
    const second = notificationsResponse.parse(
      (await call('GET', `/api/notifications?limit=2&cursor=${first.nextCursor}`, guest)).json(),
    );
    expect(second.notifications.map((n) => n.text)).toEqual(['Announcement 0']);
    expect(second.nextCursor).toBeNull();
  });

  it('never notifies a person of their own mention, and mentions others who can read the chat', async () => {
    const host = await createUser(t, { username: unique('host_') });
    const reader = await createUser(t, { username: unique('reader_') });
    const eventId = await createEvent(t, host);
    const content = `hello @${host.user.username} and @${reader.user.username}`;
    const res = await call('POST', `/api/event-messages/${eventId}`, host, { content });
    expect(res.statusCode).toBe(201);
    await eventually(async () => {
      const p = await list(reader);
      expect(p.notifications).toHaveLength(1);
      expect(p.notifications[0]).toMatchObject({
        kind: 'mention',
        subject: { type: 'chat', id: `event:${eventId}` },
        url: `/event/${eventId}`,
      });
    });
    expect((await list(host)).notifications).toHaveLength(0);
  });

  it('answers 400 with readable text for bad input and 401 without a session', async () => {
    const user = await createUser(t);
    for (const url of [
      '/api/notifications?limit=0',
      '/api/notifications?limit=1000',
      '/api/notifications?limit=abc',
      '/api/notifications?cursor=not-an-id',
    ]) {
      const res = await call('GET', url, user);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Limit|cursor/i);
    }
    for (const payload of [{ ids: 'x' }, { ids: [1, 2] }, { ids: Array(300).fill('a') }, []]) {
      const res = await call('POST', '/api/notifications/read', user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', undefined, {})).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe?token=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(NOTIFICATION_MSG.tokenInvalid);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(
      400,
    );
  });
});

describe('preferences', () => {
  it('defaults, and a nested partial update through PUT /api/users/me changes only what it names', async () => {
    const user = await createUser(t);
    const me = selfUser.parse((await call('GET', '/api/users/me', user)).json());
    expect(me.notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const res = await call('PUT', '/api/users/me', user, {
      notificationPreferences: { email: { reminders: false }, push: { mentions: false } },
    });
    expect(res.statusCode).toBe(200);
    const prefs = selfUser.parse(res.json()).notificationPreferences;
    expect(prefs.email).toEqual({ ...DEFAULT_EMAIL_PREFERENCES, reminders: false });
    expect(prefs.push).toEqual({ ...DEFAULT_PUSH_PREFERENCES, mentions: false });
    expect(prefs.securityAlerts).toBe(true);
    const again = await call('PUT', '/api/users/me', user, {
      notificationPreferences: { email: { friends: true } },
    });
    expect(selfUser.parse(again.json()).notificationPreferences.email).toEqual({
      ...DEFAULT_EMAIL_PREFERENCES,
      reminders: false,
      friends: true,
    });
    for (const bad of [{ email: { reminders: 'no' } }, { email: 'off' }, { push: { reminders: 1 } }]) {
      const r = await call('PUT', '/api/users/me', user, { notificationPreferences: bad });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/true or false|expected/i);
    }
  });
});

describe('the list query', () => {
  it('answers a cursor given twice with the readable cursor message', async () => {
    const user = await createUser(t);
    const res = await call('GET', '/api/notifications?cursor=&cursor=0', user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid cursor');
  });
});

describe('e-mail', () => {
  it('an event change e-mails attendees with one-click unsubscribe that turns off only that group, without a session', async () => {
    const host = await createUser(t);
    const guest = await createUser(t, { verified: true });
    const eventId = await createEvent(t, host);
    expect((await call('POST', `/api/events/${eventId}/rsvp`, guest, { status: 'going' })).statusCode).toBe(
      200,
    );
    const moved = new Date(Date.now() + 10 * 86_400_000);
    const upd = await call('PUT', `/api/events/${eventId}`, host, {
      startDate: moved.toISOString(),
      endDate: new Date(moved.getTime() + 3_600_000).toISOString(),
    });
    expect(upd.statusCode).toBe(200);
    const mail = await smtp.waitFor(guest.email, /changed/);
    expect(mail.text).toContain(`/event/${eventId}`);
    expect(mail.html).toContain('Turn these e-mails off');
    expect(mail.text).toContain('http://townsquare.test/settings');
    const header = (name: string) =>
      mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';
    const unsubscribe = header('list-unsubscribe');
    expect(unsubscribe).toMatch(
      /^<http:\/\/townsquare\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const path = unsubscribe.slice(1, -1).replace('http://townsquare.test', '');

    // The page explains and offers the button; opening it changes nothing.
    const pageRes = await t.app.inject({ method: 'GET', url: path });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/text\/html/);
    expect(pageRes.body).toContain('<form method="post"');
    expect(
      selfUser.parse((await call('GET', '/api/users/me', guest)).json()).notificationPreferences.email
        .eventUpdates,
    ).toBe(true);

    // RFC 8058: a form POST, no session.
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ group: 'eventUpdates', email: false });
    const prefs = selfUser.parse((await call('GET', '/api/users/me', guest)).json()).notificationPreferences;
    expect(prefs.email).toEqual({ ...DEFAULT_EMAIL_PREFERENCES, eventUpdates: false });
    expect(prefs.push).toEqual(DEFAULT_PUSH_PREFERENCES);
    // A forged token for another group is refused.
    const forged = await t.app.inject({ method: 'POST', url: path.replace('eventUpdates', 'reminders') });
    expect(forged.statusCode).toBe(400);

    // The next change still reaches the app, but no longer the mailbox.
    const before = smtp.inbox.filter((m) => m.to === guest.email).length;
    await call('PUT', `/api/events/${eventId}`, host, { location: 'The old mill' });
    await eventually(async () => {
      expect((await list(guest)).notifications.filter((n) => n.kind === 'event_updated')).toHaveLength(2);
    });
    await sleep(2_000);
    expect(smtp.inbox.filter((m) => m.to === guest.email)).toHaveLength(before);
    // The host changed it: the host is not notified.
    expect((await list(host)).notifications.filter((n) => n.kind === 'event_updated')).toHaveLength(0);
  });

  it('a DM read within DM_EMAIL_DELAY sends no e-mail; one left unread sends exactly one', async () => {
    const ana = await createUser(t);
    const ben = await createUser(t);
    const cy = await createUser(t);
    for (const u of [ana, ben, cy]) await verifyEmail(t, u);
    await makeFriends(t, ana, ben);
    await makeFriends(t, ana, cy);

    // Ben reads it at once.
    const sentAt = Date.now();
    expect(
      (await call('POST', '/api/messages', ana, { receiver: ben.user.id, content: 'hi Ben' })).statusCode,
    ).toBe(201);
    // Cy never reads: two messages, one e-mail.
    expect(
      (await call('POST', '/api/messages', ana, { receiver: cy.user.id, content: 'hi Cy' })).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/messages', ana, { receiver: cy.user.id, content: 'still there?' }))
        .statusCode,
    ).toBe(201);
    await eventually(async () => {
      expect((await list(ben)).notifications.map((n) => n.kind)).toEqual(['direct_message']);
    });
    expect((await call('GET', `/api/messages/${ana.user.id}`, ben)).statusCode).toBe(200);
    // The premise of the check below: Ben read within the delay.
    expect(Date.now() - sentAt).toBeLessThan(DM_DELAY_MS);
    // Reading the conversation moved the same read pointer the bell counts.
    expect((await call('GET', '/api/notifications/unread-count', ben)).json()).toEqual({ unread: 0 });

    const mail = await smtp.waitFor(cy.email, /sent you a message/, DM_DELAY_MS + 60_000);
    expect(mail.text).toContain(`/messages/${ana.user.id}`);
    // Ben's e-mail would have been due with Cy's; a second one for Cy would follow the same delay.
    await sleep(5_000);
    const dmMails = (to: string) =>
      smtp.inbox.filter((m) => m.to === to && /sent you a message/.test(m.subject));
    expect(dmMails(cy.email)).toHaveLength(1);
    expect(dmMails(ben.email)).toHaveLength(0);
  });
});

describe('visibility', () => {
  it('a person removed from a private community gets nothing about its event; the others do', async () => {
    const owner = await createUser(t);
    const stays = await createUser(t);
    const removed = await createUser(t);
    const slug = unique('club-').toLowerCase().replace(/_/g, '-').slice(0, 30);
    const created = await call('POST', '/api/communities', owner, {
      name: 'Private club',
      slug,
      visibility: 'PRIVATE',
    });
    expect(created.statusCode).toBe(201);
    const communityId = created.json().community.id as string;
    for (const u of [stays, removed]) {
      await t.db.execute(
        sql`insert into group_members (group_id, kind, user_id, role, state) values (${communityId}, 'community', ${u.user.id}, 'MEMBER', 'member')`,
      );
    }
    const eventId = await createEvent(t, owner, { communityId, visibility: 'PUBLIC' });
    await eventually(async () => {
      expect((await list(stays)).notifications.map((n) => n.kind)).toContain('community_event');
      expect((await list(removed)).notifications.map((n) => n.kind)).toContain('community_event');
    });
    for (const u of [stays, removed])
      expect((await call('POST', `/api/events/${eventId}/rsvp`, u, { status: 'going' })).statusCode).toBe(
        200,
      );
    expect(
      (await call('DELETE', `/api/communities/${slug}/members/${removed.user.id}`, owner)).statusCode,
    ).toBe(200);

    await call('PUT', `/api/events/${eventId}`, owner, { location: 'Somewhere new' });
    await eventually(async () => {
      expect((await list(stays)).notifications.map((n) => n.kind)).toContain('event_updated');
    });
    await sleep(1_500);
    expect((await list(removed)).notifications.map((n) => n.kind)).not.toContain('event_updated');

    // Per-community choice: none stops community_event notifications.
    const choice = await call('PUT', `/api/communities/${slug}/notifications`, stays, { events: 'none' });
    expect(choice.statusCode).toBe(200);
    expect(choice.json().community.viewerNotifications).toBe('none');
    expect((await call('GET', `/api/communities/${slug}`, owner)).json().community.viewerNotifications).toBe(
      'all',
    );
    expect(
      (await call('PUT', `/api/communities/${slug}/notifications`, stays, { events: 'some' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/communities/${slug}/notifications`, removed, { events: 'all' })).statusCode,
    ).toBe(403);
    await createEvent(t, owner, { communityId, title: 'Second meeting' });
    await sleep(3_000);
    expect((await list(stays)).notifications.filter((n) => n.kind === 'community_event')).toHaveLength(1);
  });
});

describe('reminder jobs', () => {
  const jobs = async (eventId: string) =>
    (
      await t.db.execute(
        sql`select state, start_after from pgboss.job where name = 'event-reminder' and data->>'eventId' = ${eventId} order by start_after`,
      )
    ).rows as { state: string; start_after: Date }[];

  it('are queued per lead time, move with the event and are cancelled with it', async () => {
    const host = await createUser(t);
    const start = new Date(Date.now() + 5 * 86_400_000);
    const eventId = await createEvent(t, host, {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    const queued = await jobs(eventId);
    expect(queued.map((j) => j.state)).toEqual(['created', 'created']);
    expect(queued.map((j) => new Date(j.start_after).getTime())).toEqual([
      start.getTime() - 24 * 3_600_000,
      start.getTime() - 3_600_000,
    ]);

    const moved = new Date(start.getTime() + 86_400_000);
    await call('PUT', `/api/events/${eventId}`, host, {
      startDate: moved.toISOString(),
      endDate: new Date(moved.getTime() + 3_600_000).toISOString(),
    });
    const after = await jobs(eventId);
    expect(after.filter((j) => j.state === 'cancelled')).toHaveLength(2);
    expect(after.filter((j) => j.state === 'created').map((j) => new Date(j.start_after).getTime())).toEqual([
      moved.getTime() - 24 * 3_600_000,
      moved.getTime() - 3_600_000,
    ]);
    // A title change moves nothing and queues nothing new.
    await call('PUT', `/api/events/${eventId}`, host, { title: 'Renamed' });
    expect(await jobs(eventId)).toHaveLength(4);

    expect((await call('DELETE', `/api/events/${eventId}`, host)).statusCode).toBe(200);
    expect((await jobs(eventId)).every((j) => j.state === 'cancelled')).toBe(true);
  });
});

describe('RSVP digest', () => {
  it('one job per event per 15-minute window, and one notification to each host naming the first and counting the rest', async () => {
    const host = await createUser(t);
    const cohost = await createUser(t);
    const guests = [];
    for (let i = 0; i < 4; i++) guests.push(await createUser(t, { username: unique(`g${i}_`) }));
    const eventId = await createEvent(t, host);
    await makeFriends(t, host, cohost);
    expect((await call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, host)).statusCode).toBe(
      200,
    );
    for (const g of guests)
      expect((await call('POST', `/api/events/${eventId}/rsvp`, g, { status: 'going' })).statusCode).toBe(
        200,
      );
    // The answers reach the digest through the outbox (decision 065): once it is handed on.
    await t.background.drain();
    const queued = (
      await t.db.execute(
        sql`select data, start_after from pgboss.job where name = 'rsvp-digest' and data->>'eventId' = ${eventId}`,
      )
    ).rows as { data: { from: string; to: string }; start_after: Date }[];
    expect(queued).toHaveLength(1);
    const window = queued[0]?.data as { from: string; to: string };
    expect(new Date(window.to).getTime() - new Date(window.from).getTime()).toBe(15 * 60_000);
    expect(new Date(queued[0]?.start_after as Date).getTime()).toBe(new Date(window.to).getTime());

    // Run the window's digest now rather than waiting for its end.
    await t.jobs.send('rsvp-digest', { eventId, ...window });
    const n = await eventually(async () => {
      const p = await list(host);
      expect(p.notifications.filter((x) => x.kind === 'rsvp')).toHaveLength(1);
      return p.notifications[0];
    });
    expect(n?.text).toBe(`${guests[0]?.user.fullName} and 3 others are going to Riverside park run`);
    expect(n?.actor?.id).toBe(guests[0]?.user.id);
    // Co-hosts get the same digest.
    const forCohost = await eventually(async () => {
      const p = await list(cohost);
      expect(p.notifications.filter((x) => x.kind === 'rsvp')).toHaveLength(1);
      return p.notifications[0];
    });
    expect(forCohost?.text).toBe(n?.text);
    await t.jobs.send('rsvp-digest', { eventId, ...window });
    await sleep(2_500);
    expect((await list(host)).notifications.filter((x) => x.kind === 'rsvp')).toHaveLength(1);
    expect((await list(cohost)).notifications.filter((x) => x.kind === 'rsvp')).toHaveLength(1);
  });

  it('a host who chose "at once" hears of each answer now; a cancellation reaches every host at once', async () => {
    const host = await createUser(t);
    const cohost = await createUser(t);
    const fan = await createUser(t, { username: unique('fan_') });
    const eventId = await createEvent(t, host);
    await makeFriends(t, host, cohost);
    expect((await call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, host)).statusCode).toBe(
      200,
    );
    const bad = await call('PUT', '/api/users/me', host, {
      notificationPreferences: { rsvpTiming: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('rsvpTiming must be "instant" or "digest"');
    const chose = await call('PUT', '/api/users/me', host, {
      notificationPreferences: { rsvpTiming: 'instant' },
    });
    expect(chose.statusCode).toBe(200);
    expect(selfUser.parse(chose.json()).notificationPreferences.rsvpTiming).toBe('instant');
    expect(
      selfUser.parse((await call('GET', '/api/users/me', cohost)).json()).notificationPreferences,
    ).toMatchObject({ rsvpTiming: 'digest', productUpdates: false });

    expect((await call('POST', `/api/events/${eventId}/rsvp`, fan, { status: 'going' })).statusCode).toBe(
      200,
    );
    const now = await eventually(async () => {
      const rsvps = (await list(host)).notifications.filter((x) => x.kind === 'rsvp');
      expect(rsvps).toHaveLength(1);
      return rsvps[0];
    });
    expect(now?.text).toBe(`${fan.user.fullName} is going to Riverside park run`);
    expect((await list(cohost)).notifications.filter((x) => x.kind === 'rsvp')).toHaveLength(0);

    // The window's digest: the co-host only (the host was told already). The answer reaches the
    // digest through the outbox (decision 065): once it is handed on.
    await t.background.drain();
    const queued = (
      await t.db.execute(
        sql`select data from pgboss.job where name = 'rsvp-digest' and data->>'eventId' = ${eventId}`,
      )
    ).rows as { data: { from: string; to: string } }[];
    await t.jobs.send('rsvp-digest', { eventId, ...(queued[0]?.data as object) });
    await eventually(async () =>
      expect((await list(cohost)).notifications.filter((x) => x.kind === 'rsvp')).toHaveLength(1),
    );

    // The fan cancels: both hosts are told at once, the digest host included.
    expect((await call('POST', `/api/events/${eventId}/rsvp`, fan, { status: 'not_going' })).statusCode).toBe(
      200,
    );
    for (const who of [host, cohost]) {
      const told = await eventually(async () => {
        const rsvps = (await list(who)).notifications.filter((x) => x.kind === 'rsvp');
        expect(rsvps).toHaveLength(2);
        return rsvps[0];
      });
      expect(told?.text).toBe(`${fan.user.fullName} can no longer come to Riverside park run`);
    }
  });
});
