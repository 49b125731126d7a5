import { z } from 'zod';

export const adminUser = z.object({
  id: z.string(),
  _id: z.string(),
  username: z.string().optional(),
  fullName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  isAdmin: z.boolean(),
  isVerifiedCommunity: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersQuery = z.object({
  q: z.string().max(100, 'Search text is too long').optional(),
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(100).default(20),
});

export const adminUsersResponse = z.object({ users: z.array(adminUser), nextCursor: z.string().nullable() });

export const verifiedCommunityBody = z.object({
  value: z.boolean({ error: 'Value must be true or false' }),
});
