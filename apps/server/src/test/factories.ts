import {
  type AuthResponse,
  communityResponse,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  GUEST_MSG,
  type RegisterBody,
  type SelfUser,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { friendships } from '../db/schema/index.ts';
import { ACCOUNT_MAIL_QUEUE } from '../modules/auth/account-mail.ts';
import { formToken, GUEST_MAIL_QUEUE } from '../modules/guests/guests.service.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import { eventually } from './eventually.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

/** A distinct client address per call, so the per-IP throttles of one test never hit another. */
export const nextIp = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new account's notification preferences, as the API shows them; nearby alerts are off until turned on. */
export const DEFAULT_NOTIFICATION_PREFERENCES = {
  securityAlerts: true,
  productUpdates: false,
  rsvpTiming: 'digest',
  email: DEFAULT_EMAIL_PREFERENCES,
  push: DEFAULT_PUSH_PREFERENCES,
  nearbyRadiusKm: null,
};

export type TestUser = AuthResponse & { password: string; email: string; auth: { authorization: string } };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `t.app.inject` as `user` (a TestUser or a Session; anonymous without one), with any more `headers`. */
export const requestAs =
  (t: TestApp) =>
  (
    method: Method,
    url: string,
    user?: Pick<TestUser, 'auth'>,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({ method, url, headers: { ...(user?.auth ?? {}), ...headers }, payload });

/**
 * A request that sets a test's data up through the API as `as`, from a new client address: the
 * JSON answer; an answer of 300 or more fails the test with what the server said.
 */
export async function requestOk<T>(
  t: TestApp,
  as: Pick<TestUser, 'auth'>,
  method: Method,
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, payload, headers: as.auth, remoteAddress: nextIp() });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** The body of a 201 answer; any other answer fails the test with what the server said. */
export function created(res: { statusCode: number; body: string; json(): unknown }, what: string): unknown {
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Registers a user through the API. `complete: true` (the default) also runs profile setup;
 * `verified: true` marks the e-mail address verified, as following the mailed link would.
 */
export async function createUser(
  t: TestApp,
  input: Partial<RegisterBody> & { complete?: boolean; verified?: boolean } = {},
): Promise<TestUser> {
  const email = input.email ?? `${unique('user')}@example.com`;
  const password = input.password ?? 'correct horse battery';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { fullName: input.fullName ?? 'Test Person', email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthResponse;
  const auth = { authorization: `Bearer ${body.accessToken}` };
  let user: SelfUser = body.user;
  if (input.complete ?? true) {
    const setup = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth,
      payload: { username: input.username ?? unique('u_'), roles: input.roles ?? ['Member'] },
    });
    if (setup.statusCode !== 200) throw new Error(`profile setup failed: ${setup.statusCode} ${setup.body}`);
    user = setup.json() as SelfUser;
  }
  if (input.verified) await verifyEmail(t, { user });
  return { ...body, user, password, email: email.toLowerCase(), auth };
}

type UserInput = Parameters<typeof createUser>[1];

/**
 * People made once for a file (or a describe), in a beforeAll after the app's, one for each input
 * (`createUser`'s), their e-mails verified when asked. Like `useTestApp`, each stands for its
 * TestUser and may be used once the tests run.
 */
export function useUsers<N extends number>(t: TestApp, count: N, options?: { verified?: boolean }): Users<N>;
export function useUsers<const P extends readonly UserInput[]>(
  t: TestApp,
  people: P,
  options?: { verified?: boolean },
): { -readonly [K in keyof P]: TestUser };
export function useUsers(
  t: TestApp,
  people: number | readonly UserInput[],
  options: { verified?: boolean } = {},
): TestUser[] {
  const inputs = typeof people === 'number' ? Array.from({ length: people }, () => ({})) : people;
  const made: TestUser[] = [];
  beforeAll(async () => {
    for (const input of inputs) made.push(await createUser(t, { verified: options.verified, ...input }));
  });
  return inputs.map((_, i) => {
    const current = () => {
      const user = made[i];
      if (!user) throw new Error('a user of useUsers is used before its beforeAll has run');
      return user;
    };
    return new Proxy({} as TestUser, {
      get: (_, key) => Reflect.get(current(), key),
      has: (_, key) => Reflect.has(current(), key),
      ownKeys: () => Reflect.ownKeys(current()),
      getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(current(), key),
    });
  });
}

export type Session = { accessToken: string; refreshToken: string; auth: { authorization: string } };

/** Signs an existing user in once more: a second, independent session. */
export async function signIn(t: TestApp, user: { email: string; password: string }): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { identifier: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthResponse;
  return {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    auth: { authorization: `Bearer ${body.accessToken}` },
  };
}

/**
 * Waits until every account e-mail queued so far (only those to `to`, when given) has been sent or
 * has failed for good. Naming the address keeps a test from waiting on mail that tests running
 * beside it keep queueing.
 */
export async function accountMailSent(t: TestApp, to?: string): Promise<void> {
  const address = to?.toLowerCase() ?? null;
  await eventually(async () => {
    const queued = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job
          where name = ${ACCOUNT_MAIL_QUEUE} and state < 'completed'
            and (${address}::text is null or coalesce(data->>'email', data->>'to') = ${address})`,
    );
    if (queued.rows[0]!.n > 0) throw new Error('account e-mails still queued');
  });
}

/** Every mail sent so far to `to` (after queued account e-mails and the background queue), oldest first. */
export async function mailsTo(t: TestApp, to: string, subject?: string) {
  await accountMailSent(t, to);
  await t.background.drain();
  return t.sent.filter((m) => m.to === to.toLowerCase() && (subject === undefined || m.subject === subject));
}

/** Waits until a mail to `to` matches `match` (see `mailsTo`), and gives the first that does. */
export async function mailMatching(t: TestApp, to: string, match: (mail: MailMessage) => boolean) {
  return eventually(async () => {
    const found = (await mailsTo(t, to)).find(match);
    expect(found).toBeDefined();
    return found;
  });
}

/** The person's in-app notifications of one kind, newest first, once background work has settled. */
export async function notificationsOf(t: TestApp, user: TestUser, kind: string) {
  await t.background.drain();
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: user.auth });
  if (res.statusCode !== 200) throw new Error(`GET /api/notifications: ${res.statusCode} ${res.body}`);
  const body = res.json() as { notifications: { kind: string; text: string; url: string }[] };
  return body.notifications.filter((n) => n.kind === kind);
}

/** Waits until the person has exactly one in-app notification of the kind, and gives it. */
export async function onlyNotificationOf(t: TestApp, user: TestUser, kind: string) {
  return eventually(async () => {
    const list = await notificationsOf(t, user, kind);
    expect(list).toHaveLength(1);
    return list[0];
  });
}

/** The token of the newest mail to `to` that carries a link. */
export async function lastTokenTo(t: TestApp, to: string, subject?: string): Promise<string> {
  const link = (await mailsTo(t, to, subject)).filter((m) => m.link).at(-1)?.link;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no mail with a token to ${to}`);
  return token;
}

/**
 * The server's own route table, read from `printRoutes()` (its radix tree: each line adds its
 * segment to its parent's; the flat `commonPrefix: false` form loses wildcard prefixes). HEAD
 * routes, which Fastify adds for every GET, are left out. Tests that must cover every route
 * compare their tables with this.
 */
export function listRoutes(app: { printRoutes(): string }): { method: string; url: string }[] {
  const prefixes: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + match[2];
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** Makes two users friends directly in the database (both directions, as the app stores it). */
export async function makeFriends(t: TestApp, a: TestUser, b: TestUser): Promise<void> {
  await t.db.insert(friendships).values([
    { userId: a.user.id, friendId: b.user.id },
    { userId: b.user.id, friendId: a.user.id },
  ]);
}

const DAY = 24 * 60 * 60 * 1000;

/** A valid event body; dates default to a two-hour event a week from now. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 7 * DAY);
  return {
    title: 'Riverside park run',
    description: 'An easy 5 km around the park, all paces welcome.',
    location: 'Riverside Park, north gate',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
    isFree: true,
    visibility: 'PUBLIC',
    recurrence: 'WEEKLY',
    status: 'LIVE',
    tags: ['Running', 'Outdoors'],
    ...overrides,
  };
}

/** A valid weekly series body (Europe/Berlin, 90 minutes) whose first date starts `startsIn` ms from now. */
export function seriesBody(overrides: Record<string, unknown> = {}, startsIn = DAY + 3_600_000) {
  const start = new Date(Date.now() + startsIn);
  return {
    title: 'Thursday run',
    description: 'Five easy kilometres.',
    location: 'Riverside Park',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 90 * 60_000).toISOString(),
    timeZone: 'Europe/Berlin',
    freq: 'weekly',
    ...overrides,
  };
}

/** `N` users, one `TestUser` each. */
type Users<N extends number, A extends TestUser[] = []> = A['length'] extends N
  ? A
  : Users<N, [...A, TestUser]>;

/** `count` users registered at once. */
export async function createUsers<N extends number>(
  t: TestApp,
  count: N,
  input: UserInput = {},
): Promise<Users<N>> {
  const users = await Promise.all(Array.from({ length: count }, () => createUser(t, input)));
  // As many as `count`: the tuple type only says so.
  return users as Users<N>;
}

/** `count` users registered at once, each with a verified e-mail address (publishing needs one). */
export const verifiedUsers = <N extends number>(t: TestApp, count: N) =>
  createUsers(t, count, { verified: true });

/** Marks the user's e-mail address verified, as following the link in the mail would. */
export async function verifyEmail(t: TestApp, user: { user: { id: string } }): Promise<void> {
  await t.db.execute(
    sql`update users set email_verified_at = now() where id = ${user.user.id} and email_verified_at is null`,
  );
}

/**
 * Creates an event through the API and returns its id. Publishing needs a verified e-mail, so
 * for anything but a draft the organizer's address is verified first.
 */
export async function createEvent(
  t: TestApp,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  if (eventBody(overrides).status !== 'DRAFT') await verifyEmail(t, user);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: user.auth,
    payload: eventBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create event failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { event: { id: string } }).event.id;
}

/** Creates a community through the API as `by`, named "Club …" unless `body` names it: the community. */
export async function createCommunity(
  t: TestApp,
  by: Pick<TestUser, 'auth'>,
  body: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/communities',
    headers: by.auth,
    payload: { name: unique('Club '), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return communityResponse.parse(res.json()).community;
}

/** Saves `profileImage` (an upload's public URL, or null) as the user's profile picture. */
export const saveProfileImage = (t: TestApp, user: TestUser, profileImage: string | null) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me', headers: user.auth, payload: { profileImage } });

/** Changes an event through the API (`PUT /api/events/:id`) as `user`. */
export const updateEvent = (t: TestApp, user: TestUser, eventId: string, changes: object) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${eventId}`, headers: user.auth, payload: changes });

/** Uploads a small PNG as `user` through a signed URL; returns its public URL. */
export async function uploadImage(
  t: TestApp,
  user: { auth: { authorization: string } },
  folder: 'profile-image' | 'event-image' = 'profile-image',
): Promise<string> {
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/upload/signed-url',
    headers: user.auth,
    payload: { fileName: 'picture.png', fileType: 'image/png', folder },
  });
  if (signed.statusCode !== 201) throw new Error(`signed url failed: ${signed.statusCode} ${signed.body}`);
  const { signedUrl, publicUrl } = signed.json() as { signedUrl: string; publicUrl: string };
  const { pathname, search } = new URL(signedUrl, t.config.publicUrl);
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const put = await t.app.inject({
    method: 'PUT',
    url: `${pathname}${search}`,
    headers: { 'content-type': 'image/png' },
    payload: png,
  });
  if (put.statusCode !== 200) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  return publicUrl;
}

/** Follows the newest verification link sent to `address` (the account's own or a new one). */
export async function followVerificationLink(t: TestApp, address: string): Promise<void> {
  const token = await lastTokenTo(t, address);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: nextIp(),
    payload: { token },
  });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}

/** A guest form rendered a minute ago (past its "too fast" check), signed by the test app's link signer. */
export const renderedGuestForm = (t: TestApp, eventId: string) =>
  formToken(t.links, eventId, Date.now() - 60_000);

/**
 * Every guest e-mail owed so far has been sent; then the ones to `to`, oldest first. Some are
 * queued by a subscriber (a place offered to a guest, decision 065): the domain events and their
 * subscribers are waited for first, then the guest mail queue.
 */
export async function guestMailsTo(t: TestApp, to: string) {
  await t.background.drain();
  await eventually(async () => {
    const queued = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${GUEST_MAIL_QUEUE} and state < 'completed'`,
    );
    if ((queued.rows[0]?.n ?? 0) > 0) throw new Error('guest e-mails still queued');
  });
  return t.sent.filter((m) => m.to === to);
}

