import { z } from 'zod';
import { currencyField, isValidTimeZone, TIME_ZONE_INVALID, text } from './fields.ts';
import { LOCALES } from './locales.ts';
import { MSG } from './messages.ts';
import { userIdentity } from './users.ts';

export const adminUser = z.object({
  ...userIdentity,
  email: z.string(),
  roles: z.array(z.string()),
  isAdmin: z.boolean(),
  isVerifiedCommunity: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** Moderation: additions. `suspendedUntil` null with `suspended` true: indefinitely. */
  suspended: z.boolean().optional(),
  suspendedUntil: z.string().nullable().optional(),
  suspensionReason: z.string().nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUser>;

const LIMIT_RANGE = 'Limit must be between 1 and 100';

export const adminUsersQuery = z.object({
  q: text('Search text').max(100, 'Search text is too long').optional(),
  cursor: text('Cursor').max(64, 'Invalid cursor').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int(LIMIT_RANGE)
    .min(1, LIMIT_RANGE)
    .max(100, LIMIT_RANGE)
    .default(20),
});

export const adminUsersResponse = z.object({ users: z.array(adminUser), nextCursor: z.string().nullable() });

export const verifiedCommunityBody = z.object({
  value: z.boolean({ error: 'Value must be true or false' }),
});

/** The instance settings (decision 082): what the admin area edits. */
const instanceSettingFields = {
  name: text('Name', MSG.instanceNameRequired)
    .trim()
    .min(1, MSG.instanceNameRequired)
    .max(80, MSG.instanceNameTooLong),
  defaultLocale: z.enum(LOCALES, { error: MSG.instanceLocaleInvalid }),
  timeZone: text('Time zone').trim().refine(isValidTimeZone, TIME_ZONE_INVALID),
  currency: currencyField,
};

/** PUT /api/admin/instance: any of the settings; one set by an environment variable is refused (409). */
export const instanceSettingsBody = z.object(instanceSettingFields).partial();
export type InstanceSettingsInput = z.output<typeof instanceSettingsBody>;

/** GET/PUT /api/admin/instance: the values in use, which ones the environment fixes, and whether saved. */
export const adminInstanceResponse = z.object({
  settings: z.object({
    name: z.string(),
    defaultLocale: z.enum(LOCALES),
    timeZone: z.string(),
    currency: z.string(),
  }),
  /** Set by INSTANCE_NAME, DEFAULT_LOCALE, DEFAULT_TIME_ZONE, CURRENCY: shown locked. */
  locked: z.object({
    name: z.boolean(),
    defaultLocale: z.boolean(),
    timeZone: z.boolean(),
    currency: z.boolean(),
  }),
  configured: z.boolean(),
});
export type AdminInstance = z.infer<typeof adminInstanceResponse>;
