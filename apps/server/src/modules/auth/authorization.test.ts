import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  createUsers,
  eventBody,
  guestAnswer,
  guestConfirmToken,
  guestVote,
  guestVoteConfirmToken,
  lastTokenTo,
  listRoutes,
  makeFriends,
  nextIp,
  renderedGuestForm,
  requestOk,
  signIn,
  type TestUser,
  unique,
  uploadImage,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { neverInviteToken } from '../club-io/club-io.service.ts';
import { neverToken } from '../guests/guests.service.ts';
import { unsubscribeToken } from '../notifications/unsubscribe.ts';
import { fakeBrowser } from '../push/push-test-service.ts';

/**
 * QUALITY security 1: every route of the app, enumerated from its own route table, called as
 * {anonymous, another user, the owner, a platform admin}, with the status each must answer.
 * A route missing from MATRIX fails the first test. Requests carry valid bodies, so the status
 * says what the caller may do, not what the validator thinks of the body.
 */

// Federation on (decision 072), so its organiser routes are in the route table too.
const t = useTestApp({ env: { FEDERATION: 'true' } });
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
});

const ACTORS = ['anonymous', 'other', 'owner', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type EventKind = 'public' | 'private' | 'draft';
/**
 * The owner of the object in the path or body (for events: the organizer), another plain user
 * (no friend of the owner), and a platform admin. `event(kind)` creates one event of the owner's
 * on first use.
 */
type World = {
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  event: (kind: EventKind) => Promise<string>;
  /** A friend of the owner who has sent the owner a direct message. */
  friend: () => Promise<{ user: TestUser; messageId: string }>;
  /** Someone who has sent the owner a friend request. */
  requester: () => Promise<TestUser>;
  /** Someone the owner has sent a friend request to. */
  invitee: () => Promise<TestUser>;
  /** A message of the owner's in the chat of one of the owner's events. */
  eventMessage: (kind: EventKind) => Promise<string>;
  /** A friend group the owner created, with the owner's friend in it. */
  friendGroup: () => Promise<string>;
  /** A sub-group of one of the owner's events, with the owner's friend in it. */
  subgroup: (kind: 'public' | 'private') => Promise<string>;
  /** A community the owner created (OPEN), with the owner's friend as a member: its slug and id. */
  community: (kind: 'public' | 'private') => Promise<{ slug: string; id: string }>;
  /** A weekly series of the owner's: all drafts, or with its first occurrence confirmed. */
  series: (kind: 'draft' | 'confirmed') => Promise<{ id: string; occurrenceId: string }>;
  /** A message of the owner's in the general chat. */
  generalMessage: () => Promise<string>;
  /** A message of the owner's friend in the chat of the owner's public event or community. */
  guestMessage: (room: 'event' | 'community') => Promise<string>;
};
type Call = Omit<InjectOptions, 'headers' | 'remoteAddress'> & { headers?: Record<string, string> };
type Row = {
  /** Which object the row is about, when a route has several rows. */
  label?: string;
  /** The request `as` makes. Called once per cell, so single-use tokens can be fresh. */
  request: (w: World, as: TestUser | undefined) => Call | Promise<Call>;
  expect: Record<Actor, number>;
  /** The response carries the owner's own data even for the other actors (they sent the owner's credentials). */
  ownersData?: boolean;
  /** More checks on a response, beyond its status. */
  check?: (res: { json(): unknown }, actor: Actor, w: World) => void;
};

const PUBLIC_200 = { anonymous: 200, other: 200, owner: 200, admin: 200 };
const NOBODY_404 = { anonymous: 404, other: 404, owner: 404, admin: 404 };
const EVERYONE_403 = { anonymous: 403, other: 403, owner: 403, admin: 403 };
const SIGNED_IN_200 = { anonymous: 401, other: 200, owner: 200, admin: 200 };
const ONLY_OWNER = { anonymous: 401, other: 403, owner: 200, admin: 403 };
const ONLY_ADMIN = { anonymous: 401, other: 403, owner: 403, admin: 200 };
/** Another user's private or draft event is not there for them: 404, never 403. */
const HIDDEN = { anonymous: 401, other: 404, owner: 200, admin: 404 };
const HIDDEN_PUBLICLY = { anonymous: 404, other: 404, owner: 200, admin: 404 };
/** The web app's pages, in an app built without the web app. */
const NO_WEB_APP = { anonymous: 404, other: 404, owner: 404, admin: 404 };
const PRIVATE_TITLE = unique('Secret supper ');
const NEW_PASSWORD = 'a different password 1';

const get = (url: string) => (): Call => ({ method: 'GET', url });
/** The session id an access token is bound to (its `sid` claim). */
const sessionOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
const DM_TEXT = unique('a private note ');
const GROUP_NAME = unique('Close friends ');
const SUBGROUP_NAME = unique('Carpool ');
const COMMUNITY_NAME = unique('Allotment society ');

/** A browser's PushSubscription JSON with fresh keys, for an endpoint on a made-up push service. */
function pushBody(name: string) {
  const { keys } = fakeBrowser();
  const endpoint = name.startsWith('https:') ? name : `https://push.example.net/${name}`;
  return { endpoint, expirationTime: null, keys };
}

const api = (as: TestUser, method: 'POST' | 'PUT', url: string, payload: object) =>
  requestOk<{ id: string }>(t, as, method, url, payload);

/** The response, as text, mentions `needle` exactly when `actor` is the owner. */
const onlyOwnerSees = (needle: string) => (res: { json(): unknown }, actor: Actor) => {
  expect(JSON.stringify(res.json()).includes(needle), `${actor} sees the owner's data`).toBe(
    actor === 'owner',
  );
};

/** A multipart body with one PNG file part, as a browser form sends it. */
function multipart(field: string, bytes: Buffer) {
  const boundary = `----townsquare${unique('b')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function signedPut(w: World): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/signed-url',
    headers: w.owner.auth,
    payload: { fileName: 'a.png', fileType: 'image/png', folder: 'profile-image' },
  });
  const { pathname, search } = new URL(
    (res.json() as { signedUrl: string }).signedUrl,
    'http://townsquare.test',
  );
  return `${pathname}${search}`;
}

async function resetToken(w: World): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: w.owner.email },
    remoteAddress: nextIp(),
  });
  return lastTokenTo(t, w.owner.email, 'Reset your Townsquare password');
}

const eventRows = (
  path: (id: string) => string,
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  expect: Record<EventKind, Record<Actor, number>>,
  payload?: object,
): Row[] =>
  (['public', 'private', 'draft'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w) => ({ method, url: path(await w.event(kind)), ...(payload ? { payload } : {}) }),
    expect: expect[kind],
  }));

/** One row for a public and one for a private community of the owner's: `/api/communities/:slug<suffix>`. */
const communityRows = (
  suffix: string,
  method: 'GET' | 'POST',
  expect: Record<'public' | 'private', Record<Actor, number>>,
  payload?: object,
): Row[] =>
  (['public', 'private'] as const).map((kind) => ({
    label: `${kind} community`,
    request: async (w) => ({
      method,
      url: `/api/communities/${(await w.community(kind)).slug}${suffix}`,
      ...(payload ? { payload } : {}),
    }),
    expect: expect[kind],
  }));
/** A public community's is public; a private one's is for its members. */
const MEMBERS_WHEN_PRIVATE = {
  public: PUBLIC_200,
  private: { anonymous: 403, other: 403, owner: 200, admin: 403 },
};

/** Only the group's creator or organizer may; strangers do not learn that it exists. */
const GROUP_OWNER_201 = { anonymous: 401, other: 404, owner: 201, admin: 404 };
const ONLY_OWNER_201 = { anonymous: 401, other: 403, owner: 201, admin: 403 };

/** The sub-group routes that exist under both path families. */
function subgroupRows(base: string): Record<string, Row | Row[]> {
  const friendId = async (w: World) => (await w.friend()).user.user.id;
  return {
    [`POST ${base}`]: (['public', 'private'] as const).map((kind) => ({
      label: `in a ${kind} event`,
      request: async (w: World) => ({
        method: 'POST',
        url: base,
        payload: { eventId: await w.event(kind), name: 'Riders', members: [] },
      }),
      // Only the organizer creates sub-groups; a private event of others is not there at all.
      expect: kind === 'public' ? ONLY_OWNER_201 : { ...HIDDEN, owner: 201 },
    })),
    [`PUT ${base}/:id`]: {
      request: async (w) => ({
        method: 'PUT',
        url: `${base}/${await w.subgroup('public')}`,
        payload: { name: 'Renamed' },
      }),
      expect: HIDDEN,
    },
    [`DELETE ${base}/:id`]: {
      request: async (w) => ({ method: 'DELETE', url: `${base}/${await w.subgroup('public')}` }),
      expect: HIDDEN,
    },
    [`POST ${base}/:id/members`]: {
      request: async (w) => ({
        method: 'POST',
        url: `${base}/${await w.subgroup('public')}/members`,
        payload: { memberId: await friendId(w) },
      }),
      expect: GROUP_OWNER_201,
    },
    [`DELETE ${base}/:id/members/:memberId`]: {
      request: async (w) => ({
        method: 'DELETE',
        url: `${base}/${await w.subgroup('public')}/members/${await friendId(w)}`,
      }),
      expect: HIDDEN,
    },
  };
}

/** An event's sub-groups: only those the caller belongs to; a private event of others is not there. */
const subgroupListRows = (path: (eventId: string) => string): Row[] =>
  (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => {
      await w.subgroup(kind);
      return { method: 'GET', url: path(await w.event(kind)) };
    },
    // Signed out: an empty list for any event (contract §10 item 22).
    expect: kind === 'public' ? PUBLIC_200 : { ...HIDDEN, anonymous: 200 },
    check: onlyOwnerSees(SUBGROUP_NAME),
  }));

const POLL_TITLE = unique('Which Saturday ');

function pollBody(extra: Record<string, unknown> = {}) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  return {
    title: POLL_TITLE,
    closesAt: day(2),
    options: [
      { startsAt: day(7), endsAt: day(7.1) },
      { startsAt: day(14), endsAt: day(14.1) },
    ],
    ...extra,
  };
}

/** A new poll of `owner` (in the community when given, or taking guest votes): its id and first date. */
async function newPoll(owner: TestUser, communityId?: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/polls',
    headers: owner.auth,
    payload: pollBody({ ...(communityId ? { communityId } : {}), ...extra }),
  });
  const { poll } = res.json() as { poll: { id: string; options: { id: string }[] } };
  return { id: poll.id, optionId: poll.options[0]?.id ?? '' };
}

/**
 * A fresh poll per call (deleting and finalising are once only): a link poll and a private
 * community's, and a link poll taking guest votes (decision 056) when `guests` is expected.
 */
const pollRows = (
  call: (pollId: string, optionId: string) => Call,
  expect: Record<'link' | 'community', Record<Actor, number>> & { guests?: Record<Actor, number> },
): Row[] =>
  (['link', 'community', 'guests'] as const)
    .filter((kind) => expect[kind])
    .map((kind) => ({
      label: `${kind} poll`,
      request: async (w) => {
        const poll = await newPoll(
          w.owner,
          kind === 'community' ? (await w.community('private')).id : undefined,
          kind === 'guests' ? { allowGuestVotes: true } : {},
        );
        return call(poll.id, poll.optionId);
      },
      expect: expect[kind] ?? NOBODY_404,
    }));

/** A confirmed guest's manage link of a fresh poll taking guest votes. */
async function guestVoteLink(owner: TestUser) {
  const poll = await newPoll(owner, undefined, { allowGuestVotes: true });
  const { manageToken } = await guestVote(t, poll.id, `${unique('g')}@example.com`, {
    [poll.optionId]: 'yes',
  });
  return { ...poll, manageToken };
}

/** A fresh sign-up item per call, on the owner's public or private event. */
const signupRows = (
  call: (eventId: string, itemId: string) => Call,
  expect: Record<'public' | 'private', Record<Actor, number>>,
): Row[] =>
  (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w) => {
      const eventId = await w.event(kind);
      const item = (await api(w.owner, 'POST', `/api/events/${eventId}/signups`, {
        name: 'Cups',
        quantity: 5,
      })) as {
        id?: string;
        item?: { id: string };
      };
      return call(eventId, item.item?.id ?? '');
    },
    expect: expect[kind],
  }));

/**
 * Albums and recaps (decision 075) need an event that has started: the owner's public or private
 * event, moved an hour into the past (each case has its own world).
 */
async function startedEvent(w: World, kind: 'public' | 'private'): Promise<string> {
  const id = await w.event(kind);
  await t.db.execute(
    sql`update events set start_date = now() - interval '1 hour', end_date = now() + interval '1 hour' where id = ${id}`,
  );
  return id;
}

/** A photo the owner added to their started event. */
async function ownersPhoto(w: World, kind: 'public' | 'private') {
  const eventId = await startedEvent(w, kind);
  const imageUrl = await uploadImage(t, w.owner, 'event-image');
  const { photo } = await requestOk<{ photo: { id: string } }>(
    t,
    w.owner,
    'POST',
    `/api/events/${eventId}/album`,
    {
      imageUrl,
    },
  );
  return { eventId, photoId: photo.id };
}

const RECAP_TITLE = unique('How the run went ');
const recapsMade = new WeakMap<World, Map<string, Promise<string>>>();
/** The owner's recap of their started event (one per author and event: made once per world). */
function ownersRecap(w: World, kind: 'public' | 'private' | 'community'): Promise<string> {
  const made = recapsMade.get(w) ?? new Map<string, Promise<string>>();
  recapsMade.set(w, made);
  if (!made.has(kind))
    made.set(
      kind,
      (async () => {
        let eventId: string;
        if (kind === 'community') {
          eventId = await createEvent(t, w.owner, { communityId: (await w.community('public')).id });
          await t.db.execute(
            sql`update events set start_date = now() - interval '1 hour' where id = ${eventId}`,
          );
        } else eventId = await startedEvent(w, kind);
        const { recap } = await requestOk<{ recap: { id: string } }>(
          t,
          w.owner,
          'POST',
          `/api/events/${eventId}/recaps`,
          { title: RECAP_TITLE, body: 'Everyone finished.' },
        );
        return recap.id;
      })(),
    );
  return made.get(kind) as Promise<string>;
}

const ALBUM_ADD = {
  public: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  private: { ...HIDDEN, owner: 201 },
};

/** A public event's album and recaps are for everyone; another's private event is not there. */
const ALBUM_READ = { public: PUBLIC_200, private: HIDDEN_PUBLICLY, draft: HIDDEN_PUBLICLY };

/** A one-event calendar as an uploaded `.ics` file. */
function icsUpload() {
  const boundary = `----townsquare${unique('b')}`;
  const ics =
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:matrix-1\r\nDTSTART:20301201T100000Z\r\nSUMMARY:Matrix\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.ics"\r\nContent-Type: text/calendar\r\n\r\n${ics}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An import into the owner's public community, started by the owner. */
async function ownersImport(w: World): Promise<string> {
  const slug = (await w.community('public')).slug;
  const upload = icsUpload();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/communities/${slug}/imports`,
    headers: { ...w.owner.auth, ...upload.headers },
    payload: upload.payload,
  });
  return (res.json() as { import: { id: string } }).import.id;
}

