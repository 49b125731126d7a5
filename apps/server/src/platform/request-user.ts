import { MSG } from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The signed-in caller of a request (decision 068: the request-user guard is kernel). */
export type Auth = { user: UserRow; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** What the guards need of the auth module: a bearer token to a caller, or nothing. */
export type Authenticator = { authenticate(token: string): Promise<Auth | undefined> };

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * onRequest hooks (they need only headers, so a signed-out caller hears 401 before any body
 * validation). `requireAuth`: no token → 401 "Unauthorized", a bad, expired or revoked one →
 * 401 "Invalid token" (the client then refreshes). `optionalAuth`: a valid token identifies the
 * caller; none leaves the request anonymous; an invalid one is still a 401, so a client with a
 * stale token refreshes instead of silently seeing the anonymous view. `requireAdmin`: as
 * `requireAuth`, then 403 for a caller without the platform-admin flag.
 */
export function createAuthGuards(auth: Authenticator) {
  async function resolve(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearer(request);
    if (token === undefined) {
      if (required) throw unauthorized(MSG.unauthorized);
      return;
    }
    const found = token ? await auth.authenticate(token) : undefined;
    if (!found) throw unauthorized(MSG.invalidToken);
    request.auth = found;
  }
  return {
    requireAuth: async (request: FastifyRequest, _reply: FastifyReply) => resolve(request, true),
    optionalAuth: async (request: FastifyRequest, _reply: FastifyReply) => resolve(request, false),
    requireAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      await resolve(request, true);
      if (!caller(request).user.isAdmin) throw forbidden(MSG.adminOnly);
    },
  };
}

/** The guards every module's routes take. */
export type Guards = ReturnType<typeof createAuthGuards>;

/** The authenticated caller; only valid behind `requireAuth`. */
export function caller(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized(MSG.unauthorized);
  return request.auth;
}