/**
 * A guest form's guards (decision 040), through `send` (the form's request with `body` over its
 * defaults, which mail to `email`): a honeypot hit and a form sent too fast are dropped without a
 * word (202, no mail, nothing stored); a forged, a day-old or another form's token (`otherFormId`)
 * is refused with 400.
 */
export async function expectGuestFormGuards(
  t: TestApp,
  o: {
    send: (body: Record<string, unknown>) => Promise<{ statusCode: number; json(): { message?: unknown } }>;
    email: string;
    formId: string;
    otherFormId: string;
  },
) {
  const secret = t.links;
  expect((await o.send({ website: 'http://spam.example' })).statusCode).toBe(202);
  expect((await o.send({ formToken: formToken(secret, o.formId, Date.now()) })).statusCode).toBe(202);
  expect(await guestMailsTo(t, o.email)).toHaveLength(0);
  const stored = await t.db.execute(sql`select 1 from event_guests where email = ${o.email}`);
  expect(stored.rows).toHaveLength(0);

  const forged = await o.send({ formToken: `${Date.now() - 60_000}.forged` });
  expect(forged.statusCode).toBe(400);
  expect(forged.json().message).toBe(GUEST_MSG.formExpired);
  const old = await o.send({ formToken: formToken(secret, o.formId, Date.now() - 25 * 3600_000) });
  expect(old.statusCode).toBe(400);
  const elsewhere = await o.send({ formToken: renderedGuestForm(t, o.otherFormId) });
  expect(elsewhere.statusCode).toBe(400);
}