/** A finished export of the owner's public community (as a job makes one). */
async function ownersExport(w: World): Promise<string> {
  const { id } = await w.community('public');
  const exportId = crypto.randomUUID();
  await t.db.execute(
    sql`insert into community_exports (id, community_id, requested_by, state, file, finished_at)
        values (${exportId}, ${id}, ${w.owner.user.id}, 'done', ${Buffer.from('PK')}, now())`,
  );
  return exportId;
}

/** A package a community offers sponsors (decision 074). */
const SPONSOR_PACKAGE = {
  name: 'Silver',
  benefits: ['logo_on_club_page'],
  contribution: 'money',
  amountMinor: 50_000,
  currency: 'EUR',
  period: 'year',
};

/** The owner holds the Sponsor role (as well as organising their communities). */
async function asSponsor(w: World) {
  await api(w.owner, 'PUT', '/api/users/me', { roles: ['Member', 'Sponsor'] });
}

const sponsorSetups = new WeakMap<
  World,
  Promise<{ sponsorId: string; slug: string; packageId: string; sponsorshipId: string }>
>();
/**
 * The owner's business, their public community looking for sponsors with one package, and the
 * business's proposal of a second package (made once per world).
 */
function sponsorSetup(w: World) {
  const made =
    sponsorSetups.get(w) ??
    (async () => {
      await asSponsor(w);
      await api(w.owner, 'PUT', '/api/sponsors/me', { name: 'Café Matrix', category: 'cafe' });
      const { slug } = await w.community('public');
      await api(w.owner, 'PUT', `/api/communities/${slug}/sponsorship`, { lookingForSponsors: true });
      const first = (await api(
        w.owner,
        'POST',
        `/api/communities/${slug}/sponsor-packages`,
        SPONSOR_PACKAGE,
      )) as unknown as {
        package: { id: string };
      };
      const second = (await api(w.owner, 'POST', `/api/communities/${slug}/sponsor-packages`, {
        ...SPONSOR_PACKAGE,
        name: 'Bronze',
      })) as unknown as { package: { id: string } };
      const proposal = (await api(w.owner, 'POST', '/api/sponsorships', {
        packageId: second.package.id,
        startsOn: '2027-01-01',
        endsOn: '2027-12-31',
      })) as unknown as { sponsorship: { id: string } };
      return {
        sponsorId: w.owner.user.id,
        slug,
        packageId: first.package.id,
        sponsorshipId: proposal.sponsorship.id,
      };
    })();
  sponsorSetups.set(w, made);
  return made;
}

/** Following a new account's verification link, at `url` (the API's path or its legacy alias). */
const verifyEmailAt = (url: string): Row => ({
  request: async () => {
    const fresh = await createUser(t, { complete: false });
    return { method: 'POST', url, payload: { token: await lastTokenTo(t, fresh.email) } };
  },
  expect: PUBLIC_200,
});

/** Changing the caller's own password, at `url` (the API's path or its legacy alias). */
const changeOwnPasswordAt = (url: string): Row => ({
  request: (_w, as) => ({
    method: 'PUT',
    url,
    payload: { currentPassword: as?.password ?? 'x', newPassword: NEW_PASSWORD },
  }),
  expect: SIGNED_IN_200,
});

