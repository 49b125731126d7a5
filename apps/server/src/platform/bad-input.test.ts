import { errorBody, MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from '../modules/push/push-test-service.ts';
import {
  createEvent,
  createUser,
  eventBody,
  listRoutes,
  nextIp,
  renderedGuestForm,
  signIn,
  type TestUser,
  unique,
} from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * QUALITY security 4: random, wrong-typed, oversized, deeply nested and prototype-polluting bodies
 * to every JSON endpoint, signed in and signed out. Never a 5xx; every rejection is the one error
 * shape with a readable sentence, never zod's generic text (which means a field lacks our message).
 */

const t = useTestApp();
/** A public event of somebody else, for RSVPs. */
let foreignEventId: string;
/** A public event that takes answers without an account (decision 040). */
let guestEventId: string;
/** A date poll that takes votes without an account (decision 056), and one of its dates. */
let guestPoll: { id: string; optionId: string };
beforeAll(async () => {
  foreignEventId = await createEvent(t, await createUser(t));
  guestEventId = await createEvent(t, await createUser(t), { allowGuestRsvp: true });
  const pollHost = await createUser(t, { verified: true });
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/polls',
    headers: pollHost.auth,
    payload: {
      title: 'Fuzz guest poll',
      closesAt: day(2),
      options: [
        { startsAt: day(7), endsAt: day(7.1) },
        { startsAt: day(8), endsAt: day(8.1) },
      ],
      allowGuestVotes: true,
    },
  });
  const { poll } = res.json() as { poll: { id: string; options: { id: string }[] } };
  guestPoll = { id: poll.id, optionId: poll.options[0]?.id ?? '' };
});

const RUNS = 40;
const MB = 'x'.repeat(1024 * 1024);
/** zod's built-in English messages: seeing one means a schema lacks the spec's wording. */
const ZOD_GENERIC =
  /Invalid input|^Invalid option|^Too (big|small):|^Invalid string:|^Invalid number:|^Unrecognized key|^Invalid key in|^Invalid value in|^Invalid discriminator|^Invalid (email|url|uuid|date)/;

/** The caller (also used for bodies such as login) and an event of theirs. */
type Ctx = { user: TestUser; eventId: string };
type Endpoint = {
  /** A valid body; each run corrupts it or replaces it. */
  base: (ctx: Ctx) => Record<string, unknown>;
  /** The URL to call, for routes with parameters; `signedIn` is false for the anonymous runs. */
  url?: (ctx: Ctx, signedIn: boolean) => string;
  /** The route ends the caller's session (logout): sign in again before every signed-in call. */
  endsSession?: boolean;
  /** Only platform admins get past the guard: the signed-in caller is made one. */
  admin?: boolean;
};

const WRONG_PASSWORD = 'not the password';
const NEW_PASSWORD = 'a long enough password';
const NO_ONE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const NO_CLUB = 'no-such-community';
const ownId = (ctx: Ctx, signedIn: boolean) => (signedIn ? ctx.user.user.id : NO_ONE);

/** The sub-group routes that exist under both path families. */
function subgroupEndpoints(base: string): Record<string, Endpoint> {
  return {
    [`POST ${base}`]: { base: (c) => ({ eventId: c.eventId, name: 'Riders', members: [] }) },
    [`PUT ${base}/:id`]: { base: () => ({ name: 'Renamed' }), url: () => `${base}/${NO_ONE}` },
    [`DELETE ${base}/:id`]: { base: () => ({}), url: () => `${base}/${NO_ONE}` },
    [`POST ${base}/:id/members`]: {
      base: () => ({ memberId: NO_ONE }),
      url: () => `${base}/${NO_ONE}/members`,
    },
    [`DELETE ${base}/:id/members/:memberId`]: {
      base: () => ({}),
      url: () => `${base}/${NO_ONE}/members/${NO_ONE}`,
    },
  };
}

/** Adding and removing a member of a group under `base`, and writing to the group. */
function groupMemberEndpoints(base: string, message: string): Record<string, Endpoint> {
  return {
    [`POST ${base}/:id/add-member`]: {
      base: () => ({ userId: NO_ONE }),
      url: () => `${base}/${NO_ONE}/add-member`,
    },
    [`POST ${base}/:id/remove-member`]: {
      base: () => ({ userId: NO_ONE }),
      url: () => `${base}/${NO_ONE}/remove-member`,
    },
    [`POST ${base}/:id/messages`]: {
      base: () => ({ content: message }),
      url: () => `${base}/${NO_ONE}/messages`,
    },
  };
}

