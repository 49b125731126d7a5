import { MSG, NOTIFICATION_GROUPS, NOTIFICATION_KINDS, type NotificationKind } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createEvent,
  createUser,
  mailsTo,
  makeFriends,
  type TestUser,
  unique,
} from '../../test/factories.ts';
import { closeSockets, collect, listen, openSocket, settle } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';
import { fakeBrowser, startPushService } from '../push/push-test-service.ts';

/**
 * A block either way silences the blocked person's notifications to the blocker on
 * every kind and every channel (in the app, live on the socket, by push and by e-mail).
 */

const t = useTestApp({ env: { DM_EMAIL_DELAY: '1s' } });
let push: Awaited<ReturnType<typeof startPushService>>;
let base: string;

beforeAll(async () => {
  push = await startPushService();
  base = await listen(t);
});
afterAll(async () => {
  closeSockets();
  await push.close();
});

const call = (method: 'POST' | 'GET' | 'PUT', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, payload });

/** Someone reachable on every channel: verified e-mail, every e-mail group on, a browser, a socket. */
async function reachable() {
  const user = await createUser(t, { username: unique('r_'), verified: true });
  const all = Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, true]));
  const prefs = await call('PUT', '/api/users/me', user, {
    notificationPreferences: { email: all, push: all },
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  const browser = await call('POST', '/api/push/subscriptions', user, {
    endpoint: push.endpoint(user.user.id),
    expirationTime: null,
    keys: fakeBrowser().keys,
  });
  expect(browser.statusCode, browser.body).toBe(201);
  const socket = await openSocket(base, user.accessToken);
  return { user, live: collect<{ text: string }>(socket, 'notification') };
}

/** Notification e-mails only (not the address confirmation sent at sign-up). */
const mailsOf = async (user: TestUser) =>
  (await mailsTo(t, user.email)).filter((m) => m.subject !== 'Confirm your email address');
const pushesTo = (user: TestUser) => push.received.filter((r) => r.path === `/push/${user.user.id}`);
const inApp = async (user: TestUser) =>
  ((await call('GET', '/api/notifications?limit=100', user)).json() as { notifications: { text: string }[] })
    .notifications;

async function block(blocker: TestUser, blocked: TestUser) {
  const res = await call('POST', `/api/users/${blocked.user.id}/block`, blocker);
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('blocks silence notifications', () => {
  it('an @mention by someone the recipient blocked reaches them nowhere; a friend’s arrives everywhere', async () => {
    const { user: blocker, live } = await reachable();
    const blocked = await createUser(t, { username: unique('b_') });
    const friend = await createUser(t, { username: unique('f_') });
    const host = await createUser(t);
    const eventId = await createEvent(t, host);
    await block(blocker, blocked);

    const say = async (who: TestUser, content: string) =>
      expect((await call('POST', `/api/event-messages/${eventId}`, who, { content })).statusCode).toBe(201);
    await say(blocked, `psst @${blocker.user.username} from the blocked one`);
    await say(friend, `hi @${blocker.user.username} from a friend`);

    // The friend's mention arrives on all four channels; only then is absence meaningful.
    await eventually(async () => {
      expect((await inApp(blocker)).map((n) => n.text)).toEqual([expect.stringContaining('from a friend')]);
      expect(live.map((n) => n.text)).toEqual([expect.stringContaining('from a friend')]);
      expect(pushesTo(blocker)).toHaveLength(1);
      expect(await mailsOf(blocker)).toHaveLength(1);
    });
    expect((await mailsOf(blocker))[0]?.text).toContain('from a friend');
  });

  it('the other way too: someone who blocked a person cannot notify them', async () => {
    const { user: recipient, live } = await reachable();
    const blocker = await createUser(t, { username: unique('b_') });
    await block(blocker, recipient);
    // A friend request is refused outright between them; the one notify() path drops it anyway.
    const dto = await t.notifications.notify({
      userId: recipient.user.id,
      kind: 'friend_request',
      actorId: blocker.user.id,
      subject: { type: 'user', id: blocker.user.id },
      text: 'from the blocker',
      url: '/friends',
    });
    expect(dto).toBeNull();
    await settle();
    expect(await inApp(recipient)).toHaveLength(0);
    expect(live).toHaveLength(0);
  });

  // Every kind that has an actor goes through notifyMany; each is dropped, for one and for many.
  it.each(NOTIFICATION_KINDS.map((kind) => [kind]) as [NotificationKind][])(
    '%s from a blocked actor is stored, emitted and queued for nobody who blocked them',
    async (kind) => {
      const { user: blocker, live } = await reachable();
      const { user: bystander, live: bystanderLive } = await reachable();
      const actor = await createUser(t);
      await block(blocker, actor);
      const created = await t.notifications.notifyMany(
        {
          userIds: [blocker.user.id, bystander.user.id],
          kind,
          actorId: actor.user.id,
          subject: { type: 'user', id: actor.user.id },
          text: `${kind} by the blocked actor`,
          url: '/dashboard',
        },
        { subjectChecked: true },
      );
      expect(created.map((n) => n.text)).toEqual([`${kind} by the blocked actor`]);
      // The bystander gets it on every channel (a direct message's e-mail is only for a real,
      // unread message: tested below).
      await eventually(async () => {
        expect(bystanderLive).toHaveLength(1);
        expect(pushesTo(bystander)).toHaveLength(1);
        if (kind !== 'direct_message') expect(await mailsOf(bystander)).toHaveLength(1);
      });
      expect(await inApp(blocker)).toHaveLength(0);
      expect(live).toHaveLength(0);
      expect(pushesTo(blocker)).toHaveLength(0);
      expect(await mailsOf(blocker)).toHaveLength(0);
      const queued = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications where user_id = ${blocker.user.id}`,
      );
      expect(queued.rows[0]?.n).toBe(0);
    },
  );

  it('a direct message’s delayed e-mail is dropped when a block comes before it is sent', async () => {
    const { user: recipient } = await reachable();
    const sender = await createUser(t);
    await makeFriends(t, sender, recipient);
    const sent = await call('POST', '/api/messages', sender, {
      receiver: recipient.user.id,
      content: 'a message before the block',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await eventually(async () => expect(await inApp(recipient)).toHaveLength(1));
    await block(recipient, sender);
    // A control e-mail sent after the DM's delay tells when the delayed one would have gone.
    const control = await createUser(t);
    await new Promise((r) => setTimeout(r, 1_100));
    await t.notifications.notify({
      userId: recipient.user.id,
      kind: 'mention',
      actorId: control.user.id,
      subject: { type: 'user', id: control.user.id },
      text: 'the control',
      url: '/dashboard',
    });
    await eventually(async () => expect(await mailsOf(recipient)).toHaveLength(1));
    await settle(1_000);
    expect((await mailsOf(recipient)).map((m) => m.text)).toEqual([expect.stringContaining('the control')]);
  });

  it('a blocked person cannot invite the blocker to a community (403, nothing sent)', async () => {
    const blocker = await createUser(t);
    const owner = await createUser(t, { verified: true });
    const made = await call('POST', '/api/communities', owner, { name: unique('Block club ') });
    expect(made.statusCode, made.body).toBe(201);
    const { slug } = (made.json() as { community: { slug: string } }).community;
    await block(blocker, owner);
    const res = await call('POST', `/api/communities/${slug}/invites`, owner, { userId: blocker.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.contactUnavailable);
    expect(await inApp(blocker)).toHaveLength(0);
    // Either way round.
    const other = await createUser(t);
    await block(owner, other);
    const back = await call('POST', `/api/communities/${slug}/invites`, owner, { userId: other.user.id });
    expect(back.statusCode).toBe(403);
  });
});