const MATRIX: Record<string, Row | Row[]> = {
  // Platform
  'GET /api/health': { request: get('/api/health'), expect: PUBLIC_200 },
  'GET /api/ready': { request: get('/api/ready'), expect: PUBLIC_200 },
  'GET /api/instance': { request: get('/api/instance'), expect: PUBLIC_200 },
  'GET /api/docs': { request: get('/api/docs'), expect: PUBLIC_200 },
  'GET /api/docs/': { request: get('/api/docs/'), expect: PUBLIC_200 },
  'GET /api/docs/static/index.html': {
    request: get('/api/docs/static/index.html'),
    expect: { anonymous: 302, other: 302, owner: 302, admin: 302 },
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: get('/api/docs/static/swagger-initializer.js'),
    expect: PUBLIC_200,
  },
  'GET /api/docs/static/*': { request: get('/api/docs/static/swagger-ui.css'), expect: PUBLIC_200 },
  'GET /api/docs/json': { request: get('/api/docs/json'), expect: PUBLIC_200 },
  'GET /api/docs/yaml': { request: get('/api/docs/yaml'), expect: PUBLIC_200 },

  // Search engines and link previews: public, and never reading a token. This app has no built
  // web app, so the pages answer 404; modules/pages/pages.test.ts covers them with one, per kind
  // of event and caller (the generic page for private and draft events, whoever asks).
  'GET /robots.txt': { request: get('/robots.txt'), expect: PUBLIC_200 },
  'GET /sitemap.xml': { request: get('/sitemap.xml'), expect: PUBLIC_200 },
  'GET /event/:eventId': eventRows((id) => `/event/${id}`, 'GET', {
    public: NO_WEB_APP,
    private: NO_WEB_APP,
    draft: NO_WEB_APP,
  }),
  'GET /user/:userId': {
    request: (w) => ({ method: 'GET', url: `/user/${w.owner.user.id}` }),
    expect: NO_WEB_APP,
  },
  'GET /near/:city': { request: get('/near/berlin-de'), expect: NO_WEB_APP },
  // What is not one city slug is the city 404 page (decision 062).
  'GET /near/*': { request: get('/near/berlin-de/extra'), expect: NO_WEB_APP },
  'GET /c/:slug': { request: get('/c/night-owls'), expect: NO_WEB_APP },
  // A recap's page (decision 075): from the anonymous view, like event pages.
  'GET /recaps/:recapId': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({ method: 'GET', url: `/recaps/${await ownersRecap(w, kind)}` }),
    expect: NO_WEB_APP,
  })),

  // Auth: public except logout and verify
  'POST /api/auth/register': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'New Person', email: `${unique('reg')}@example.com`, password: NEW_PASSWORD },
    }),
    expect: { anonymous: 201, other: 201, owner: 201, admin: 201 },
  },
  'POST /api/auth/login': {
    request: (w) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: w.owner.email, password: w.owner.password },
    }),
    expect: PUBLIC_200,
    ownersData: true,
  },
  'POST /api/auth/refresh': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: (await signIn(t, w.owner)).refreshToken },
    }),
    expect: PUBLIC_200,
    ownersData: true,
  },
  'POST /api/auth/refresh-token': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: (await signIn(t, w.owner)).refreshToken },
    }),
    expect: PUBLIC_200,
    ownersData: true,
  },
  'POST /api/auth/logout': {
    request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    expect: SIGNED_IN_200,
  },
  'GET /api/auth/verify': { request: get('/api/auth/verify'), expect: SIGNED_IN_200 },
  // Sessions: everyone sees and ends only their own; another person's session id is not there.
  'GET /api/auth/sessions': {
    request: get('/api/auth/sessions'),
    expect: SIGNED_IN_200,
    check: (res, actor, w) => {
      const ids = (res.json() as { sessions: { id: string }[] }).sessions.map((s) => s.id);
      expect(ids.includes(sessionOf(w.owner.accessToken)), `${actor} sees the owner's session`).toBe(
        actor === 'owner',
      );
    },
  },
  'DELETE /api/auth/sessions/:id': {
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/auth/sessions/${sessionOf((await signIn(t, w.owner)).accessToken)}`,
    }),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  'DELETE /api/auth/sessions': {
    request: () => ({ method: 'DELETE', url: '/api/auth/sessions' }),
    expect: SIGNED_IN_200,
  },
  'POST /api/auth/forgot-password': {
    request: (w) => ({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: w.owner.email } }),
    expect: PUBLIC_200,
  },
  'POST /api/auth/reset-password': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: await resetToken(w), newPassword: unique('new password ') },
    }),
    expect: PUBLIC_200,
  },
  'POST /api/auth/verify-email': verifyEmailAt('/api/auth/verify-email'),
  'POST /auth/verify-email': verifyEmailAt('/auth/verify-email'),
  'POST /api/auth/resend-verification': {
    request: (w, as) => ({
      method: 'POST',
      url: '/api/auth/resend-verification',
      ...(as ? {} : { payload: { email: w.owner.email } }),
    }),
    expect: PUBLIC_200,
  },

  // Users
  'GET /api/users/public/:id': {
    request: (w) => ({ method: 'GET', url: `/api/users/public/${w.owner.user.id}` }),
    expect: PUBLIC_200,
  },
  'GET /api/users/me': { request: get('/api/users/me'), expect: SIGNED_IN_200 },
  // Blocks: the owner is the person blocked; blocking oneself is 400.
  'GET /api/users/me/blocks': {
    request: async (w) => {
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${w.owner.user.id}/block`,
        headers: w.other.auth,
      });
      return { method: 'GET', url: '/api/users/me/blocks' };
    },
    expect: SIGNED_IN_200,
    check: (res, actor, w) => {
      const ids = (res.json() as { blocks: { id: string }[] }).blocks.map((b) => b.id);
      expect(ids.includes(w.owner.user.id), `${actor} lists a block of their own`).toBe(actor === 'other');
    },
  },
  'POST /api/users/:id/block': {
    request: (w) => ({ method: 'POST', url: `/api/users/${w.owner.user.id}/block` }),
    expect: { anonymous: 401, other: 200, owner: 400, admin: 200 },
  },
  'DELETE /api/users/:id/block': {
    request: (w) => ({ method: 'DELETE', url: `/api/users/${w.owner.user.id}/block` }),
    expect: { anonymous: 401, other: 200, owner: 400, admin: 200 },
  },
  'GET /api/users/me/export': {
    request: get('/api/users/me/export'),
    expect: SIGNED_IN_200,
    check: (res, actor, w) => {
      const { profile } = res.json() as { profile: { id: string } };
      expect(profile.id, `${actor} exports their own data`).toBe((w[actor as 'owner'] as TestUser).user.id);
    },
  },
  'PUT /api/users/me': {
    request: () => ({ method: 'PUT', url: '/api/users/me', payload: { bio: 'mine' } }),
    expect: SIGNED_IN_200,
  },
  'PATCH /api/users/me': {
    request: () => ({ method: 'PATCH', url: '/api/users/me', payload: { bio: 'mine', locale: 'de' } }),
    expect: SIGNED_IN_200,
  },
  'DELETE /api/users/me': {
    request: (_w, as) => ({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { currentPassword: as?.password ?? 'x' },
    }),
    expect: SIGNED_IN_200,
  },
  'PUT /api/users/me/password': changeOwnPasswordAt('/api/users/me/password'),
  'PUT /users/me/password': changeOwnPasswordAt('/users/me/password'),
  'GET /api/users/:id': {
    request: (w) => ({ method: 'GET', url: `/api/users/${w.owner.user.id}` }),
    expect: SIGNED_IN_200,
  },
  'PUT /api/users/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/users/${w.owner.user.id}`, payload: { bio: 'changed' } }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/users/:id': {
    request: (w, as) => ({
      method: 'DELETE',
      url: `/api/users/${w.owner.user.id}`,
      payload: { currentPassword: as?.password ?? 'x' },
    }),
    expect: ONLY_OWNER,
  },
  'PUT /api/users/:id/password': {
    request: (w, as) => ({
      method: 'PUT',
      url: `/api/users/${w.owner.user.id}/password`,
      payload: { currentPassword: as?.password ?? 'x', newPassword: NEW_PASSWORD },
    }),
    expect: ONLY_OWNER,
  },

  // Platform administration
  'GET /api/admin/users': { request: get('/api/admin/users'), expect: ONLY_ADMIN },
  'GET /api/admin/instance': { request: get('/api/admin/instance'), expect: ONLY_ADMIN },
  'PUT /api/admin/instance': {
    request: () => ({ method: 'PUT', url: '/api/admin/instance', payload: { name: 'Kiez Treff' } }),
    expect: ONLY_ADMIN,
  },
  'PUT /api/admin/users/:id/verified-community': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/admin/users/${w.owner.user.id}/verified-community`,
      payload: { value: true },
    }),
    expect: ONLY_ADMIN,
  },

  // Moderation: reports by anyone signed in who can see the subject; the rest admins
  'POST /api/reports': [
    {
      label: "the owner's message in the general chat",
      request: async (w) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { subjectType: 'message', subjectId: await w.generalMessage(), reason: 'spam' },
      }),
      // Nobody reports their own message.
      expect: { anonymous: 401, other: 201, owner: 400, admin: 201 },
    },
    {
      label: "the owner's private event",
      request: async (w) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { subjectType: 'event', subjectId: await w.event('private'), reason: 'other' },
      }),
      expect: { anonymous: 401, other: 404, owner: 400, admin: 404 },
    },
    {
      label: 'a direct message to the owner',
      request: async (w) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { subjectType: 'message', subjectId: (await w.friend()).messageId, reason: 'harassment' },
      }),
      // Only its participants see a direct message.
      expect: { anonymous: 401, other: 404, owner: 201, admin: 404 },
    },
    {
      label: "the owner's profile",
      request: (w) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { subjectType: 'user', subjectId: w.owner.user.id, reason: 'spam', details: 'Sells things' },
      }),
      expect: { anonymous: 401, other: 201, owner: 400, admin: 201 },
    },
    {
      label: "the owner's community",
      request: async (w) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { subjectType: 'community', subjectId: (await w.community('public')).id, reason: 'other' },
      }),
      expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
    },
  ],
  'GET /api/reports/mine': { request: get('/api/reports/mine'), expect: SIGNED_IN_200 },
  'GET /api/admin/reports': { request: get('/api/admin/reports?state=open'), expect: ONLY_ADMIN },
  'POST /api/admin/reports/:id/resolve': {
    // A fresh report on the owner's profile for every call.
    request: async (w) => {
      const reporter = await createUser(t);
      const report = await api(reporter, 'POST', '/api/reports', {
        subjectType: 'user',
        subjectId: w.owner.user.id,
        reason: 'spam',
      });
      return {
        method: 'POST',
        url: `/api/admin/reports/${(report as unknown as { report: { id: string } }).report.id}/resolve`,
        payload: { action: 'dismiss' },
      };
    },
    expect: ONLY_ADMIN,
  },
  'POST /api/admin/users/:id/suspend': {
    request: async () => ({
      method: 'POST',
      url: `/api/admin/users/${(await createUser(t)).user.id}/suspend`,
      payload: { days: 3, reason: 'Spam' },
    }),
    expect: ONLY_ADMIN,
  },
  'DELETE /api/admin/users/:id/suspend': {
    request: async () => {
      const user = await createUser(t);
      await t.db.execute(sql`update users set suspended_at = now() where id = ${user.user.id}`);
      return { method: 'DELETE', url: `/api/admin/users/${user.user.id}/suspend` };
    },
    expect: ONLY_ADMIN,
  },
  'GET /api/admin/audit': { request: get('/api/admin/audit'), expect: ONLY_ADMIN },
  'DELETE /api/messages/:userId|:messageId': [
    {
      label: "the owner's message in the general chat",
      request: async (w) => ({ method: 'DELETE', url: `/api/messages/${await w.generalMessage()}` }),
      expect: ONLY_OWNER,
    },
    {
      label: "a friend's message in the owner's event chat (the owner hosts)",
      request: async (w) => ({ method: 'DELETE', url: `/api/messages/${await w.guestMessage('event')}` }),
      expect: ONLY_OWNER,
    },
    {
      label: "a member's message in the owner's public community (the owner organises)",
      request: async (w) => ({ method: 'DELETE', url: `/api/messages/${await w.guestMessage('community')}` }),
      // Community chat is for members: others are not told the message exists.
      expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
    },
    {
      label: 'a direct message to the owner',
      request: async (w) => ({ method: 'DELETE', url: `/api/messages/${(await w.friend()).messageId}` }),
      // The receiver cannot delete the sender's message; strangers do not see it.
      expect: { anonymous: 401, other: 404, owner: 403, admin: 404 },
    },
  ],

  // Uploads: the signed URL is the credential for the PUT; stored images are public
  'POST /api/upload/signed-url': {
    request: () => ({
      method: 'POST',
      url: '/api/upload/signed-url',
      payload: { fileName: 'a.png', fileType: 'image/png', folder: 'profile-image' },
    }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },
  'PUT /api/upload/put/*': {
    request: async (w) => ({
      method: 'PUT',
      url: await signedPut(w),
      payload: png,
      headers: { 'content-type': 'image/png' },
    }),
    expect: PUBLIC_200,
  },
  'OPTIONS /api/upload/put/*': {
    request: async (w) => ({ method: 'OPTIONS', url: await signedPut(w) }),
    expect: { anonymous: 204, other: 204, owner: 204, admin: 204 },
  },
  'POST /api/upload/file': {
    request: () => ({ method: 'POST', url: '/api/upload/file', ...multipart('file', png) }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },
  'GET /uploads/*': {
    request: async (w) => ({ method: 'GET', url: new URL(await uploadImage(t, w.owner)).pathname }),
    expect: PUBLIC_200,
  },
  // Pictures are public: anyone may fetch a copy (and nobody can write one: uploads.variants.test.ts).
  'GET /api/images/:width/*': {
    request: async (w) => {
      const url = await uploadImage(t, w.owner, 'event-image');
      return { method: 'GET', url: `/api/images/480/${url.slice(url.indexOf('event-image/'))}` };
    },
    expect: PUBLIC_200,
  },

  // Events: the owner is the organizer; the other user is not the owner's friend
  'GET /api/events': { request: get('/api/events'), expect: SIGNED_IN_200 },
  'GET /api/events/counts': { request: get('/api/events/counts'), expect: SIGNED_IN_200 },
  'POST /api/events': {
    request: () => ({ method: 'POST', url: '/api/events', payload: eventBody() }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/events/public/:id': eventRows((id) => `/api/events/public/${id}`, 'GET', {
    public: PUBLIC_200,
    private: HIDDEN_PUBLICLY,
    draft: HIDDEN_PUBLICLY,
  }),
  'GET /api/events/:id/ics': eventRows((id) => `/api/events/${id}/ics`, 'GET', {
    public: PUBLIC_200,
    private: HIDDEN_PUBLICLY,
    draft: HIDDEN_PUBLICLY,
  }),
  'GET /api/events/:id': eventRows((id) => `/api/events/${id}`, 'GET', {
    public: SIGNED_IN_200,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  'PUT /api/events/:id': eventRows(
    (id) => `/api/events/${id}`,
    'PUT',
    { public: ONLY_OWNER, private: HIDDEN, draft: HIDDEN },
    { title: 'Changed title' },
  ),
  // Cancelling (decision 028): hosts only; a draft is deleted instead (400 to its creator).
  'PATCH /api/events/:id': eventRows(
    (id) => `/api/events/${id}`,
    'PATCH',
    { public: ONLY_OWNER, private: HIDDEN, draft: { ...HIDDEN, owner: 400 } },
    { cancelled: true },
  ),
  'DELETE /api/events/:id': eventRows((id) => `/api/events/${id}`, 'DELETE', {
    public: ONLY_OWNER,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  'POST /api/events/:id/publish': eventRows((id) => `/api/events/${id}/publish`, 'POST', {
    public: ONLY_OWNER,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  // The organizer cannot answer their own event (400); a draft cannot be answered at all.
  'POST /api/events/:id/rsvp': eventRows(
    (id) => `/api/events/${id}/rsvp`,
    'POST',
    {
      public: { anonymous: 401, other: 200, owner: 400, admin: 200 },
      private: { anonymous: 401, other: 404, owner: 400, admin: 404 },
      draft: { anonymous: 401, other: 404, owner: 400, admin: 404 },
    },
    { status: 'going' },
  ),
  // Series (decision 023): drafts are the owner's alone until confirmed
  'POST /api/series': {
    request: () => ({ method: 'POST', url: '/api/series', payload: seriesBody() }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/series/pending': { request: get('/api/series/pending'), expect: SIGNED_IN_200 },
  'GET /api/series/:id': [
    {
      label: 'not yet confirmed',
      request: async (w) => ({ method: 'GET', url: `/api/series/${(await w.series('draft')).id}` }),
      expect: HIDDEN,
    },
    {
      label: 'confirmed',
      request: async (w) => ({ method: 'GET', url: `/api/series/${(await w.series('confirmed')).id}` }),
      expect: SIGNED_IN_200,
    },
  ],
  // "Publish automatically" or "ask me each time": the creator's choice; a series one
  // cannot see is not there (404), one seen through a confirmed date is refused (403).
  'PATCH /api/series/:id': [
    {
      label: 'not yet confirmed',
      request: async (w) => ({
        method: 'PATCH',
        url: `/api/series/${(await w.series('draft')).id}`,
        payload: { autoPublish: true },
      }),
      expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
    },
    {
      label: 'confirmed',
      request: async (w) => ({
        method: 'PATCH',
        url: `/api/series/${(await w.series('confirmed')).id}`,
        payload: { autoPublish: false },
      }),
      expect: ONLY_OWNER,
    },
  ],
  'POST /api/series/:id/rsvp': [
    {
      label: 'not yet confirmed',
      request: async (w) => ({
        method: 'POST',
        url: `/api/series/${(await w.series('draft')).id}/rsvp`,
        payload: { status: 'going' },
      }),
      expect: { anonymous: 401, other: 404, owner: 400, admin: 404 },
    },
    {
      label: 'confirmed',
      request: async (w) => ({
        method: 'POST',
        url: `/api/series/${(await w.series('confirmed')).id}/rsvp`,
        payload: { status: 'going' },
      }),
      // The host cannot stand for their own series (400).
      expect: { anonymous: 401, other: 200, owner: 400, admin: 200 },
    },
  ],
  'POST /api/events/:id/confirm': [
    {
      label: 'a draft occurrence (a fresh one per call)',
      request: async (w) => ({
        method: 'POST',
        url: `/api/events/${(await newSeries(w.owner, 'draft')).occurrenceId}/confirm`,
      }),
      expect: HIDDEN,
    },
    {
      label: 'already confirmed',
      request: async (w) => ({
        method: 'POST',
        url: `/api/events/${(await w.series('confirmed')).occurrenceId}/confirm`,
      }),
      expect: { anonymous: 401, other: 403, owner: 409, admin: 403 },
    },
  ],

  // Calendar feeds: the private feed's link is its credential
  'GET /api/calendar/:file': [
    {
      label: "the owner's link",
      request: async (w) => {
        const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: w.owner.auth });
        return {
          method: 'GET',
          url: new URL((me.json() as { calendarFeedUrl: string }).calendarFeedUrl).pathname,
        };
      },
      expect: PUBLIC_200,
    },
    {
      label: 'a forged link',
      request: (w) => ({
        method: 'GET',
        url: `/api/calendar/${w.owner.user.id.replace(/-/g, '')}${'A'.repeat(43)}.ics`,
      }),
      expect: { anonymous: 404, other: 404, owner: 404, admin: 404 },
    },
  ],
  // A PRIVATE community has no feed, not even for its members (docs/API.md).
  'GET /api/communities/:slug/calendar.ics': communityRows('/calendar.ics', 'GET', {
    public: PUBLIC_200,
    private: NOBODY_404,
  }),
  'POST /api/users/me/calendar-feed/reset': {
    request: () => ({ method: 'POST', url: '/api/users/me/calendar-feed/reset' }),
    expect: SIGNED_IN_200,
  },

  // Capacity, co-hosts and check-in (decision 022). Transfers are off by default: 400 for anyone
  // who can see the event; the creator cannot answer (nor transfer) their own event.
  'POST /api/events/:id/rsvp/transfer': eventRows(
    (id) => `/api/events/${id}/rsvp/transfer`,
    'POST',
    {
      public: { anonymous: 401, other: 400, owner: 400, admin: 400 },
      private: { anonymous: 401, other: 404, owner: 400, admin: 404 },
      draft: { anonymous: 401, other: 404, owner: 400, admin: 404 },
    },
    { toUserId: '00000000-0000-4000-8000-000000000000' },
  ),
  // The creator adds a friend of theirs as co-host; nobody else may.
  'POST /api/events/:id/cohosts/:userId': (['public', 'private', 'draft'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({
      method: 'POST',
      url: `/api/events/${await w.event(kind)}/cohosts/${(await w.friend()).user.user.id}`,
    }),
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
    ownersData: true,
  })),
  'DELETE /api/events/:id/cohosts/:userId': (['public', 'private', 'draft'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => {
      const eventId = await w.event(kind);
      const friendId = (await w.friend()).user.user.id;
      await t.db.execute(
        sql`insert into event_cohosts (event_id, user_id) values (${eventId}, ${friendId}) on conflict do nothing`,
      );
      return { method: 'DELETE', url: `/api/events/${eventId}/cohosts/${friendId}` };
    },
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
    ownersData: true,
  })),
  // A ticket is for a person going: nobody here is (403), or the event is not theirs to see (404).
  'GET /api/events/:id/ticket': eventRows((id) => `/api/events/${id}/ticket`, 'GET', {
    public: { anonymous: 401, other: 403, owner: 403, admin: 403 },
    private: { anonymous: 401, other: 404, owner: 403, admin: 404 },
    draft: { anonymous: 401, other: 404, owner: 403, admin: 404 },
  }),
  // The picture of a ticket's QR code (the guest's e-mail): the signed code is all it takes,
  // for anyone; a forged one is refused alike for everyone.
  'GET /api/events/:id/tickets/qr.png': [
    {
      label: 'a forged code',
      request: async (w) => ({
        method: 'GET',
        url: `/api/events/${await w.event('public')}/tickets/qr.png?code=forged`,
      }),
      expect: { anonymous: 400, other: 400, owner: 400, admin: 400 },
    },
  ],
  // Hosts only; the owner may check in, but the person named is not going (409).
  'POST /api/events/:id/check-ins': eventRows(
    (id) => `/api/events/${id}/check-ins`,
    'POST',
    {
      public: { anonymous: 401, other: 403, owner: 409, admin: 403 },
      private: { anonymous: 401, other: 404, owner: 409, admin: 404 },
      draft: { anonymous: 401, other: 404, owner: 409, admin: 404 },
    },
    { userId: '00000000-0000-4000-8000-000000000000' },
  ),
  'GET /api/events/:id/attendees': eventRows((id) => `/api/events/${id}/attendees`, 'GET', {
    public: ONLY_OWNER,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  // Hosts only; nobody is on the owner's fresh event, so the owner hears 404 for the person.
  'DELETE /api/events/:id/attendees/:userId': eventRows(
    (id) => `/api/events/${id}/attendees/00000000-0000-4000-8000-000000000000`,
    'DELETE',
    {
      public: { anonymous: 401, other: 403, owner: 404, admin: 403 },
      private: { anonymous: 401, other: 404, owner: 404, admin: 404 },
      draft: { anonymous: 401, other: 404, owner: 404, admin: 404 },
    },
  ),
  // Hosts only; the owner's fresh event has nobody to tell (201, zero recipients).
  'POST /api/events/:id/announcements': eventRows(
    (id) => `/api/events/${id}/announcements`,
    'POST',
    {
      public: { anonymous: 401, other: 403, owner: 201, admin: 403 },
      private: { anonymous: 401, other: 404, owner: 201, admin: 404 },
      draft: { anonymous: 401, other: 404, owner: 201, admin: 404 },
    },
    { message: 'Doors open at 18:30.', audience: 'all' },
  ),
  'GET /api/events/:id/attendees.csv': eventRows((id) => `/api/events/${id}/attendees.csv`, 'GET', {
    public: ONLY_OWNER,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  // Friends: the owner is the person the relationship is about
  'POST /api/friends/request': {
    request: (w) => ({
      method: 'POST',
      url: '/api/friends/request',
      payload: { receiverId: w.owner.user.id },
    }),
    expect: { anonymous: 401, other: 201, owner: 400, admin: 201 },
  },
  'POST /api/friends/accept': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/friends/accept',
      payload: { requesterId: (await w.requester()).user.id },
    }),
    expect: { anonymous: 401, other: 400, owner: 201, admin: 400 },
  },
  'POST /api/friends/decline': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/friends/decline',
      payload: { requesterId: (await w.requester()).user.id },
    }),
    expect: { anonymous: 401, other: 400, owner: 201, admin: 400 },
  },
  'DELETE /api/friends/request/:userId': {
    request: async (w) => ({ method: 'DELETE', url: `/api/friends/request/${(await w.invitee()).user.id}` }),
    expect: { anonymous: 401, other: 400, owner: 200, admin: 400 },
  },
  'DELETE /api/friends/:userId': {
    request: async (w) => ({ method: 'DELETE', url: `/api/friends/${(await w.friend()).user.user.id}` }),
    expect: { anonymous: 401, other: 400, owner: 200, admin: 400 },
  },
  'GET /api/friends/list': {
    request: async (w) => {
      await w.friend();
      return { method: 'GET', url: '/api/friends/list' };
    },
    expect: PUBLIC_200, // signed out: an empty list (contract §10 item 22)
    check: (res, actor) => {
      const { friends } = res.json() as { friends: unknown[] };
      expect(friends, `friends of ${actor}`).toHaveLength(actor === 'owner' ? 1 : 0);
    },
  },
  'GET /api/friends/requests': {
    request: async (w) => {
      await w.requester();
      return { method: 'GET', url: '/api/friends/requests' };
    },
    expect: SIGNED_IN_200,
    check: (res, actor) => {
      const { received } = res.json() as { received: unknown[] };
      expect(received, `requests received by ${actor}`).toHaveLength(actor === 'owner' ? 1 : 0);
    },
  },
  'GET /api/friends/status/:userId': {
    request: (w) => ({ method: 'GET', url: `/api/friends/status/${w.owner.user.id}` }),
    expect: SIGNED_IN_200,
  },

  // Direct messages: the owner received one from a friend; the others are strangers to both
  'GET /api/messages': {
    request: async (w) => {
      await w.friend();
      return { method: 'GET', url: '/api/messages' };
    },
    expect: SIGNED_IN_200,
    check: onlyOwnerSees(DM_TEXT),
  },
  'GET /api/messages/:userId|:messageId': {
    request: async (w) => ({ method: 'GET', url: `/api/messages/${(await w.friend()).user.user.id}` }),
    expect: SIGNED_IN_200,
    check: onlyOwnerSees(DM_TEXT),
  },
  'POST /api/messages': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver: (await w.friend()).user.user.id, content: 'hello' },
    }),
    // Only friends may write to each other.
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  },
  'POST /api/messages/:userId|:messageId/read': {
    request: async (w) => ({ method: 'POST', url: `/api/messages/${(await w.friend()).messageId}/read` }),
    expect: { anonymous: 401, other: 404, owner: 201, admin: 404 },
  },

  // General chat: everyone signed in
  'GET /api/group-messages': { request: get('/api/group-messages'), expect: SIGNED_IN_200 },
  'POST /api/group-messages': {
    request: () => ({ method: 'POST', url: '/api/group-messages', payload: { content: 'hello all' } }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },

  // Event chat: whoever can see the event reads it; signed-in viewers write; authors delete
  'GET /api/event-messages/:eventId|:messageId': eventRows((id) => `/api/event-messages/${id}`, 'GET', {
    public: PUBLIC_200,
    private: HIDDEN_PUBLICLY,
    draft: HIDDEN_PUBLICLY,
  }),
  'POST /api/event-messages/:eventId|:messageId': eventRows(
    (id) => `/api/event-messages/${id}`,
    'POST',
    {
      public: { anonymous: 401, other: 201, owner: 201, admin: 201 },
      private: { anonymous: 401, other: 404, owner: 201, admin: 404 },
      draft: { anonymous: 401, other: 404, owner: 201, admin: 404 },
    },
    { content: 'see you there' },
  ),
  'DELETE /api/event-messages/:eventId|:messageId': (['public', 'private'] as const).map((kind) => ({
    label: `message in a ${kind} event`,
    request: async (w: World) => ({
      method: 'DELETE',
      url: `/api/event-messages/${await w.eventMessage(kind)}`,
    }),
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
  })),

  // Friend groups: the owner created one with a friend; the others are strangers to it
  'GET /api/friend-groups': {
    request: async (w) => {
      await w.friendGroup();
      return { method: 'GET', url: '/api/friend-groups' };
    },
    expect: SIGNED_IN_200,
    check: onlyOwnerSees(GROUP_NAME),
  },
  'POST /api/friend-groups': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/friend-groups',
      payload: { name: 'Book club', members: [(await w.friend()).user.user.id] },
    }),
    // Members must be the caller's own friends.
    expect: { anonymous: 401, other: 400, owner: 201, admin: 400 },
  },
  'POST /api/friend-groups/:id/add-member': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/friend-groups/${await w.friendGroup()}/add-member`,
      payload: { userId: (await w.friend()).user.user.id },
    }),
    expect: GROUP_OWNER_201,
  },
  'POST /api/friend-groups/:id/remove-member': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/friend-groups/${await w.friendGroup()}/remove-member`,
      payload: { userId: (await w.friend()).user.user.id },
    }),
    expect: GROUP_OWNER_201,
  },
  'GET /api/friend-groups/:id/messages': {
    request: async (w) => ({ method: 'GET', url: `/api/friend-groups/${await w.friendGroup()}/messages` }),
    expect: HIDDEN,
  },
  'POST /api/friend-groups/:id/messages': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/friend-groups/${await w.friendGroup()}/messages`,
      payload: { content: 'hello group' },
    }),
    expect: GROUP_OWNER_201,
  },

  // Event sub-groups: the owner organises the event; the others are strangers to the sub-group
  ...subgroupRows('/api/event-subgroups'),
  ...subgroupRows('/sub-groups'),
  'GET /api/event-subgroups/user-subgroups': {
    request: async (w) => {
      await w.subgroup('public');
      return { method: 'GET', url: '/api/event-subgroups/user-subgroups' };
    },
    expect: SIGNED_IN_200,
    check: onlyOwnerSees(SUBGROUP_NAME),
  },
  'GET /api/event-subgroups/event/:eventId': subgroupListRows((id) => `/api/event-subgroups/event/${id}`),
  'GET /events/:eventId/sub-groups': subgroupListRows((id) => `/events/${id}/sub-groups`),
  'POST /api/event-subgroups/:id/add-member': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/event-subgroups/${await w.subgroup('public')}/add-member`,
      payload: { userId: (await w.friend()).user.user.id },
    }),
    expect: GROUP_OWNER_201,
  },
  'POST /api/event-subgroups/:id/remove-member': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/event-subgroups/${await w.subgroup('public')}/remove-member`,
      payload: { userId: (await w.friend()).user.user.id },
    }),
    expect: GROUP_OWNER_201,
  },
  'GET /api/event-subgroups/:id/messages': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/event-subgroups/${await w.subgroup('public')}/messages`,
    }),
    expect: HIDDEN,
  },
  'POST /api/event-subgroups/:id/messages': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/event-subgroups/${await w.subgroup('public')}/messages`,
      payload: { content: 'who drives?' },
    }),
    expect: GROUP_OWNER_201,
  },

  // Prometheus metrics: without METRICS_TOKEN (as here) only for callers on this machine, and the
  // matrix calls from 10.x addresses (app.test.ts covers loopback and the token).
  'GET /metrics': {
    request: get('/metrics'),
    expect: { anonymous: 403, other: 403, owner: 403, admin: 403 },
  },

  // Communities: the owner created them; the others are not members. The seven-caller matrix
  // (pending, member, organiser too) is communities/communities.authorization.test.ts.
  'POST /api/communities': {
    request: () => ({ method: 'POST', url: '/api/communities', payload: { name: unique('Quilters ') } }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/communities': { request: get('/api/communities'), expect: PUBLIC_200 },
  'GET /api/communities/mine': {
    request: async (w) => {
      await w.community('private');
      return { method: 'GET', url: '/api/communities/mine' };
    },
    expect: SIGNED_IN_200,
    check: onlyOwnerSees(COMMUNITY_NAME),
  },
  'GET /api/communities/:slug': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} community: the about card is for everyone`,
    request: async (w: World) => ({
      method: 'GET',
      url: `/api/communities/${(await w.community(kind)).slug}`,
    }),
    expect: PUBLIC_200,
  })),
  'PATCH /api/communities/:slug': {
    request: async (w) => ({
      method: 'PATCH',
      url: `/api/communities/${(await w.community('public')).slug}`,
      payload: { description: 'Plots for everyone' },
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/communities/:slug': {
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/communities/${(await w.community('public')).slug}`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/communities/:slug/join': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/join`,
    }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  // Organisers announce; anyone else who can see the community is refused.
  'POST /api/communities/:slug/announcements': communityRows(
    '/announcements',
    'POST',
    { public: ONLY_OWNER_201, private: ONLY_OWNER_201 },
    { title: 'Season opener', message: 'We start on Saturday.' },
  ),
  // A public community's news is public; a private one's is for its members.
  'GET /api/communities/:slug/announcements': communityRows('/announcements', 'GET', MEMBERS_WHEN_PRIVATE),
  // The About tab's organisers and faces: as the community's news.
  'GET /api/communities/:slug/people': communityRows('/people', 'GET', MEMBERS_WHEN_PRIVATE),
  // Members choose; anyone else is told it is for members (the community itself is public knowledge).
  'PUT /api/communities/:slug/notifications': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/communities/${(await w.community('private')).slug}/notifications`,
      payload: { events: 'none' },
    }),
    expect: { anonymous: 401, other: 403, owner: 200, admin: 403 },
  },
  // Bringing a club in and taking it out: organisers import and invite, the owner
  // exports; members choose whether organisers see their e-mail address.
  'POST /api/communities/:slug/imports': {
    request: async (w) => {
      const upload = icsUpload();
      return {
        method: 'POST',
        url: `/api/communities/${(await w.community('public')).slug}/imports`,
        headers: upload.headers,
        payload: upload.payload,
      };
    },
    expect: { anonymous: 401, other: 403, owner: 202, admin: 403 },
  },
  'GET /api/communities/:slug/imports': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/communities/${(await w.community('public')).slug}/imports`,
    }),
    expect: ONLY_OWNER,
  },
  'GET /api/imports/:id': {
    request: async (w) => ({ method: 'GET', url: `/api/imports/${await ownersImport(w)}` }),
    expect: ONLY_OWNER,
  },
  'PATCH /api/imports/:id': {
    request: async (w) => ({
      method: 'PATCH',
      url: `/api/imports/${await ownersImport(w)}`,
      payload: { subscribed: false },
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/communities/:slug/member-imports': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/member-imports`,
      payload: { csv: `Ada,${unique('ada')}@example.com` },
    }),
    expect: { anonymous: 401, other: 403, owner: 202, admin: 403 },
  },
  'POST /api/communities/:slug/member-imports/preview': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/member-imports/preview`,
      payload: { csv: `Ada,${unique('ada')}@example.com` },
    }),
    expect: { anonymous: 401, other: 403, owner: 200, admin: 403 },
  },
  // The token is the invitation; a wrong one is a 400 for anyone signed in.
  'POST /api/community-invitations/accept': {
    request: () => ({
      method: 'POST',
      url: '/api/community-invitations/accept',
      payload: { token: 'not-a-token' },
    }),
    expect: { anonymous: 401, other: 400, owner: 400, admin: 400 },
  },
  // "Never invite me again" (decision 063): the signed address is the authorization.
  ...Object.fromEntries(
    (['GET', 'POST'] as const).map((method) => [
      `${method} /api/community-invitations/never-invite`,
      {
        request: () => ({
          method,
          url: `/api/community-invitations/never-invite?token=${encodeURIComponent(neverInviteToken(t.links, `${unique('n')}@example.com`))}`,
        }),
        expect: PUBLIC_200,
      },
    ]),
  ),
  'GET /api/communities/:slug/share-email': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/communities/${(await w.community('private')).slug}/share-email`,
    }),
    expect: ONLY_OWNER,
  },
  'PUT /api/communities/:slug/share-email': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/communities/${(await w.community('private')).slug}/share-email`,
      payload: { share: false },
    }),
    expect: ONLY_OWNER,
  },
  'GET /api/communities/:slug/export': communityRows('/export', 'GET', {
    public: ONLY_OWNER,
    private: ONLY_OWNER,
  }),
  'GET /api/exports/:id': {
    request: async (w) => ({ method: 'GET', url: `/api/exports/${await ownersExport(w)}` }),
    expect: ONLY_OWNER,
  },
  'GET /api/exports/:id/file': {
    request: async (w) => ({ method: 'GET', url: `/api/exports/${await ownersExport(w)}/file` }),
    expect: ONLY_OWNER,
  },
  // Each person's own list: nobody reads or marks anyone else's.
  'GET /api/notifications': {
    request: get('/api/notifications'),
    expect: SIGNED_IN_200,
    check: (res, actor, w) => {
      const body = res.json() as { notifications: { subject: { id: string } }[] };
      if (actor !== 'owner') expect(JSON.stringify(body)).not.toContain(PRIVATE_TITLE);
      expect(w.owner.user.id).toBeTruthy();
    },
  },
  'GET /api/notifications/unread-count': {
    request: get('/api/notifications/unread-count'),
    expect: SIGNED_IN_200,
  },
  'POST /api/notifications/read': {
    request: () => ({ method: 'POST', url: '/api/notifications/read', payload: {} }),
    expect: SIGNED_IN_200,
  },
  // Answers without an account (decision 040): no session needed or used; a public event that
  // allows them, or a token from the guest's own e-mail, is the whole authority.
  'GET /api/events/:id/guest-rsvps/form': eventRows((id) => `/api/events/${id}/guest-rsvps/form`, 'GET', {
    public: PUBLIC_200,
    private: NOBODY_404,
    draft: NOBODY_404,
  }),
  'POST /api/events/:id/guest-rsvps': (['public', 'private', 'draft'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => {
      const id = await w.event(kind);
      return {
        method: 'POST',
        url: `/api/events/${id}/guest-rsvps`,
        payload: { name: 'Robin', email: `${unique('g')}@example.com`, formToken: renderedGuestForm(t, id) },
      };
    },
    expect: kind === 'public' ? { anonymous: 202, other: 202, owner: 202, admin: 202 } : NOBODY_404,
  })),
  'POST /api/guest-rsvps/confirm': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/guest-rsvps/confirm',
      payload: { token: await guestConfirmToken(t, await w.event('public'), `${unique('g')}@example.com`) },
    }),
    expect: PUBLIC_200,
  },
  'POST /api/guest-rsvps/never-email': {
    request: () => ({
      method: 'POST',
      url: '/api/guest-rsvps/never-email',
      payload: { token: neverToken(t.links, `${unique('g')}@example.com`) },
    }),
    expect: PUBLIC_200,
  },
  // Its page in a browser: the button, for anyone holding the link; nothing changes.
  'GET /api/guest-rsvps/never-email': {
    request: () => ({
      method: 'GET',
      url: `/api/guest-rsvps/never-email?token=${encodeURIComponent(neverToken(t.links, `${unique('g')}@example.com`))}`,
    }),
    expect: PUBLIC_200,
  },
  ...Object.fromEntries(
    (['GET', 'PATCH', 'DELETE'] as const).map((method) => [
      `${method} /api/guest-rsvps/:token`,
      [
        {
          label: 'the link mailed to the guest',
          request: async (w: World) => {
            const { manageToken } = await guestAnswer(
              t,
              await w.event('public'),
              `${unique('g')}@example.com`,
            );
            return {
              method,
              url: `/api/guest-rsvps/${manageToken}`,
              ...(method === 'PATCH' ? { payload: { status: 'maybe' } } : {}),
            };
          },
          expect: PUBLIC_200,
          // Only the guest's own answer: no e-mail address, nobody else.
          check: (res: { json(): unknown }) => expect(JSON.stringify(res.json())).not.toContain('@'),
        },
        {
          label: 'a made-up token',
          request: () => ({
            method,
            url: `/api/guest-rsvps/${unique('forged')}`,
            ...(method === 'PATCH' ? { payload: { status: 'maybe' } } : {}),
          }),
          expect: NOBODY_404,
        },
      ],
    ]),
  ),
  // The signed link is the authorization: it works without a session, for its one person.
  'GET /api/notifications/unsubscribe': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${unsubscribeToken(t.links, w.owner.user.id, 'mentions')}`,
    }),
    expect: PUBLIC_200,
  },
  'POST /api/notifications/unsubscribe': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${unsubscribeToken(t.links, w.owner.user.id, 'mentions')}`,
    }),
    expect: PUBLIC_200,
  },
  'POST /api/communities/:slug/leave': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/leave`,
    }),
    // An only owner hands over first.
    expect: { anonymous: 401, other: 200, owner: 400, admin: 200 },
  },
  // A community's fediverse followers (decision 073): its organisers only.
  'GET /api/communities/:slug/fediverse/followers': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/communities/${(await w.community('public')).slug}/fediverse/followers`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/communities/:slug/fediverse/followers/approve': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/fediverse/followers/approve`,
      payload: { actor: 'https://remote.example/users/nobody' },
    }),
    // Nobody follows: the organiser's answer is 404, everyone else may not ask.
    expect: { anonymous: 401, other: 403, owner: 404, admin: 403 },
  },
  'POST /api/communities/:slug/fediverse/followers/reject': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/fediverse/followers/reject`,
      payload: { actor: 'https://remote.example/users/nobody' },
    }),
    expect: { anonymous: 401, other: 403, owner: 404, admin: 403 },
  },
  // Following remote actors (decision 079): anyone signed in for themselves, admins for the instance.
  'POST /api/federation/follows': {
    request: async () => ({
      method: 'POST',
      url: '/api/federation/follows',
      payload: { handle: 'not a handle', scope: 'instance' },
    }),
    // The instance follows only by an admin's ask; the admin's bad handle is then a 400.
    expect: { anonymous: 401, other: 403, owner: 403, admin: 400 },
  },
  'GET /api/federation/follows': { request: get('/api/federation/follows'), expect: SIGNED_IN_200 },
  'DELETE /api/federation/follows/:id': {
    request: async () => ({
      method: 'DELETE',
      url: '/api/federation/follows/0190a000-0000-7000-8000-000000000000',
    }),
    expect: { anonymous: 401, other: 404, owner: 404, admin: 404 },
  },
  // Blocked domains: admins only.
  'GET /api/federation/blocked-domains': {
    request: get('/api/federation/blocked-domains'),
    expect: ONLY_ADMIN,
  },
  'POST /api/federation/blocked-domains': {
    request: async () => ({
      method: 'POST',
      url: '/api/federation/blocked-domains',
      payload: { domain: 'not a domain' },
    }),
    expect: { anonymous: 401, other: 403, owner: 403, admin: 400 },
  },
  'DELETE /api/federation/blocked-domains/:domain': {
    request: async () => ({
      method: 'DELETE',
      url: '/api/federation/blocked-domains/nothing-blocked.example',
    }),
    expect: { anonymous: 401, other: 403, owner: 403, admin: 404 },
  },
  'GET /api/communities/:slug/members': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/communities/${(await w.community('private')).slug}/members`,
    }),
    expect: ONLY_OWNER,
  },
  'PATCH /api/communities/:slug/members/:userId': {
    request: async (w) => ({
      method: 'PATCH',
      url: `/api/communities/${(await w.community('public')).slug}/members/${(await w.friend()).user.user.id}`,
      payload: { role: 'ORGANIZER' },
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/communities/:slug/members/:userId': {
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/communities/${(await w.community('public')).slug}/members/${(await w.friend()).user.user.id}`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/communities/:slug/invites': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('private')).slug}/invites`,
      payload: { userId: (await w.requester()).user.id },
    }),
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  },
  'POST /api/communities/:slug/bans': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('private')).slug}/bans`,
      payload: { userId: (await w.friend()).user.user.id },
    }),
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  },
  'GET /api/communities/:slug/events': communityRows('/events', 'GET', MEMBERS_WHEN_PRIVATE),
  'GET /api/communities/:slug/messages': {
    request: async (w) => ({
      method: 'GET',
      url: `/api/communities/${(await w.community('public')).slug}/messages`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/communities/:slug/messages': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/messages`,
      payload: { content: 'Seeds swap on Sunday' },
    }),
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  },
  'PUT /api/admin/communities/:id/verified': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/admin/communities/${(await w.community('public')).id}/verified`,
      payload: { value: true },
    }),
    expect: ONLY_ADMIN,
  },

  'GET /api/push/public-key': { request: get('/api/push/public-key'), expect: PUBLIC_200 },
  'POST /api/push/subscriptions': [
    {
      label: 'a new endpoint',
      request: () => ({ method: 'POST', url: '/api/push/subscriptions', payload: pushBody(unique('new-')) }),
      expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
    },
    {
      label: "the owner's endpoint with other keys",
      request: async (w) => {
        const endpoint = unique('owned-');
        await api(w.owner, 'POST', '/api/push/subscriptions', pushBody(endpoint));
        return { method: 'POST', url: '/api/push/subscriptions', payload: pushBody(endpoint) };
      },
      // The owner may re-key their own subscription; nobody else can take it.
      expect: { anonymous: 401, other: 409, owner: 201, admin: 409 },
    },
  ],
  'DELETE /api/push/subscriptions': {
    request: async (w) => {
      const { endpoint } = pushBody(unique('to-delete-'));
      await api(w.owner, 'POST', '/api/push/subscriptions', pushBody(endpoint));
      return { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } };
    },
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },

  // Date polls: a link poll is for everyone signed in; a PRIVATE community's poll is not
  // there for anyone outside it. Hosts only edit, delete and finalise.
  'POST /api/polls': [
    {
      label: 'link poll',
      request: () => ({ method: 'POST', url: '/api/polls', payload: pollBody() }),
      expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
    },
    {
      label: 'private community poll',
      request: async (w) => ({
        method: 'POST',
        url: '/api/polls',
        payload: pollBody({ communityId: (await w.community('private')).id }),
      }),
      expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
    },
  ],
  'GET /api/polls': {
    request: async (w) => {
      const { id } = await w.community('private');
      await newPoll(w.owner, id);
      return { method: 'GET', url: `/api/polls?community=${id}` };
    },
    expect: SIGNED_IN_200,
    check: onlyOwnerSees(POLL_TITLE),
  },
  // Signed out, only a link poll that takes guest votes is there (decision 056).
  'GET /api/polls/:id': pollRows((id) => ({ method: 'GET', url: `/api/polls/${id}` }), {
    link: { ...SIGNED_IN_200, anonymous: 404 },
    community: HIDDEN_PUBLICLY,
    guests: PUBLIC_200,
  }),
  'GET /api/polls/:id/voters': pollRows((id) => ({ method: 'GET', url: `/api/polls/${id}/voters?limit=5` }), {
    link: { ...SIGNED_IN_200, anonymous: 404 },
    community: HIDDEN_PUBLICLY,
    guests: PUBLIC_200,
  }),
  'PATCH /api/polls/:id': pollRows(
    (id) => ({ method: 'PATCH', url: `/api/polls/${id}`, payload: { title: 'Renamed poll' } }),
    { link: ONLY_OWNER, community: HIDDEN },
  ),
  'DELETE /api/polls/:id': pollRows((id) => ({ method: 'DELETE', url: `/api/polls/${id}` }), {
    link: ONLY_OWNER,
    community: HIDDEN,
  }),
  'PUT /api/polls/:id/votes': pollRows(
    (id, optionId) => ({
      method: 'PUT',
      url: `/api/polls/${id}/votes`,
      payload: { votes: { [optionId]: 'yes' } },
    }),
    { link: SIGNED_IN_200, community: HIDDEN },
  ),
  'POST /api/polls/:id/finalize': pollRows(
    (id, optionId) => ({ method: 'POST', url: `/api/polls/${id}/finalize`, payload: { optionId } }),
    { link: ONLY_OWNER, community: HIDDEN },
  ),
  // Guest votes (decision 056): no session needed or used; a link poll that takes them, or a
  // token from the guest's own e-mail, is the whole authority.
  'GET /api/polls/:id/guest-votes/form': pollRows(
    (id) => ({ method: 'GET', url: `/api/polls/${id}/guest-votes/form` }),
    { link: EVERYONE_403, community: NOBODY_404, guests: PUBLIC_200 },
  ),
  'POST /api/polls/:id/guest-votes': pollRows(
    (id, optionId) => ({
      method: 'POST',
      url: `/api/polls/${id}/guest-votes`,
      payload: {
        name: 'Robin',
        email: `${unique('g')}@example.com`,
        votes: { [optionId]: 'yes' },
        formToken: renderedGuestForm(t, id),
      },
    }),
    {
      link: EVERYONE_403,
      community: NOBODY_404,
      guests: { anonymous: 202, other: 202, owner: 202, admin: 202 },
    },
  ),
  'POST /api/guest-votes/confirm': {
    request: async (w) => {
      const poll = await newPoll(w.owner, undefined, { allowGuestVotes: true });
      const email = `${unique('g')}@example.com`;
      const token = await guestVoteConfirmToken(t, poll.id, email, { [poll.optionId]: 'yes' });
      return { method: 'POST', url: '/api/guest-votes/confirm', payload: { token } };
    },
    expect: PUBLIC_200,
    check: (res: { json(): unknown }) => expect(JSON.stringify(res.json())).not.toContain('@'),
  },
  ...Object.fromEntries(
    (['GET', 'PUT', 'DELETE'] as const).map((method) => [
      `${method} /api/guest-votes/:token`,
      [
        {
          label: 'the link mailed to the guest',
          request: async (w: World) => {
            const { manageToken, optionId } = await guestVoteLink(w.owner);
            return {
              method,
              url: `/api/guest-votes/${manageToken}`,
              ...(method === 'PUT' ? { payload: { votes: { [optionId]: 'no' } } } : {}),
            };
          },
          expect: PUBLIC_200,
          // The poll and the guest's own answers: nobody's e-mail address.
          check: (res: { json(): unknown }) => expect(JSON.stringify(res.json())).not.toContain('@'),
        },
        {
          label: 'a made-up token',
          request: () => ({
            method,
            url: `/api/guest-votes/${unique('forged')}`,
            ...(method === 'PUT' ? { payload: { votes: {} } } : {}),
          }),
          expect: NOBODY_404,
        },
      ],
    ]),
  ),
  // Sign-up sheets: the event's visibility (visibleTo) first, then hosts edit and people going claim.
  'GET /api/events/:id/signups': eventRows((id) => `/api/events/${id}/signups`, 'GET', {
    public: SIGNED_IN_200,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  'POST /api/events/:id/signups': eventRows(
    (id) => `/api/events/${id}/signups`,
    'POST',
    { public: ONLY_OWNER_201, private: { ...HIDDEN, owner: 201 }, draft: { ...HIDDEN, owner: 201 } },
    { name: 'Chairs', quantity: 4 },
  ),
  'PATCH /api/events/:id/signups/:itemId': signupRows(
    (eventId, itemId) => ({
      method: 'PATCH',
      url: `/api/events/${eventId}/signups/${itemId}`,
      payload: { name: 'Tables' },
    }),
    { public: ONLY_OWNER, private: HIDDEN },
  ),
  'DELETE /api/events/:id/signups/:itemId': signupRows(
    (eventId, itemId) => ({ method: 'DELETE', url: `/api/events/${eventId}/signups/${itemId}` }),
    { public: ONLY_OWNER, private: HIDDEN },
  ),
  // The owner hosts; the others are not going, so they may not claim.
  'PUT /api/events/:id/signups/:itemId/claim': signupRows(
    (eventId, itemId) => ({
      method: 'PUT',
      url: `/api/events/${eventId}/signups/${itemId}/claim`,
      payload: { quantity: 1 },
    }),
    { public: ONLY_OWNER, private: HIDDEN },
  ),

  // Albums and recaps (decision 075): the event's visibility first, then hosts and people going
  // add photos, hosts choose the audience and remove photos, authors edit their recaps.
  'GET /api/events/:id/album': eventRows((id) => `/api/events/${id}/album`, 'GET', ALBUM_READ),
  'POST /api/events/:id/album': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World, as: TestUser | undefined) => ({
      method: 'POST',
      url: `/api/events/${await startedEvent(w, kind)}/album`,
      payload: {
        imageUrl: as ? await uploadImage(t, as, 'event-image') : 'http://townsquare.test/uploads/x.png',
      },
    }),
    expect: ALBUM_ADD[kind],
  })),
  // The hosts' zip of the album.
  'GET /api/events/:id/album.zip': eventRows((id) => `/api/events/${id}/album.zip`, 'GET', {
    public: ONLY_OWNER,
    private: HIDDEN,
    draft: HIDDEN,
  }),
  'PATCH /api/events/:id/album': eventRows(
    (id) => `/api/events/${id}/album`,
    'PATCH',
    { public: ONLY_OWNER, private: HIDDEN, draft: HIDDEN },
    { audience: 'attendees' },
  ),
  'DELETE /api/events/:id/album/:photoId': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => {
      const { eventId, photoId } = await ownersPhoto(w, kind);
      return { method: 'DELETE', url: `/api/events/${eventId}/album/${photoId}` };
    },
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
  })),
  // Tags: who added the photo or a host tags someone who was there (here the owner, a host);
  // the person tagged, who tagged them or a host removes it.
  'POST /api/events/:id/album/:photoId/tags': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => {
      const { eventId, photoId } = await ownersPhoto(w, kind);
      return {
        method: 'POST',
        url: `/api/events/${eventId}/album/${photoId}/tags`,
        payload: { userId: w.owner.user.id },
      };
    },
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
  })),
  'DELETE /api/events/:id/album/:photoId/tags/:userId': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => {
      const { eventId, photoId } = await ownersPhoto(w, kind);
      await requestOk(t, w.owner, 'POST', `/api/events/${eventId}/album/${photoId}/tags`, {
        userId: w.owner.user.id,
      });
      return { method: 'DELETE', url: `/api/events/${eventId}/album/${photoId}/tags/${w.owner.user.id}` };
    },
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
  })),
  // One's own choice about photos one is tagged in.
  'GET /api/users/me/album-preferences': {
    request: get('/api/users/me/album-preferences'),
    expect: SIGNED_IN_200,
  },
  'PUT /api/users/me/album-preferences': {
    request: () => ({
      method: 'PUT',
      url: '/api/users/me/album-preferences',
      payload: { hideTaggedFromOutsiders: true },
    }),
    expect: SIGNED_IN_200,
  },
  'GET /api/events/:id/recaps': eventRows((id) => `/api/events/${id}/recaps`, 'GET', ALBUM_READ),
  'POST /api/events/:id/recaps': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({
      method: 'POST',
      url: `/api/events/${await startedEvent(w, kind)}/recaps`,
      payload: { title: 'Our run', body: 'It rained.' },
    }),
    expect: ALBUM_ADD[kind],
  })),
  'GET /api/recaps/:id': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({ method: 'GET', url: `/api/recaps/${await ownersRecap(w, kind)}` }),
    expect: kind === 'public' ? PUBLIC_200 : HIDDEN_PUBLICLY,
  })),
  'PATCH /api/recaps/:id': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({
      method: 'PATCH',
      url: `/api/recaps/${await ownersRecap(w, kind)}`,
      payload: { title: 'Our wet run' },
    }),
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
  })),
  'DELETE /api/recaps/:id': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({ method: 'DELETE', url: `/api/recaps/${await ownersRecap(w, kind)}` }),
    expect: kind === 'public' ? ONLY_OWNER : HIDDEN,
  })),
  // Organisers of the event's community feature its recaps.
  'PUT /api/recaps/:id/featured': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/recaps/${await ownersRecap(w, 'community')}/featured`,
      payload: { featured: true },
    }),
    expect: ONLY_OWNER,
  },
  'GET /api/communities/:slug/recaps': {
    request: async (w) => {
      const recapId = await ownersRecap(w, 'community');
      await requestOk(t, w.owner, 'PUT', `/api/recaps/${recapId}/featured`, { featured: true });
      return { method: 'GET', url: `/api/communities/${(await w.community('public')).slug}/recaps` };
    },
    expect: PUBLIC_200,
    check: (res) => expect(JSON.stringify(res.json())).toContain(RECAP_TITLE),
  },

  // Places are shared and public: anyone may search and read them, a signed-in
  // person may save one (a city twice is one place, so the second call is 200).
  'GET /api/places/search': {
    request: () => ({ method: 'GET', url: '/api/places/search?q=Berl&near=52.4,13.06' }),
    expect: PUBLIC_200,
  },
  'POST /api/places': {
    request: () => ({
      method: 'POST',
      url: '/api/places',
      payload: { name: unique('Hall '), lat: 48.137154, lon: 11.576124 },
    }),
    expect: { anonymous: 401, other: 201, owner: 201, admin: 201 },
  },
  'GET /api/events/map': {
    request: () => ({ method: 'GET', url: '/api/events/map?bbox=13,52,14,53' }),
    expect: PUBLIC_200,
  },
  'GET /api/places/:id': {
    request: async (w) => {
      // api() types answers as { id }; this one is { place: { id } }.
      const saved = (await api(w.owner, 'POST', '/api/places', {
        name: unique('Pin '),
        lat: 50.1,
        lon: 8.68,
      })) as unknown as {
        place: { id: string };
      };
      return { method: 'GET', url: `/api/places/${saved.place.id}` };
    },
    expect: PUBLIC_200,
  },
  // City pages: the same public answer for everyone; an unknown city is a 404 for all.
  'GET /api/near/:city': {
    request: () => ({ method: 'GET', url: '/api/near/berlin-de' }),
    expect: PUBLIC_200,
  },
  'GET /api/search': {
    request: async (w) => {
      await w.event('private');
      return { method: 'GET', url: `/api/search?q=${encodeURIComponent(PRIVATE_TITLE)}` };
    },
    expect: PUBLIC_200,
    check: (res, actor) => {
      const found = (res.json() as { events: { title: string }[] }).events.filter(
        (e) => e.title === PRIVATE_TITLE,
      );
      expect(found, `search as ${actor} and the owner's private event`).toHaveLength(
        actor === 'owner' ? 1 : 0,
      );
    },
  },
  // Sponsors (decision 074): a business profile needs the Sponsor role; organisers run a
  // community's packages and switch; sponsorships are for their two sides only.
  'GET /api/sponsors/me': { request: get('/api/sponsors/me'), expect: SIGNED_IN_200 },
  'PUT /api/sponsors/me': {
    request: async (w) => {
      await asSponsor(w);
      return { method: 'PUT', url: '/api/sponsors/me', payload: { name: 'Café Matrix', category: 'cafe' } };
    },
    expect: { anonymous: 401, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/sponsors/me/communities': {
    request: async (w) => {
      await asSponsor(w);
      return { method: 'GET', url: '/api/sponsors/me/communities?near=52.52,13.4' };
    },
    expect: { anonymous: 401, other: 403, owner: 200, admin: 403 },
  },
  'GET /api/sponsors': { request: get('/api/sponsors?near=52.52,13.4'), expect: SIGNED_IN_200 },
  'GET /api/sponsors/:id': {
    request: async (w) => ({ method: 'GET', url: `/api/sponsors/${(await sponsorSetup(w)).sponsorId}` }),
    expect: PUBLIC_200,
  },
  'PUT /api/admin/sponsors/:id/verified': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/admin/sponsors/${(await sponsorSetup(w)).sponsorId}/verified`,
      payload: { value: true },
    }),
    expect: ONLY_ADMIN,
  },
  'GET /api/communities/:slug/sponsorship': communityRows('/sponsorship', 'GET', MEMBERS_WHEN_PRIVATE),
  'PUT /api/communities/:slug/sponsorship': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/communities/${(await w.community('public')).slug}/sponsorship`,
      payload: { lookingForSponsors: true },
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/communities/:slug/sponsor-packages': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/communities/${(await w.community('public')).slug}/sponsor-packages`,
      payload: SPONSOR_PACKAGE,
    }),
    expect: ONLY_OWNER_201,
  },
  'PUT /api/communities/:slug/sponsor-packages/:packageId': {
    request: async (w) => {
      const { slug, packageId } = await sponsorSetup(w);
      return {
        method: 'PUT',
        url: `/api/communities/${slug}/sponsor-packages/${packageId}`,
        payload: { ...SPONSOR_PACKAGE, name: 'Gold' },
      };
    },
    expect: ONLY_OWNER,
  },
  'DELETE /api/communities/:slug/sponsor-packages/:packageId': {
    request: async (w) => {
      const slug = (await w.community('public')).slug;
      const made = await api(w.owner, 'POST', `/api/communities/${slug}/sponsor-packages`, SPONSOR_PACKAGE);
      const packageId = (made as unknown as { package: { id: string } }).package.id;
      return { method: 'DELETE', url: `/api/communities/${slug}/sponsor-packages/${packageId}` };
    },
    expect: ONLY_OWNER,
  },
  'GET /api/communities/:slug/sponsors': communityRows('/sponsors', 'GET', MEMBERS_WHEN_PRIVATE),
  'POST /api/sponsorships': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/sponsorships',
      payload: { packageId: (await sponsorSetup(w)).packageId, startsOn: '2027-01-01', endsOn: '2027-12-31' },
    }),
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  },
  'GET /api/sponsorships': { request: get('/api/sponsorships'), expect: SIGNED_IN_200 },
  'POST /api/sponsorships/:id/:action': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/sponsorships/${(await sponsorSetup(w)).sponsorshipId}/withdraw`,
    }),
    // Someone on neither side does not learn that it exists.
    expect: HIDDEN,
  },
  // Hosting and an event's sponsors (decision 083).
  'DELETE /api/admin/sponsors/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/admin/sponsors/${await throwawaySponsor(w)}` }),
    expect: ONLY_ADMIN,
  },
  'GET /api/events/:id/sponsors': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({ method: 'GET', url: `/api/events/${await w.event(kind)}/sponsors` }),
    expect: ALBUM_READ[kind],
  })),
  'POST /api/events/:id/hosting-offers': {
    request: async (w) => {
      await hostingBusiness(w);
      return { method: 'POST', url: `/api/events/${await w.event('public')}/hosting-offers`, payload: {} };
    },
    // Only an account with the Sponsor role and a business with a place offers.
    expect: { anonymous: 401, other: 403, owner: 201, admin: 403 },
  },
  'GET /api/events/:id/hosting-offers': (['public', 'private'] as const).map((kind) => ({
    label: `${kind} event`,
    request: async (w: World) => ({
      method: 'GET',
      url: `/api/events/${await w.event(kind)}/hosting-offers`,
    }),
    expect: kind === 'public' ? SIGNED_IN_200 : HIDDEN,
  })),
  'POST /api/hosting-offers/:id/:action': {
    request: async (w) => ({ method: 'POST', url: `/api/hosting-offers/${await hostingOffer(w)}/withdraw` }),
    // Someone neither hosting the event nor the business does not learn that it exists.
    expect: HIDDEN,
  },
};