const SPONSOR_PACKAGE = {
  name: 'Silver',
  benefits: ['logo_on_club_page', 'table_at_events'],
  contribution: 'money',
  amountMinor: 50_000,
  currency: 'EUR',
  period: 'year',
  slots: 3,
};

/** Every POST, PUT, PATCH and DELETE route. A new route without an entry fails the first test. */
const ENDPOINTS: Record<string, Endpoint> = {
  'POST /api/auth/register': {
    base: () => ({ fullName: 'Fuzz Person', email: `${unique('fuzz')}@example.com`, password: NEW_PASSWORD }),
  },
  'POST /api/auth/login': { base: ({ user }) => ({ identifier: user.email, password: user.password }) },
  'POST /api/auth/refresh': { base: () => ({ refreshToken: 'not-a-refresh-token' }) },
  'POST /api/auth/refresh-token': { base: () => ({ refreshToken: 'not-a-refresh-token' }) },
  'POST /api/auth/logout': { base: () => ({}), endsSession: true },
  'DELETE /api/auth/sessions/:id': { base: () => ({}), url: () => `/api/auth/sessions/${NO_ONE}` },
  'DELETE /api/auth/sessions': { base: () => ({}) },
  'POST /api/auth/forgot-password': { base: () => ({ email: `${unique('fuzz')}@example.com` }) },
  'POST /api/auth/reset-password': {
    base: () => ({ token: 'not-a-reset-token', newPassword: NEW_PASSWORD }),
  },
  'POST /api/auth/verify-email': { base: () => ({ token: 'not-a-verification-token' }) },
  'POST /auth/verify-email': { base: () => ({ token: 'not-a-verification-token' }) },
  'POST /api/auth/resend-verification': { base: () => ({ email: `${unique('fuzz')}@example.com` }) },
  'PUT /api/users/me': { base: () => ({ bio: 'fuzzing', interests: ['testing'] }) },
  'PATCH /api/users/me': {
    base: () => ({
      bio: 'fuzzing',
      avatarUrl: 'http://townsquare.test/uploads/a.png',
      locale: 'de',
      notificationPreferences: { nearbyRadiusKm: null },
    }),
  },
  'DELETE /api/users/me': { base: () => ({ currentPassword: WRONG_PASSWORD }) },
  'PUT /api/users/me/password': {
    base: () => ({ currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD }),
  },
  'PUT /users/me/password': { base: () => ({ currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD }) },
  'PUT /api/users/:id': {
    base: () => ({ bio: 'fuzzing', phoneNumber: '5551234567' }),
    url: (c, s) => `/api/users/${ownId(c, s)}`,
  },
  'DELETE /api/users/:id': {
    base: () => ({ currentPassword: WRONG_PASSWORD }),
    url: (c, s) => `/api/users/${ownId(c, s)}`,
  },
  'PUT /api/users/:id/password': {
    base: () => ({ currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD }),
    url: (c, s) => `/api/users/${ownId(c, s)}/password`,
  },
  'PUT /api/admin/instance': {
    base: () => ({ name: 'Kiez Treff', currency: 'EUR' }),
    admin: true,
  },
  'PUT /api/admin/users/:id/verified-community': {
    base: () => ({ value: true }),
    url: (c, s) => `/api/admin/users/${ownId(c, s)}/verified-community`,
    admin: true,
  },
  'POST /api/push/subscriptions': {
    base: () => ({
      endpoint: `https://push.example.net/${unique('fuzz')}`,
      expirationTime: null,
      keys: fakeBrowser().keys,
    }),
  },
  'DELETE /api/push/subscriptions': { base: () => ({ endpoint: 'https://push.example.net/none' }) },
  'POST /api/places': {
    base: () => ({ name: 'Café Kranzler', lat: 52.503987, lon: 13.332118, address: 'Kurfürstendamm 18' }),
  },
  'POST /api/upload/signed-url': {
    base: () => ({ fileName: 'picture.png', fileType: 'image/png', folder: 'profile-image' }),
  },
  'PUT /api/upload/put/*': {
    base: () => ({}),
    url: () => `/api/upload/put/profile-image/${NO_ONE}.png?X-Amz-Expires=900&X-Amz-Signature=forged`,
  },
  'POST /api/upload/file': { base: () => ({}) },
  'POST /api/events': {
    base: () =>
      eventBody({ addressVisibility: 'ATTENDEES', online: true, onlineUrl: 'https://meet.example/room' }),
  },
  'PUT /api/events/:id': {
    base: () => ({
      title: 'Renamed',
      description: 'Still fine',
      tags: ['Running'],
      addressVisibility: 'PUBLIC',
      onlineUrl: 'https://meet.example/room',
    }),
    url: (c) => `/api/events/${c.eventId}`,
  },
  'PATCH /api/events/:id': { base: () => ({ cancelled: true }), url: (c) => `/api/events/${c.eventId}` },
  'DELETE /api/events/:id': { base: () => ({}), url: (c) => `/api/events/${c.eventId}` },
  'POST /api/events/:id/publish': { base: () => ({}), url: (c) => `/api/events/${c.eventId}/publish` },
  'POST /api/events/:id/rsvp': {
    base: () => ({ status: 'going' }),
    url: () => `/api/events/${foreignEventId}/rsvp`,
  },
  'POST /api/events/:id/confirm': { base: () => ({}), url: (c) => `/api/events/${c.eventId}/confirm` },
  'POST /api/series': {
    base: () => ({
      ...eventBody(),
      status: undefined,
      recurrence: undefined,
      freq: 'weekly',
      interval: 1,
      timeZone: 'Europe/Berlin',
    }),
  },
  'POST /api/series/:id/rsvp': { base: () => ({ status: 'going' }), url: () => `/api/series/${NO_ONE}/rsvp` },
  'PATCH /api/series/:id': { base: () => ({ autoPublish: true }), url: () => `/api/series/${NO_ONE}` },
  'POST /api/users/me/calendar-feed/reset': { base: () => ({}) },
  'POST /api/events/:id/rsvp/transfer': {
    base: () => ({ toUserId: NO_ONE }),
    url: () => `/api/events/${foreignEventId}/rsvp/transfer`,
  },
  'POST /api/events/:id/cohosts/:userId': {
    base: () => ({}),
    url: (c) => `/api/events/${c.eventId}/cohosts/${NO_ONE}`,
  },
  'DELETE /api/events/:id/cohosts/:userId': {
    base: () => ({}),
    url: (c) => `/api/events/${c.eventId}/cohosts/${NO_ONE}`,
  },
  'POST /api/events/:id/check-ins': {
    base: () => ({ userId: NO_ONE }),
    url: (c) => `/api/events/${c.eventId}/check-ins`,
  },
  'POST /api/friends/request': { base: () => ({ receiverId: NO_ONE }) },
  'POST /api/users/:id/block': { base: () => ({}), url: () => `/api/users/${NO_ONE}/block` },
  'DELETE /api/users/:id/block': { base: () => ({}), url: (c, s) => `/api/users/${ownId(c, s)}/block` },
  'POST /api/friends/accept': { base: () => ({ requesterId: NO_ONE }) },
  'POST /api/friends/decline': { base: () => ({ requesterId: NO_ONE }) },
  'DELETE /api/friends/request/:userId': { base: () => ({}), url: () => `/api/friends/request/${NO_ONE}` },
  'DELETE /api/friends/:userId': { base: () => ({}), url: () => `/api/friends/${NO_ONE}` },
  'POST /api/messages': { base: () => ({ receiver: NO_ONE, content: 'hello', clientMessageId: 'c-1' }) },
  'POST /api/messages/:userId|:messageId/read': {
    base: () => ({}),
    url: () => `/api/messages/${NO_ONE}/read`,
  },
  'POST /api/group-messages': { base: () => ({ content: 'hello everyone' }) },
  'POST /api/event-messages/:eventId|:messageId': {
    base: () => ({ content: 'see you there', type: 'text' }),
    url: (c) => `/api/event-messages/${c.eventId}`,
  },
  'DELETE /api/event-messages/:eventId|:messageId': {
    base: () => ({}),
    url: () => `/api/event-messages/${NO_ONE}`,
  },
  'POST /api/friend-groups': { base: () => ({ name: 'Book club', members: [NO_ONE] }) },
  ...groupMemberEndpoints('/api/friend-groups', 'hello group'),
  ...subgroupEndpoints('/api/event-subgroups'),
  ...subgroupEndpoints('/sub-groups'),
  ...groupMemberEndpoints('/api/event-subgroups', 'who drives?'),
  // Communities: a slug nobody has, so valid bodies end in 404 and invalid ones in 400.
  'POST /api/communities': {
    base: () => ({
      name: unique('Fuzz club '),
      description: 'About us',
      location: 'Town hall',
      tags: ['fuzzing'],
      visibility: 'PUBLIC',
      joinPolicy: 'APPROVAL',
      joinQuestions: ['Why?'],
    }),
  },
  'PATCH /api/communities/:slug': {
    base: () => ({ name: 'Renamed', joinQuestions: ['Why?'], imageUrl: null }),
    url: () => `/api/communities/${NO_CLUB}`,
  },
  'DELETE /api/communities/:slug': { base: () => ({}), url: () => `/api/communities/${NO_CLUB}` },
  'POST /api/communities/:slug/join': {
    base: () => ({ answers: ['Because'] }),
    url: () => `/api/communities/${NO_CLUB}/join`,
  },
  'POST /api/communities/:slug/leave': { base: () => ({}), url: () => `/api/communities/${NO_CLUB}/leave` },
  'PUT /api/communities/:slug/notifications': {
    base: () => ({ events: 'none' }),
    url: () => `/api/communities/${NO_CLUB}/notifications`,
  },
  // Imports, member invitations, the e-mail consent.
  'POST /api/communities/:slug/imports': {
    base: () => ({ url: 'https://calendar.example.com/club.ics', subscribe: true }),
    url: () => `/api/communities/${NO_CLUB}/imports`,
  },
  'PATCH /api/imports/:id': { base: () => ({ subscribed: true }), url: () => `/api/imports/${NO_ONE}` },
  'POST /api/communities/:slug/member-imports': {
    base: () => ({ csv: 'name,email\nAda,ada@example.com' }),
    url: () => `/api/communities/${NO_CLUB}/member-imports`,
  },
  'POST /api/communities/:slug/member-imports/preview': {
    base: () => ({ csv: 'name,email\nAda,ada@example.com' }),
    url: () => `/api/communities/${NO_CLUB}/member-imports/preview`,
  },
  'POST /api/community-invitations/accept': { base: () => ({ token: 'x'.repeat(43) }) },
  'PUT /api/communities/:slug/share-email': {
    base: () => ({ share: true }),
    url: () => `/api/communities/${NO_CLUB}/share-email`,
  },
  'POST /api/notifications/read': { base: () => ({ ids: [NO_ONE] }) },
  'POST /api/events/:id/guest-rsvps': {
    base: () => ({
      name: 'Fuzz Guest',
      email: `${unique('fuzz')}@example.com`,
      status: 'going',
      guests: [],
      answers: {},
      formToken: renderedGuestForm(t, guestEventId),
      website: '',
    }),
    url: () => `/api/events/${guestEventId}/guest-rsvps`,
  },
  'POST /api/guest-rsvps/confirm': { base: () => ({ token: 'not-a-real-token' }) },
  'POST /api/guest-rsvps/never-email': { base: () => ({ token: 'bm9ib2R5.forged' }) },
  'PATCH /api/guest-rsvps/:token': {
    base: () => ({ status: 'maybe', guests: [], answers: {} }),
    url: () => '/api/guest-rsvps/not-a-real-token',
  },
  'DELETE /api/guest-rsvps/:token': { base: () => ({}), url: () => '/api/guest-rsvps/not-a-real-token' },
  'POST /api/community-invitations/never-invite': {
    base: () => ({}),
    url: () => '/api/community-invitations/never-invite?token=bm9ib2R5.forged',
  },
  'POST /api/notifications/unsubscribe': {
    base: () => ({}),
    url: () => `/api/notifications/unsubscribe?token=${NO_ONE}.reminders.forged`,
  },
  'PATCH /api/communities/:slug/members/:userId': {
    base: () => ({ role: 'ORGANIZER', state: 'member' }),
    url: () => `/api/communities/${NO_CLUB}/members/${NO_ONE}`,
  },
  'DELETE /api/communities/:slug/members/:userId': {
    base: () => ({}),
    url: () => `/api/communities/${NO_CLUB}/members/${NO_ONE}`,
  },
  'POST /api/communities/:slug/invites': {
    base: () => ({ userId: NO_ONE }),
    url: () => `/api/communities/${NO_CLUB}/invites`,
  },
  'POST /api/communities/:slug/bans': {
    base: () => ({ userId: NO_ONE }),
    url: () => `/api/communities/${NO_CLUB}/bans`,
  },
  'POST /api/communities/:slug/messages': {
    base: () => ({ content: 'hello club' }),
    url: () => `/api/communities/${NO_CLUB}/messages`,
  },
  'POST /api/reports': {
    base: () => ({ subjectType: 'user', subjectId: NO_ONE, reason: 'spam', details: 'x' }),
  },
  'DELETE /api/messages/:userId|:messageId': { base: () => ({}), url: () => `/api/messages/${NO_ONE}` },
  'POST /api/admin/reports/:id/resolve': {
    base: () => ({ action: 'suspend', days: 3, note: 'Spam' }),
    url: () => `/api/admin/reports/${NO_ONE}/resolve`,
    admin: true,
  },
  'POST /api/admin/users/:id/suspend': {
    base: () => ({ days: 3, reason: 'Spam' }),
    url: () => `/api/admin/users/${NO_ONE}/suspend`,
    admin: true,
  },
  'DELETE /api/admin/users/:id/suspend': {
    base: () => ({}),
    url: () => `/api/admin/users/${NO_ONE}/suspend`,
    admin: true,
  },
  // Date polls and sign-up sheets.
  'POST /api/polls': {
    base: () => ({
      title: 'Fuzz poll',
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      options: [
        { startsAt: '2031-05-01T10:00:00Z', endsAt: '2031-05-01T12:00:00Z', place: 'Hall' },
        { startsAt: '2031-05-08T10:00:00Z', endsAt: '2031-05-08T12:00:00Z' },
      ],
    }),
  },
  'PATCH /api/polls/:id': {
    base: () => ({
      title: 'Renamed',
      addOptions: [{ startsAt: '2031-06-01T10:00:00Z', endsAt: '2031-06-01T11:00:00Z' }],
    }),
    url: () => `/api/polls/${NO_ONE}`,
  },
  'DELETE /api/polls/:id': { base: () => ({}), url: () => `/api/polls/${NO_ONE}` },
  'PUT /api/polls/:id/votes': {
    base: () => ({ votes: { [NO_ONE]: 'yes' } }),
    url: () => `/api/polls/${NO_ONE}/votes`,
  },
  'POST /api/polls/:id/finalize': {
    base: () => ({ optionId: NO_ONE, status: 'LIVE' }),
    url: () => `/api/polls/${NO_ONE}/finalize`,
  },
  // Guest votes (decision 056).
  'POST /api/polls/:id/guest-votes': {
    base: () => ({
      name: 'Fuzz Guest',
      email: `${unique('fuzz')}@example.com`,
      votes: { [guestPoll.optionId]: 'yes' },
      formToken: renderedGuestForm(t, guestPoll.id),
      website: '',
    }),
    url: () => `/api/polls/${guestPoll.id}/guest-votes`,
  },
  'POST /api/guest-votes/confirm': { base: () => ({ token: 'not-a-real-token' }) },
  'PUT /api/guest-votes/:token': {
    base: () => ({ votes: { [guestPoll.optionId]: 'no' } }),
    url: () => '/api/guest-votes/not-a-real-token',
  },
  'DELETE /api/guest-votes/:token': { base: () => ({}), url: () => '/api/guest-votes/not-a-real-token' },
  'POST /api/events/:id/album': {
    base: () => ({ imageUrl: 'http://townsquare.test/uploads/event-image/x.png', caption: 'Start' }),
    url: (c) => `/api/events/${c.eventId}/album`,
  },
  'PATCH /api/events/:id/album': {
    base: () => ({ audience: 'attendees' }),
    url: (c) => `/api/events/${c.eventId}/album`,
  },
  'DELETE /api/events/:id/album/:photoId': {
    base: () => ({}),
    url: (c) => `/api/events/${c.eventId}/album/${NO_ONE}`,
  },
  'POST /api/events/:id/album/:photoId/tags': {
    base: () => ({ userId: NO_ONE }),
    url: (c) => `/api/events/${c.eventId}/album/${NO_ONE}/tags`,
  },
  'DELETE /api/events/:id/album/:photoId/tags/:userId': {
    base: () => ({}),
    url: (c) => `/api/events/${c.eventId}/album/${NO_ONE}/tags/${NO_ONE}`,
  },
  'PUT /api/users/me/album-preferences': { base: () => ({ hideTaggedFromOutsiders: true }) },
  'POST /api/events/:id/recaps': {
    base: () => ({ title: 'The run', body: 'We ran.', photoIds: [NO_ONE], coverPhotoId: NO_ONE }),
    url: (c) => `/api/events/${c.eventId}/recaps`,
  },
  'PATCH /api/recaps/:id': {
    base: () => ({ title: 'The run', photoIds: [] }),
    url: () => `/api/recaps/${NO_ONE}`,
  },
  'DELETE /api/recaps/:id': { base: () => ({}), url: () => `/api/recaps/${NO_ONE}` },
  'PUT /api/recaps/:id/featured': {
    base: () => ({ featured: true }),
    url: () => `/api/recaps/${NO_ONE}/featured`,
  },
  'POST /api/events/:id/signups': {
    base: () => ({ name: 'Chairs', quantity: 2, note: 'Folding' }),
    url: (c) => `/api/events/${c.eventId}/signups`,
  },
  'PATCH /api/events/:id/signups/:itemId': {
    base: () => ({ name: 'Tables', quantity: 3 }),
    url: (c) => `/api/events/${c.eventId}/signups/${NO_ONE}`,
  },
  'DELETE /api/events/:id/signups/:itemId': {
    base: () => ({}),
    url: (c) => `/api/events/${c.eventId}/signups/${NO_ONE}`,
  },
  'PUT /api/events/:id/signups/:itemId/claim': {
    base: () => ({ quantity: 1 }),
    url: (c) => `/api/events/${c.eventId}/signups/${NO_ONE}/claim`,
  },
  // The organiser's chair.
  'DELETE /api/events/:id/attendees/:userId': {
    base: () => ({}),
    url: (c) => `/api/events/${c.eventId}/attendees/${NO_ONE}`,
  },
  'POST /api/events/:id/announcements': {
    base: () => ({ message: 'Doors open at 18:30.', audience: 'going' }),
    url: (c) => `/api/events/${c.eventId}/announcements`,
  },
  'POST /api/communities/:slug/announcements': {
    base: () => ({ title: 'Seed swap', message: 'Bring your spare seeds.' }),
    url: () => `/api/communities/${NO_CLUB}/announcements`,
  },
  // Sponsors (decision 074).
  'PUT /api/sponsors/me': {
    base: () => ({ name: 'Café Fuzz', category: 'cafe', website: 'https://fuzz.example', text: 'Coffee' }),
  },
  'PUT /api/admin/sponsors/:id/verified': {
    base: () => ({ value: true }),
    url: () => `/api/admin/sponsors/${NO_ONE}/verified`,
    admin: true,
  },
  'PUT /api/communities/:slug/sponsorship': {
    base: () => ({ lookingForSponsors: true, sponsorNote: 'Shirts' }),
    url: () => `/api/communities/${NO_CLUB}/sponsorship`,
  },
  'POST /api/communities/:slug/sponsor-packages': {
    base: () => SPONSOR_PACKAGE,
    url: () => `/api/communities/${NO_CLUB}/sponsor-packages`,
  },
  'PUT /api/communities/:slug/sponsor-packages/:packageId': {
    base: () => SPONSOR_PACKAGE,
    url: () => `/api/communities/${NO_CLUB}/sponsor-packages/${NO_ONE}`,
  },
  'DELETE /api/communities/:slug/sponsor-packages/:packageId': {
    base: () => ({}),
    url: () => `/api/communities/${NO_CLUB}/sponsor-packages/${NO_ONE}`,
  },
  'POST /api/sponsorships': {
    base: () => ({
      packageId: NO_ONE,
      startsOn: '2031-01-01',
      endsOn: '2031-12-31',
      amountMinor: 500,
      currency: 'EUR',
    }),
  },
  'POST /api/sponsorships/:id/:action': { base: () => ({}), url: () => `/api/sponsorships/${NO_ONE}/accept` },
  // Hosting and the admins' removal of a business (decision 083).
  'DELETE /api/admin/sponsors/:id': {
    base: () => ({}),
    url: () => `/api/admin/sponsors/${NO_ONE}`,
    admin: true,
  },
  'POST /api/events/:id/hosting-offers': {
    base: () => ({ message: 'Our back room fits 30' }),
    url: (c) => `/api/events/${c.eventId}/hosting-offers`,
  },
  'POST /api/hosting-offers/:id/:action': {
    base: () => ({}),
    url: () => `/api/hosting-offers/${NO_ONE}/accept`,
  },
  'PUT /api/admin/communities/:id/verified': {
    base: () => ({ value: true }),
    url: () => `/api/admin/communities/${NO_ONE}/verified`,
    admin: true,
  },
};

