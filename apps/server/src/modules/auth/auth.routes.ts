import {
  authResponse,
  forgotPasswordBody,
  idParams,
  loginBody,
  MSG,
  messageResponse,
  refreshBody,
  registerBody,
  registerResponse,
  resendVerificationBody,
  resetPasswordBody,
  sessionsResponse,
  verifyEmailBody,
  verifyResponse,
} from '@townsquare/contracts';
import type { FastifyRequest, FastifySchema, onRequestHookHandler } from 'fastify';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { AUTH_BODY_LIMIT } from '../../platform/json-body.ts';
import { browserLocale } from '../../platform/locale.ts';
import {
  LIMITS_PER,
  type RateLimiter,
  throttleByIp,
  type Window,
} from '../../platform/rate-limit/rate-limiter.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { fastSerializer } from '../../platform/serialize.ts';
import { presentSelf } from '../users/users.presenter.ts';
import type { AuthService, ClientMeta } from './auth.service.ts';

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  locale: browserLocale(request),
});

const tags = ['auth'];

export function authRoutes(app: App, auth: AuthService, guards: Guards, limiter: RateLimiter): void {
  const perIp = (name: string, window: Window) => throttleByIp(limiter, name, window);
  const signedIn = routeOptions(tags, guards.requireAuth);
  /** A signed-out form's route: a small body (AUTH_BODY_LIMIT), throttled by `onRequest`, public in the docs. */
  const form = <S extends FastifySchema>(
    onRequest: onRequestHookHandler | onRequestHookHandler[],
    schema: S,
  ) => ({
    bodyLimit: AUTH_BODY_LIMIT,
    ...routeOptions(tags, onRequest, { security: false })(schema),
  });

  app.post(
    '/api/auth/register',
    {
      ...form(perIp('register', LIMITS_PER.registrationsPerIp), {
        body: registerBody,
        response: { 201: registerResponse, ...errors(400, 409, 429) },
      }),
      config: { humanErrorField: true },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, meta(request))),
  );

  app.post(
    '/api/auth/login',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { tags, body: loginBody, response: { 200: authResponse, ...errors(400, 401, 429) } },
    },
    async (request) => auth.login(request.body.identifier, request.body.password, meta(request)),
  );

  for (const path of ['/api/auth/refresh', '/api/auth/refresh-token']) {
    app.post(
      path,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          tags,
          hide: path.endsWith('-token'),
          body: refreshBody,
          response: { 200: authResponse, ...errors(400, 401) },
        },
      },
      async (request) => auth.refresh(request.body.refreshToken),
    );
  }

  app.post(
    '/api/auth/logout',
    { bodyLimit: AUTH_BODY_LIMIT, ...signedIn({ response: { 200: messageResponse, ...errors(401) } }) },
    async (request) => {
      await auth.logout(caller(request).sessionId);
      return { message: MSG.loggedOut };
    },
  );

  app.get(
    '/api/auth/verify',
    {
      ...signedIn({ response: { 200: verifyResponse, ...errors(401) } }),
      serializerCompiler: fastSerializer,
    },
    async (request) => ({ user: presentSelf(caller(request).user) }),
  );

  app.post(
    '/api/auth/forgot-password',
    form(perIp('forgot', LIMITS_PER.forgotPerIp), {
      body: forgotPasswordBody,
      response: { 200: messageResponse, ...errors(400, 429) },
    }),
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { message: MSG.forgotPasswordSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    form(perIp('reset', LIMITS_PER.resetPerIp), {
      body: resetPasswordBody,
      response: { 200: messageResponse, ...errors(400, 429) },
    }),
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.newPassword);
      return { message: MSG.passwordResetDone };
    },
  );

  // The original client posts to /auth/verify-email without the /api prefix.
  for (const path of ['/api/auth/verify-email', '/auth/verify-email']) {
    app.post(
      path,
      form(perIp('verify', LIMITS_PER.verifyPerIp), {
        hide: !path.startsWith('/api'),
        body: verifyEmailBody,
        response: { 200: messageResponse, ...errors(400, 429) },
      }),
      async (request) => {
        await auth.verifyEmail(request.body.token);
        return { message: MSG.emailVerified };
      },
    );
  }

  app.post(
    '/api/auth/resend-verification',
    form([perIp('resend', LIMITS_PER.resendPerIp), guards.optionalAuth], {
      body: resendVerificationBody,
      response: { 200: messageResponse, ...errors(400, 401, 429) },
    }),
    async (request) => {
      await auth.resendVerification({
        user: request.auth?.user,
        email: request.auth ? undefined : request.body?.email,
      });
      return { message: MSG.verificationSent };
    },
  );

  // Sessions: see where you are signed in, and end any of those sign-ins.
  app.get(
    '/api/auth/sessions',
    signedIn({ response: { 200: sessionsResponse, ...errors(401) } }),
    async (request) => {
      const me = caller(request);
      return { sessions: await auth.listSessions(me.user.id, me.sessionId) };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    signedIn({ params: idParams, response: { 200: messageResponse, ...errors(401, 404) } }),
    async (request) => {
      const me = caller(request);
      await auth.endSession(me.user.id, request.params.id, me.sessionId);
      return { message: MSG.sessionEnded };
    },
  );

  app.delete(
    '/api/auth/sessions',
    signedIn({ response: { 200: messageResponse, ...errors(401) } }),
    async (request) => {
      const me = caller(request);
      await auth.endOtherSessions(me.user.id, me.sessionId);
      return { message: MSG.otherSessionsEnded };
    },
  );
}