/** The owner's business with a place, able to offer it as a venue (made once per world). */
const hostingBusinesses = new WeakMap<World, Promise<void>>();
function hostingBusiness(w: World) {
  const made =
    hostingBusinesses.get(w) ??
    (async () => {
      await asSponsor(w);
      const pin = (await api(w.owner, 'POST', '/api/places', {
        name: 'Café Matrix',
        lat: 52.52,
        lon: 13.4,
        address: 'Matrixstraße 1',
      })) as unknown as { place: { id: string } };
      await api(w.owner, 'PUT', '/api/sponsors/me', {
        name: 'Café Matrix',
        category: 'cafe',
        placeId: pin.place.id,
      });
    })();
  hostingBusinesses.set(w, made);
  return made;
}

/** The owner's business's offer to host the owner's public event (made once per world). */
const hostingOffers = new WeakMap<World, Promise<string>>();
function hostingOffer(w: World) {
  const made =
    hostingOffers.get(w) ??
    (async () => {
      await hostingBusiness(w);
      const res = (await api(
        w.owner,
        'POST',
        `/api/events/${await w.event('public')}/hosting-offers`,
        {},
      )) as unknown as {
        offer: { id: string };
      };
      return res.offer.id;
    })();
  hostingOffers.set(w, made);
  return made;
}