function nested(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** Values for a field: every JSON type, arrays where strings belong, nasty strings, huge and deep ones. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '‮',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '__proto__',
  ),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant(MB),
  fc.constant([MB]),
  fc.constant(JSON.parse(nested(1000, 'object'))),
  fc.constant(JSON.parse(nested(1000, 'array'))),
);

/** Keys, including the endpoint's own fields and the prototype-polluting ones. */
const keyFor = (fields: string[]) =>
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', ...fields),
  );

/** A JSON text for the endpoint: random JSON, a corrupted valid body, or a valid body with extra keys. */
function bodies(endpoint: Endpoint, ctx: Ctx): fc.Arbitrary<string> {
  const fields = Object.keys(endpoint.base(ctx));
  const stringify = (value: unknown) => JSON.stringify(value) ?? 'null';
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map(stringify),
    fc
      .anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true, key: keyFor(fields) })
      .map(stringify),
    fc
      .record({ field: fc.constantFrom(...(fields.length ? fields : ['body'])), value: nastyValue })
      .map(({ field, value }) => stringify({ ...endpoint.base(ctx), [field]: value })),
    fc
      .dictionary(keyFor(fields), nastyValue, { maxKeys: 3 })
      .map((extra) => stringify({ ...endpoint.base(ctx), ...extra })),
  );
}

