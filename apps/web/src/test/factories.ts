import {
  type Community,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  type SelfUser,
} from '@townsquare/contracts';

let seq = 0;

/** A signed-in user as the server sends it; every test gets its own copy. */
export function createSelfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  seq += 1;
  const id = `0190a0b0-0000-7000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    _id: id,
    username: `neighbour${seq}`,
    fullName: `Neighbour ${seq}`,
    email: `neighbour${seq}@example.com`,
    pendingEmail: null,
    roles: ['Member'],
    phoneNumber: '',
    bio: '',
    interests: ['Hiking'],
    profileImage: null,
    profileCompleted: true,
    emailVerified: true,
    isAdmin: false,
    isVerifiedCommunity: false,
    locale: null,
    notificationPreferences: {
      securityAlerts: true,
      productUpdates: false,
      rsvpTiming: 'digest',
      nearbyRadiusKm: null,
      email: { ...DEFAULT_EMAIL_PREFERENCES },
      push: { ...DEFAULT_PUSH_PREFERENCES },
    },
    createdAt: '2025-03-08T10:00:00.000Z',
    updatedAt: '2025-03-08T10:00:00.000Z',
    ...overrides,
  };
}

/** The community an event names as its host: Riverside Runners, verified. */
export const HOST_COMMUNITY = {
  id: 'c1',
  _id: 'c1',
  slug: 'riverside-runners',
  name: 'Riverside Runners',
  verified: true,
};

/** Riverside Runners as its page and its settings receive it; `overrides` set the rest. */
export function createCommunity(overrides: Partial<Community> = {}): Community {
  return {
    ...HOST_COMMUNITY,
    description: 'Easy loops',
    imageUrl: null,
    location: 'Riverside Park',
    tags: [],
    visibility: 'PUBLIC',
    joinPolicy: 'OPEN',
    joinQuestions: [],
    verified: false,
    memberCount: 3,
    createdAt: '2026-11-01T09:00:00.000Z',
    viewerRole: null,
    viewerState: null,
    viewerNotifications: null,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
