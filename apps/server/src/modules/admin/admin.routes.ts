import {
  type AdminUser,
  adminUser,
  adminUsersQuery,
  adminUsersResponse,
  idParams,
  MSG,
  verifiedCommunityBody,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { AuditWriter } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { isUuid } from '../../platform/ids.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { isSuspended } from '../access/people.ts';
import { userIdentity } from '../users/users.presenter.ts';
import * as repo from './admin.repository.ts';

const tags = ['admin'];

function present(row: UserRow): AdminUser {
  return {
    ...userIdentity(row),
    email: row.email,
    roles: row.roles,
    isAdmin: row.isAdmin,
    isVerifiedCommunity: row.isVerifiedCommunity,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    suspended: isSuspended(row),
    suspendedUntil: isSuspended(row) ? (row.suspendedUntil?.toISOString() ?? null) : null,
    suspensionReason: isSuspended(row) ? row.suspensionReason : null,
  };
}

/** Platform administration: only users with the platform-admin flag. */
export function adminRoutes(app: App, db: Database, guards: Guards, audit?: AuditWriter): void {
  const admin = routeOptions(tags, guards.requireAdmin);

  app.get(
    '/api/admin/users',
    admin({ querystring: adminUsersQuery, response: { 200: adminUsersResponse, ...errors(400, 401, 403) } }),
    async (request) => {
      const { q, cursor, limit } = request.query;
      const rows = await repo.listUsers(db, {
        q,
        before: cursor && isUuid(cursor) ? cursor : undefined,
        limit,
      });
      const page = rows.slice(0, limit);
      return { users: page.map(present), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
    },
  );

  app.put(
    '/api/admin/users/:id/verified-community',
    admin({
      params: idParams,
      body: verifiedCommunityBody,
      response: { 200: adminUser, ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      const row = isUuid(request.params.id)
        ? await repo.setVerifiedCommunity(db, request.params.id, request.body.value)
        : undefined;
      if (!row) throw notFound(MSG.userNotFound);
      await audit?.({
        actorId: caller(request).user.id,
        action: 'user.verified-community',
        subjectType: 'user',
        subjectId: row.id,
        details: { value: request.body.value },
      });
      return present(row);
    },
  );
}