/** Bodies every endpoint gets, whatever fast-check draws. */
function specialBodies(endpoint: Endpoint, ctx: Ctx): string[] {
  const base = JSON.stringify(endpoint.base(ctx)).slice(1, -1);
  const withBase = (extra: string) => (base ? `{${base},${extra}}` : `{${extra}}`);
  return [
    '',
    'null',
    '[]',
    '"text"',
    '42',
    'not json',
    '{"a":',
    nested(1000, 'object'),
    nested(1000, 'array'),
    JSON.stringify(MB),
    JSON.stringify({ ...endpoint.base(ctx), [Object.keys(endpoint.base(ctx))[0] ?? 'x']: MB }),
    withBase('"__proto__":{"isAdmin":true}'),
    withBase('"constructor":{"prototype":{"isAdmin":true}}'),
    withBase(`"deep":${nested(1000, 'object')}`),
    // PostgreSQL cannot store U+0000: every text field, and every list of texts, gets one.
    ...Object.entries(endpoint.base(ctx)).flatMap(([field, value]) => {
      if (typeof value === 'string')
        return [JSON.stringify({ ...endpoint.base(ctx), [field]: `${value}\u0000` })];
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
        return [JSON.stringify({ ...endpoint.base(ctx), [field]: [...value, 'a\u0000b'] })];
      }
      return [];
    }),
  ];
}

