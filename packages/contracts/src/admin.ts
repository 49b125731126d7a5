import { z } from 'zod';
import { text } from './fields.ts';
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
