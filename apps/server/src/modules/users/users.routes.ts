import {
  changePasswordBody,
  MSG,
  messageResponse,
  idParams as params,
  publicProfile,
  selfUser,
  text,
  updateUserBody,
} from '@townsquare/contracts';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { rememberLocale } from '../../platform/locale.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { presentPublic, presentSelf } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];
const deleteBody = z.object({
  currentPassword: text('Current password', MSG.currentPasswordRequired)
    .min(1, MSG.currentPasswordRequired)
    .max(256),
});
/** The unrouted original profile component sends `avatarUrl`; it means the profile image. */
const patchBody = updateUserBody.extend({ avatarUrl: updateUserBody.shape.profileImage });

/**
 * What the account routes need of the auth module (app.ts passes the auth service): auth reads
 * users, so users names only this, and the two modules do not import each other.
 */
export type Passwords = {
  confirmPassword(user: UserRow, password: string): Promise<void>;
  changePassword(
    user: UserRow,
    sessionId: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<void>;
  endAllSessions(userId: string, reason: string): Promise<void>;
};

export function usersRoutes(
  app: App,
  users: UsersService,
  auth: Passwords,
  guards: Guards,
  /** The private calendar feed URL GET /api/users/me carries (modules/calendar). */
  calendarFeedUrl: (user: UserRow) => string,
): void {
  const requireAuth = guards.requireAuth;
  const signedIn = routeOptions(tags, requireAuth);

  app.get(
    '/api/users/public/:id',
    { schema: { tags, params, response: { 200: publicProfile, ...errors(404) } } },
    async (request) => presentPublic(await users.getPublic(request.params.id)),
  );

  app.get(
    '/api/users/me',
    signedIn({ response: { 200: selfUser, ...errors(401) } }),
    async (request, reply) => {
      const me = caller(request).user;
      rememberLocale(request, reply, me.locale);
      return { ...(await users.me(me)), calendarFeedUrl: calendarFeedUrl(me) };
    },
  );

  app.put(
    '/api/users/me',
    signedIn({ body: updateUserBody, response: { 200: selfUser, ...errors(400, 401, 409) } }),
    async (request, reply) => {
      const updated = await users.update(caller(request).user, request.body);
      rememberLocale(request, reply, updated.locale);
      return users.me(updated);
    },
  );

  app.patch(
    '/api/users/me',
    signedIn({ body: patchBody, response: { 200: selfUser, ...errors(400, 401, 409) } }),
    async (request, reply) => {
      const { avatarUrl, ...rest } = request.body;
      const body =
        avatarUrl !== undefined && rest.profileImage === undefined
          ? { ...rest, profileImage: avatarUrl }
          : rest;
      const updated = await users.update(caller(request).user, body);
      rememberLocale(request, reply, updated.locale);
      return users.me(updated);
    },
  );

  app.get(
    '/api/users/:id',
    signedIn({ params, response: { 200: z.union([selfUser, publicProfile]), ...errors(401, 404) } }),
    async (request) => {
      const me = caller(request).user;
      if (request.params.id === me.id) return presentSelf(me);
      return presentPublic(await users.getPublic(request.params.id));
    },
  );

  app.put(
    '/api/users/:id',
    signedIn({ params, body: updateUserBody, response: { 200: selfUser, ...errors(400, 401, 403, 409) } }),
    async (request) => {
      const me = caller(request).user;
      users.assertSelf(me.id, request.params.id);
      return presentSelf(await users.update(me, request.body));
    },
  );

  for (const path of ['/api/users/me', '/api/users/:id']) {
    app.delete(
      path,
      signedIn({
        ...(path.endsWith(':id') ? { params } : {}),
        body: deleteBody,
        response: { 200: messageResponse, ...errors(400, 401, 403) },
      }),
      async (request) => {
        const me = caller(request).user;
        const id = (request.params as { id?: string }).id;
        if (id !== undefined) users.assertSelf(me.id, id);
        await auth.confirmPassword(me, request.body.currentPassword);
        await auth.endAllSessions(me.id, 'account deleted');
        await users.remove(me);
        return { message: 'Account deleted' };
      },
    );
  }

  // The settings page of the original client uses the unprefixed path.
  for (const path of ['/api/users/me/password', '/users/me/password', '/api/users/:id/password']) {
    app.put(
      path,
      signedIn({
        hide: !path.startsWith('/api'),
        ...(path.includes(':id') ? { params } : {}),
        body: changePasswordBody,
        response: { 200: messageResponse, ...errors(400, 401, 403, 429) },
      }),
      async (request) => {
        const me = caller(request);
        const id = (request.params as { id?: string }).id;
        if (id !== undefined) users.assertSelf(me.user.id, id);
        await auth.changePassword(
          me.user,
          me.sessionId,
          request.body.currentPassword,
          request.body.newPassword,
        );
        return { message: MSG.passwordChanged };
      },
    );
  }
}