const tokenOf = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';

/** Answers an event without an account (decision 040): the token of the confirmation link mailed. */
export async function guestConfirmToken(t: TestApp, eventId: string, email: string, body: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/guest-rsvps`,
    remoteAddress: nextIp(),
    payload: { name: 'Robin Guest', email, formToken: renderedGuestForm(t, eventId), ...body },
  });
  if (res.statusCode !== 202) throw new Error(`guest answer failed: ${res.statusCode} ${res.body}`);
  return tokenOf((await guestMailsTo(t, email)).filter((m) => m.subject.startsWith('Confirm')).at(-1)?.link);
}

/**
 * A visitor's answers to a date poll that takes guest votes (decision 056): the confirmation
 * token mailed to `email` (the form token is the guest form's, signed over the poll's id).
 */
export async function guestVoteConfirmToken(
  t: TestApp,
  pollId: string,
  email: string,
  votes: Record<string, string>,
  body: object = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/polls/${pollId}/guest-votes`,
    remoteAddress: nextIp(),
    payload: { name: 'Robin Guest', email, votes, formToken: renderedGuestForm(t, pollId), ...body },
  });
  if (res.statusCode !== 202) throw new Error(`guest vote failed: ${res.statusCode} ${res.body}`);
  return tokenOf((await guestMailsTo(t, email)).filter((m) => m.subject.startsWith('Confirm')).at(-1)?.link);
}

/** A guest's poll answers, confirmed: their manage token and the poll as they see it. */
export async function guestVote(t: TestApp, pollId: string, email: string, votes: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guest-votes/confirm',
    remoteAddress: nextIp(),
    payload: { token: await guestVoteConfirmToken(t, pollId, email, votes) },
  });
  if (res.statusCode !== 200) throw new Error(`guest vote confirm failed: ${res.statusCode} ${res.body}`);
  return res.json() as { manageToken: string; name: string; poll: { voterCount: number } };
}

/** Follows a guest's confirmation link (the token it carries). */
export const confirmGuest = (t: TestApp, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/guest-rsvps/confirm',
    remoteAddress: nextIp(),
    payload: { token },
  });

/** Answers as a guest and follows the confirmation link: the answer and its manage token. */
export async function guestAnswer(t: TestApp, eventId: string, email: string, body: object = {}) {
  const res = await confirmGuest(t, await guestConfirmToken(t, eventId, email, body));
  if (res.statusCode !== 200) throw new Error(`guest confirm failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    manageToken: string;
    rsvp: { status: string; ticket: string | null; doorCode: string | null };
  };
}
