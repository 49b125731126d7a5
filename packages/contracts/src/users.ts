import { z } from 'zod';
import {
  emailField,
  fullNameField,
  interestsField,
  newPassword,
  phoneField,
  rolesField,
  text,
  usernameField,
} from './fields.ts';
import { LIMITS, ROLES } from './limits.ts';
import { LOCALES, localeField } from './locales.ts';
import { MSG } from './messages.ts';
import { channelPreferences, RSVP_TIMINGS } from './notifications.ts';
import { PLACE_LIMITS, placeIdField, placeSchema } from './places.ts';

/** Nearby alerts: the radius in km around home, or null (off, the default). */
export const NEARBY_MSG = {
  radiusInvalid: `Nearby alerts radius must be a whole number of kilometres between ${PLACE_LIMITS.radiusKmMin} and ${PLACE_LIMITS.radiusKmMax}, or null`,
  homeRequired: 'Choose a home city before turning on nearby alerts',
} as const;
const nearbyRadiusField = z.union(
  [
    z.null(),
    z
      .number({ error: NEARBY_MSG.radiusInvalid })
      .int(NEARBY_MSG.radiusInvalid)
      .min(PLACE_LIMITS.radiusKmMin, NEARBY_MSG.radiusInvalid)
      .max(PLACE_LIMITS.radiusKmMax, NEARBY_MSG.radiusInvalid),
  ],
  { error: NEARBY_MSG.radiusInvalid },
);

/**
 * The account's notification settings: the two account mails, and per kind group whether to be
 * told by e-mail and by push (defaults: DEFAULT_EMAIL_PREFERENCES, DEFAULT_PUSH_PREFERENCES).
 */
export const notificationPreferences = z.object({
  securityAlerts: z.boolean({ error: 'Security alerts must be true or false' }),
  productUpdates: z.boolean({ error: 'Product updates must be true or false' }),
  /** How a host hears of answers to their events: each at once, or gathered in the digest. */
  rsvpTiming: z.enum(RSVP_TIMINGS, { error: 'rsvpTiming must be "instant" or "digest"' }),
  email: channelPreferences,
  push: channelPreferences,
  /** "Tell me about new events within N km of home": a weekly digest; null is off. */
  nearbyRadiusKm: z.number().nullable().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** How every view of a user begins: both ids (the original client reads `_id`) and the names. */
export const userIdentity = {
  id: z.string(),
  _id: z.string(),
  username: z.string().optional(),
  fullName: z.string(),
};

/**
 * The signed-in user's own view (contract 2.1 AuthUser, a superset): login, register, refresh,
 * verify, GET/PUT /api/users/me and PUT /api/users/:id all answer with this. `username` is absent
 * until profile setup, as the original client expects.
 */
export const selfUser = z.object({
  ...userIdentity,
  email: z.string(),
  /** A new address asked for and not yet confirmed by its link; `email` stays until then. */
  pendingEmail: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  phoneNumber: z.string(),
  bio: z.string(),
  interests: z.array(z.string()),
  profileImage: z.string().nullable(),
  profileCompleted: z.boolean(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  isVerifiedCommunity: z.boolean(),
  notificationPreferences,
  /** Path of the private calendar feed (`/api/calendar/<secret>.ics`); on GET /api/users/me only. */
  calendarFeedUrl: z.string().optional(),
  /** Home city: the id everywhere, the place itself on GET/PUT/PATCH /api/users/me. */
  homePlaceId: z.string().nullable().optional(),
  homePlace: placeSchema.optional(),
  /** The language chosen for the app, e-mails and push; null: the browser's. Always sent. */
  locale: z.enum(LOCALES).nullable().optional(),
  /** Findable on the fediverse as `@username@host`, a `Person` actor (decision 080); off by default. */
  fediverse: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SelfUser = z.infer<typeof selfUser>;

/**
 * GET /api/users/public/:id (contract 2.3). Returned bare. The e-mail address is deliberately left
 * out: the page never shows it and it is nobody else's business (docs/decisions/004).
 */
export const publicProfile = z.object({
  ...userIdentity,
  bio: z.string(),
  interests: z.array(z.string()),
  profileImage: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  createdAt: z.string(),
  profileCompleted: z.boolean(),
  isVerifiedCommunity: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

const imageUrlField = z
  .union(
    [
      z.null(),
      text('Profile image')
        .trim()
        .max(LIMITS.urlMax, MSG.imageUrlInvalid)
        .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), MSG.imageUrlInvalid),
    ],
    { error: MSG.imageUrlInvalid },
  )
  .transform((v) => (v === '' ? null : v));

/**
 * PUT /api/users/:id and PUT /api/users/me. Every field is optional; unknown fields (isAdmin,
 * emailVerified, profileCompleted, …) are dropped, never applied. A different `email` needs
 * `currentPassword` and only becomes the account's address once the link sent to it is followed.
 */
export const updateUserBody = z.object({
  username: usernameField.optional(),
  fullName: fullNameField('Full name').optional(),
  email: emailField.optional(),
  currentPassword: text('Current password', MSG.emailChangePasswordRequired)
    .max(LIMITS.passwordMax, MSG.currentPasswordWrong)
    .optional(),
  roles: rolesField.optional(),
  interests: interestsField.optional(),
  bio: text('Bio').max(LIMITS.bioMax, MSG.bioTooLong).optional(),
  phoneNumber: z.union([z.null(), phoneField], { error: MSG.phoneInvalid }).optional(),
  profileImage: imageUrlField.optional(),
  notificationPreferences: z
    .object(
      {
        securityAlerts: notificationPreferences.shape.securityAlerts.optional(),
        productUpdates: notificationPreferences.shape.productUpdates.optional(),
        rsvpTiming: notificationPreferences.shape.rsvpTiming.optional(),
        email: channelPreferences.partial().optional(),
        push: channelPreferences.partial().optional(),
        nearbyRadiusKm: nearbyRadiusField.optional(),
      },
      { error: 'Notification preferences must be an object' },
    )
    .optional(),
  /** A city (a gazetteer place), never an exact address; null clears it. */
  homePlaceId: placeIdField.optional(),
  /** en, es, de or fr; null goes back to the browser's language. */
  locale: localeField.optional(),
  /** Be a `Person` actor with a fediverse handle (decision 080). */
  fediverse: z.boolean({ error: 'Fediverse must be true or false' }).optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const changePasswordBody = z.object({
  currentPassword: text('Current password', MSG.currentPasswordRequired)
    .min(1, MSG.currentPasswordRequired)
    .max(LIMITS.passwordMax, MSG.currentPasswordWrong),
  newPassword: newPassword('New password', MSG.newPasswordRequired),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
