import {
  markReadBody,
  notificationsQuery,
  notificationsResponse,
  unreadResponse,
  unsubscribeQuery,
  unsubscribeResponse,
} from '@townsquare/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import { type App, errors } from '../../platform/http.ts';
import { requestLocale } from '../../platform/locale.ts';
import { escapeHtml } from '../../platform/mail/templates.ts';
import { caller, type createAuthGuards } from '../../platform/request-user.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const UNSUBSCRIBE = '/api/notifications/unsubscribe';
const security = [{ bearer: [] }];

/** The brand above the page: the app's mark and name, a link home (as the app's own header). */
const BRAND = `<header style="max-width:520px;margin:0 auto 16px"><a href="/" style="display:inline-flex;align-items:center;gap:10px;color:#1c1917;text-decoration:none;font-family:Georgia,serif;font-size:22px;font-weight:700"><img src="/favicon.svg" alt="" width="32" height="32" style="border-radius:8px">Townsquare</a></header>`;

/** A small page of our own (no script): the unsubscribe link opened in a browser, with the brand. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><link rel="manifest" href="/manifest.webmanifest"><title>${escapeHtml(title)} · Townsquare</title></head><body style="font-family:system-ui,sans-serif;background:#faf7f2;color:#1c1917;padding:24px">${BRAND}<main style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}<p style="margin:24px 0 0"><a href="/settings">All notification settings</a></p></main></body></html>`;
}

export const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** The guest e-mails' one-click "never e-mail me again" (modules/guests). */
export const GUEST_NEVER_EMAIL = '/api/guest-rsvps/never-email';
/** The community invitations' one-click "never invite me again" (modules/club-io, decision 063). */
export const NEVER_INVITE = '/api/community-invitations/never-invite';
/** The routes a mail client's one-click POST (a form body) may reach. */
const ONE_CLICK = new Set([UNSUBSCRIBE, GUEST_NEVER_EMAIL, NEVER_INVITE]);

export function notificationsRoutes(
  app: App,
  notifications: NotificationsService,
  guards: ReturnType<typeof createAuthGuards>,
): void {
  const onRequest = guards.requireAuth;

  app.get(
    '/api/notifications',
    {
      onRequest,
      schema: {
        tags,
        security,
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errors(400, 401) },
      },
    },
    // In the caller's language (their choice, else the browser's): the text is the web app's.
    async (request) => notifications.list(caller(request).user, request.query, requestLocale(request)),
  );

  app.get(
    '/api/notifications/unread-count',
    { onRequest, schema: { tags, security, response: { 200: unreadResponse, ...errors(401) } } },
    async (request) => notifications.unread(caller(request).user),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest,
      schema: {
        tags,
        security,
        body: markReadBody,
        response: { 200: unreadResponse, ...errors(400, 401) },
      },
    },
    async (request) => notifications.markRead(caller(request).user, request.body?.ids),
  );

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form,
  // without a session; the signed token is the authorization. Only this route (and the guest
  // e-mails' "never e-mail me again", decision 040, and the invitations' "never invite me
  // again", decision 063) takes form bodies.
  for (const type of ['application/x-www-form-urlencoded', 'text/plain'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (request, _body, done) => {
      if (ONE_CLICK.has(request.routeOptions.url ?? '')) done(null, undefined);
      else done(new HttpError(415, `Unsupported Media Type: ${type}`), undefined);
    });
  app.post(
    UNSUBSCRIBE,
    {
      schema: {
        tags,
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeResponse, ...errors(400) },
      },
    },
    async (request, reply) => {
      const result = await notifications.unsubscribe(request.query.token);
      if (wantsHtml(request))
        return reply
          .type('text/html; charset=utf-8')
          .serializer((payload: unknown) => String(payload))
          .send(page('You are unsubscribed', `<p>${escapeHtml(result.message)}</p>`) as never);
      return result;
    },
  );

  // The link opened in a browser: explains, and offers the button (a GET changes nothing, so
  // link scanners cannot unsubscribe anyone).
  app.get(
    '/api/notifications/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuery } },
    async (request, reply) => {
      const what = notifications.describeToken(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!what)
        return reply
          .status(400)
          .send(
            page(
              'This link is not valid',
              '<p>This unsubscribe link is not valid. Change your e-mail choices in your settings.</p>',
            ),
          );
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page(
          'Stop these e-mails?',
          `<p>You get e-mails from Townsquare about ${escapeHtml(what)}. Turn off only these e-mails; everything else stays as it is.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#c2410c;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:600;font-size:16px">Turn off e-mails about ${escapeHtml(what)}</button></form>`,
        ),
      );
    },
  );
}