async function send(
  method: string,
  url: string,
  payload: string,
  auth?: { authorization: string },
  contentType = 'application/json',
) {
  return t.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...auth },
    remoteAddress: nextIp(),
  });
}

/** The bar: no 5xx; a 4xx is the error shape with a sentence a person can read. */
function expectReadable(res: { statusCode: number; body: string; json(): unknown }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body).not.toMatch(/\$argon2|password_?hash|token_?hash/i);
  if (res.statusCode < 400) return;
  const parsed = errorBody.safeParse(res.json());
  expect(parsed.success, `${what} → ${res.body.slice(0, 300)}`).toBe(true);
  const { statusCode, message } = parsed.data!;
  expect(statusCode).toBe(res.statusCode);
  expect(message.trim().length, what).toBeGreaterThan(0);
  expect(message, `${what}: generic message`).not.toMatch(ZOD_GENERIC);
  if (res.statusCode === 400) expect(message, what).not.toBe('Bad Request');
}

const short = (body: string) => (body.length > 120 ? `${body.slice(0, 120)}… (${body.length} chars)` : body);

describe('bad input to every JSON endpoint (QUALITY security 4)', () => {
  it('the table covers exactly the POST, PUT, PATCH and DELETE routes of the app', () => {
    const routes = listRoutes(t.app)
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(10);
    expect(new Set(routes)).toEqual(new Set(Object.keys(ENDPOINTS)));
  });

  describe.concurrent.each(Object.entries(ENDPOINTS))('%s', (key, endpoint) => {
    const [method, route] = key.split(' ') as [string, string];

    it.concurrent.each(['anonymous', 'signed in'] as const)(
      '%s: never a 5xx, always a readable 4xx',
      async (who) => {
        const user = await createUser(t);
        if (endpoint.admin)
          await t.db.execute(sql`update users set is_admin = true where id = ${user.user.id}`);
        const ctx: Ctx = { user, eventId: await createEvent(t, user) };
        const url = endpoint.url?.(ctx, who === 'signed in') ?? route;
        const auth = async () => {
          if (who === 'anonymous') return undefined;
          return endpoint.endsSession ? (await signIn(t, user)).auth : user.auth;
        };

        for (const body of specialBodies(endpoint, ctx)) {
          expectReadable(await send(method, url, body, await auth()), `${key} ${who} ${short(body)}`);
        }
        const json = JSON.stringify(endpoint.base(ctx));
        expectReadable(
          await send(method, url, json, await auth(), 'text/plain'),
          `${key} ${who} as text/plain`,
        );

        await fc.assert(
          fc.asyncProperty(bodies(endpoint, ctx), async (body) => {
            expectReadable(await send(method, url, body, await auth()), `${key} ${who} ${short(body)}`);
          }),
          { numRuns: RUNS },
        );
      },
    );
  });

  it('every route with a path parameter or a wildcard answers any path with a 2xx or a readable 4xx', async () => {
    const user = await createUser(t);
    const withParam = listRoutes(t.app).filter((r) => r.url.includes(':') || r.url.endsWith('*'));
    expect(withParam.length).toBeGreaterThan(10);
    const segments = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'binary', minLength: 60, maxLength: 110 }),
      fc.constantFrom(
        'x'.repeat(64),
        'x'.repeat(65),
        'x'.repeat(100),
        '%00',
        '..',
        '../../etc/passwd',
        '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '00000000-0000-0000-0000-000000000000',
        NO_ONE,
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParam), segments, async (route, segment) => {
        const encoded =
          segment.includes('%') || segment.includes('/') ? segment : encodeURIComponent(segment);
        const url = route.url
          .replace(/:[A-Za-z]+(?:\|:[A-Za-z]+)*|\*$/, encoded || '%20')
          .replace(/:[A-Za-z]+/g, NO_ONE);
        const base = ENDPOINTS[`${route.method} ${route.url}`]?.base({ user, eventId: NO_ONE });
        const payload =
          route.method === 'GET' || route.method === 'OPTIONS' ? undefined : JSON.stringify(base ?? {});
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          payload,
          headers: { ...user.auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
          remoteAddress: nextIp(),
        });
        expectReadable(res, `${route.method} ${url}`);
      }),
      { numRuns: 200 },
    );
  });

  it('every GET route answers any query string with a 2xx or a readable 4xx', async () => {
    const user = await createUser(t);
    await t.db.execute(sql`update users set is_admin = true where id = ${user.user.id}`);
    const gets = listRoutes(t.app).filter((r) => r.method === 'GET' && !r.url.endsWith('*'));
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom(
        '',
        '\u0000',
        'a\u0000b',
        'x'.repeat(101),
        'x'.repeat(5000),
        '-1',
        '0',
        '1e9',
        'NaN',
        'null',
        '[]',
        'LIVE',
        'DRAFT',
        'mine',
      ),
    );
    const key = fc.oneof(
      fc.constantFrom(
        'q',
        'status',
        'scope',
        'cursor',
        'after',
        'limit',
        'page',
        '__proto__',
        'near',
        'radiusKm',
        'bbox',
        'includeOnline',
        'sort',
      ),
      fc.string({ maxLength: 8 }),
    );
    const query = fc.array(fc.tuple(key, value), { maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), query, fc.boolean(), async (route, pairs, signedIn) => {
        const search = new URLSearchParams(pairs).toString();
        const url = `${route.url.replace(/:[A-Za-z]+(?:\|:[A-Za-z]+)*/g, NO_ONE)}${search ? `?${search}` : ''}`;
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: signedIn ? user.auth : {},
          remoteAddress: nextIp(),
        });
        expectReadable(res, `GET ${url}`);
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * 1.9 MB of nested arrays cost ~0.5 s of main-thread time each in JSON.parse.
 * Auth bodies are tiny, so their routes take a few KiB; every JSON body has a nesting limit
 * checked on the raw text before it is parsed, let alone validated.
 */
describe('body size and nesting limits', () => {
  const huge = (depth: number) => `{"identifier":${nested(depth, 'array')},"password":"whatever1"}`;

  it.each([
    '/api/auth/login',
    '/api/auth/register',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
    '/api/auth/verify-email',
    '/api/auth/resend-verification',
    '/api/auth/refresh',
  ])('%s answers 413 for a body of more than a few KiB, before parsing it', async (url) => {
    for (const body of [huge(950_000), JSON.stringify({ identifier: 'x'.repeat(16 * 1024) })]) {
      const res = await send('POST', url, body);
      expect(res.statusCode).toBe(413);
      expect(errorBody.parse(res.json()).message).toBe('Request body is too large');
    }
  });

  it('answers 400 for a JSON body nested deeper than the limit, on any route', async () => {
    const user = await createUser(t);
    for (const [method, url, auth] of [
      ['POST', '/api/auth/login', undefined],
      ['PUT', '/api/users/me', user.auth],
      ['POST', '/api/events', user.auth],
    ] as const) {
      for (const body of [huge(1000), `{"bio":${nested(40, 'object')}}`, nested(33, 'array')]) {
        const res = await send(method, url, body, auth);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(errorBody.parse(res.json()).message).toBe(MSG.bodyTooDeep);
      }
    }
    // Brackets inside strings are text, not nesting.
    const text = await send('PUT', '/api/users/me', JSON.stringify({ bio: '['.repeat(900) }), user.auth);
    expect(text.statusCode).toBe(200);
  });

  it('keeps other JSON bodies within 64 KiB (413 above), far more than any form sends', async () => {
    const user = await createUser(t);
    const res = await send('PUT', '/api/users/me', JSON.stringify({ bio: 'x'.repeat(70 * 1024) }), user.auth);
    expect(res.statusCode).toBe(413);
    expect(errorBody.parse(res.json()).message).toBe('Request body is too large');
  });
});