/** A business profile of a fresh account holding the Sponsor role: its id (for the admins' removal). */
async function throwawaySponsor(_w: World): Promise<string> {
  const business = await createUser(t, { roles: ['Sponsor'] });
  await api(business, 'PUT', '/api/sponsors/me', { name: 'Kiosk', category: 'shop' });
  return business.user.id;
}

/** A weekly series starting tomorrow, as `owner`; `confirmed` confirms its first occurrence. */
async function newSeries(owner: TestUser, kind: 'draft' | 'confirmed') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/series',
    headers: owner.auth,
    payload: seriesBody(),
  });
  const body = res.json() as { series: { id: string }; events: { id: string }[] };
  const occurrenceId = body.events[0]?.id ?? '';
  if (kind === 'confirmed') await api(owner, 'POST', `/api/events/${occurrenceId}/confirm`, {});
  return { id: body.series.id, occurrenceId };
}

function seriesBody() {
  const start = new Date(Date.now() + 26 * 3600_000);
  return {
    ...eventBody({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3600_000).toISOString(),
    }),
    status: undefined,
    recurrence: undefined,
    freq: 'weekly',
    timeZone: 'Europe/Berlin',
  };
}

async function world(): Promise<World> {
  const [owner, other, admin] = await createUsers(t, 3);
  await t.db.execute(sql`update users set is_admin = true where id = ${admin!.user.id}`);
  // Publishing needs a verified e-mail: every actor here may publish.
  for (const user of [owner!, other!, admin!]) await verifyEmail(t, user);
  const events = new Map<EventKind, Promise<string>>();
  const overrides = {
    public: { allowGuestRsvp: true },
    private: { visibility: 'PRIVATE', title: PRIVATE_TITLE },
    draft: { status: 'DRAFT', allowGuestRsvp: true },
  } satisfies Record<EventKind, object>;
  const event = (kind: EventKind) => {
    if (!events.has(kind)) events.set(kind, createEvent(t, owner!, overrides[kind]));
    return events.get(kind)!;
  };
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  const friend = once(async () => {
    const user = await createUser(t);
    await makeFriends(t, owner!, user);
    const message = await api(user, 'POST', '/api/messages', { receiver: owner!.user.id, content: DM_TEXT });
    return { user, messageId: message.id };
  });
  const requester = once(async () => {
    const user = await createUser(t);
    await api(user, 'POST', '/api/friends/request', { receiverId: owner!.user.id });
    return user;
  });
  const invitee = once(async () => {
    const user = await createUser(t);
    await api(owner!, 'POST', '/api/friends/request', { receiverId: user.user.id });
    return user;
  });
  const messages = new Map<EventKind, Promise<string>>();
  const eventMessage = (kind: EventKind) => {
    if (!messages.has(kind)) {
      const posted = event(kind).then((id) =>
        api(owner!, 'POST', `/api/event-messages/${id}`, { content: 'mine' }),
      );
      messages.set(
        kind,
        posted.then((m) => m.id),
      );
    }
    return messages.get(kind)!;
  };
  const friendGroup = once(async () => {
    const members = [(await friend()).user.user.id];
    return (await api(owner!, 'POST', '/api/friend-groups', { name: GROUP_NAME, members })).id;
  });
  const subgroups = new Map<'public' | 'private', Promise<string>>();
  const subgroup = (kind: 'public' | 'private') => {
    if (!subgroups.has(kind)) {
      const made = Promise.all([event(kind), friend()]).then(([eventId, f]) =>
        api(owner!, 'POST', '/api/event-subgroups', {
          eventId,
          name: SUBGROUP_NAME,
          members: [f.user.user.id],
        }),
      );
      subgroups.set(
        kind,
        made.then((g) => g.id),
      );
    }
    return subgroups.get(kind)!;
  };
  const communities = new Map<'public' | 'private', Promise<{ slug: string; id: string }>>();
  const community = (kind: 'public' | 'private') => {
    if (!communities.has(kind)) {
      const made = (async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/communities',
          headers: owner!.auth,
          remoteAddress: nextIp(),
          payload: { name: unique(COMMUNITY_NAME), visibility: kind === 'public' ? 'PUBLIC' : 'PRIVATE' },
        });
        const { slug, id } = (res.json() as { community: { slug: string; id: string } }).community;
        const f = await friend();
        await api(f.user, 'POST', `/api/communities/${slug}/join`, {});
        return { slug, id };
      })();
      communities.set(kind, made);
    }
    return communities.get(kind)!;
  };
  const seriesMade = new Map<'draft' | 'confirmed', Promise<{ id: string; occurrenceId: string }>>();
  const series = (kind: 'draft' | 'confirmed') => {
    if (!seriesMade.has(kind)) seriesMade.set(kind, newSeries(owner!, kind));
    return seriesMade.get(kind)!;
  };
  const generalMessage = once(
    async () => (await api(owner!, 'POST', '/api/group-messages', { content: 'hello town' })).id,
  );
  const guestMessage = async (room: 'event' | 'community') => {
    const f = await friend();
    const url =
      room === 'event'
        ? `/api/event-messages/${await event('public')}`
        : `/api/communities/${(await community('public')).slug}/messages`;
    return (await api(f.user, 'POST', url, { content: 'a guest speaks' })).id;
  };
  return {
    owner: owner!,
    other: other!,
    admin: admin!,
    community,
    series,
    generalMessage,
    guestMessage,
    event,
    friend,
    requester,
    invitee,
    eventMessage,
    friendGroup,
    subgroup,
  };
}

