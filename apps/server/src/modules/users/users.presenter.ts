import type { PublicProfile, Role, SelfUser } from '@townsquare/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import { preferencesOf } from '../notifications/notifications.presenter.ts';

const roles = (row: UserRow) => row.roles as Role[];

/** How every view of a user names them: both ids (the original client reads `_id`), username, name. */
export function userIdentity(row: UserRow) {
  return {
    id: row.id,
    _id: row.id,
    ...(row.username ? { username: row.username } : {}),
    fullName: row.fullName,
  };
}

/** The signed-in user's own view. Never the password hash, never tokens. */
export function presentSelf(row: UserRow): SelfUser {
  return {
    ...userIdentity(row),
    email: row.email,
    pendingEmail: row.pendingEmail,
    roles: roles(row),
    phoneNumber: row.phoneNumber,
    bio: row.bio,
    interests: row.interests,
    profileImage: row.profileImage,
    profileCompleted: row.profileCompleted,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.isAdmin,
    isVerifiedCommunity: row.isVerifiedCommunity,
    notificationPreferences: {
      securityAlerts: row.notifySecurityAlerts,
      productUpdates: row.notifyProductUpdates,
      rsvpTiming: row.notifyRsvpTiming,
      ...preferencesOf(row),
      nearbyRadiusKm: row.nearbyRadiusKm,
    },
    homePlaceId: row.homePlaceId,
    locale: row.locale ?? null,
    fediverse: row.fediverse,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What anyone may see of a user: no e-mail, no phone, no settings. */
export function presentPublic(row: UserRow): PublicProfile {
  return {
    ...userIdentity(row),
    bio: row.bio,
    interests: row.interests,
    profileImage: row.profileImage,
    roles: roles(row),
    createdAt: row.createdAt.toISOString(),
    profileCompleted: row.profileCompleted,
    isVerifiedCommunity: row.isVerifiedCommunity,
  };
}