const CASES = Object.entries(MATRIX).flatMap(([key, rows]) =>
  (Array.isArray(rows) ? rows : [rows]).map(
    (row) => [row.label ? `${key} (${row.label})` : key, row] as const,
  ),
);

// A budget per case, not a speed bar: each case builds its own world (three to six accounts,
// events, groups) and five run at once; beside typecheck and the web tests on a loaded 2-core CI
// machine some took longer than the default 30 s.
describe('authorization matrix (QUALITY security 1)', { timeout: 180_000 }, () => {
  it('covers every route of the app', () => {
    const routes = listRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes without a row in MATRIX (authorization.test.ts)').toEqual([]);
    expect(stale, 'rows in MATRIX for routes the app no longer has').toEqual([]);
  });

  it.concurrent.each(CASES)('%s', async (key, row) => {
    const w = await world();
    const mismatches: string[] = [];
    // The owner goes last: some calls end the owner's session or account.
    for (const actor of ['anonymous', 'other', 'admin', 'owner'] as const) {
      const as = actor === 'anonymous' ? undefined : w[actor];
      const call = await row.request(w, as);
      const res = await t.app.inject({
        ...call,
        headers: { ...call.headers, ...as?.auth },
        remoteAddress: nextIp(),
      } as InjectOptions);
      if (res.statusCode !== row.expect[actor]) {
        mismatches.push(
          `${actor}: expected ${row.expect[actor]}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      } else if (res.statusCode < 300) {
        row.check?.(res, actor, w);
      }
      // QUALITY security 3: no hashes anywhere, and nobody else's e-mail address.
      expect(res.body, `${key} as ${actor}`).not.toMatch(/\$argon2|password_?hash|token_?hash/i);
      if (actor !== 'owner' && actor !== 'admin' && !row.ownersData) {
        expect(res.body, `${key} as ${actor} shows the owner's e-mail`).not.toContain(w.owner.email);
      }
      if (actor === 'anonymous' || actor === 'other') {
        expect(res.body, `${key} as ${actor} shows the admin's e-mail`).not.toContain(w.admin.email);
      }
    }
    expect(mismatches, key).toEqual([]);
  });
});
