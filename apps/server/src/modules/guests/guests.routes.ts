import {
  GUEST_MSG,
  guestAcceptedResponse,
  guestConfirmResponse,
  guestFormResponse,
  guestMessageResponse,
  guestRsvpBody,
  guestRsvpResponse,
  guestRsvpUpdateBody,
  guestTokenBody,
  guestTokenParams,
  guestVotesBody,
  guestVotesConfirmResponse,
  guestVotesResponse,
  guestVotesUpdateBody,
  idParams as params,
  pollVoteResponse,
  text,
} from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { requestLocale } from '../../platform/locale.ts';
import { escapeHtml } from '../../platform/mail/templates.ts';
import { LIMITS_PER, type RateLimiter, throttleByIp } from '../../platform/rate-limit/rate-limiter.ts';
import { GUEST_NEVER_EMAIL, page, wantsHtml } from '../notifications/notifications.routes.ts';
import type { GuestService } from './guests.service.ts';

const tags = ['guests'];

/** A form token or a guest's own answers: never kept by a cache (set after validation, as a handler would). */
async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * Answering without an account (decision 040). No route here takes a session: the event id (for
 * a public event that allows it) or a token from an e-mail is the whole authority.
 */
export function guestRoutes(app: App, guests: GuestService, limiter: RateLimiter): void {
  const askLimit = throttleByIp(limiter, 'guest-rsvp', LIMITS_PER.guestRsvpPerIp);
  const linkLimit = throttleByIp(limiter, 'guest-link', LIMITS_PER.guestLinksPerIp);
  // Throttled by client address; no bearer security in the docs, since none of these takes a session.
  const ask = routeOptions(tags, askLimit, { security: false });
  const link = routeOptions(tags, linkLimit, { security: false });

  app.get(
    '/api/events/:id/guest-rsvps/form',
    {
      schema: { tags, params, response: { 200: guestFormResponse, ...errors(400, 404) } },
      preHandler: noStore,
    },
    async (request) => guests.form(request.params.id),
  );

  app.post(
    '/api/events/:id/guest-rsvps',
    ask({ params, body: guestRsvpBody, response: { 202: guestAcceptedResponse, ...errors(400, 404, 429) } }),
    async (request, reply) => {
      // Their e-mails are written in the language they answered in.
      await guests.request(request.params.id, request.body, requestLocale(request));
      return reply.status(202).send({ message: GUEST_MSG.accepted });
    },
  );

  app.post(
    '/api/guest-rsvps/confirm',
    link({ body: guestTokenBody, response: { 200: guestConfirmResponse, ...errors(400, 409, 429) } }),
    async (request) => guests.confirm(request.body.token),
  );

  // "Never e-mail me again": the mail's List-Unsubscribe one-click POST carries the token in the
  // query; the web page sends it in the body, the confirmation page below as a form.
  const neverQuery = z.object({ token: text('Token').max(2000, GUEST_MSG.linkInvalid).optional() });
  app.post(
    GUEST_NEVER_EMAIL,
    link({ querystring: neverQuery, response: { 200: guestMessageResponse, ...errors(400, 429) } }),
    async (request, reply) => {
      const body = guestTokenBody.safeParse(request.body);
      const token = request.query.token ?? (body.success ? body.data.token : '');
      await guests.neverEmail(token);
      if (wantsHtml(request))
        return reply
          .type('text/html; charset=utf-8')
          .serializer((payload: unknown) => String(payload))
          .send(
            page('You will not be e-mailed again', `<p>${escapeHtml(GUEST_MSG.neverEmailed)}.</p>`) as never,
          );
      return { message: GUEST_MSG.neverEmailed };
    },
  );

  // The same link opened in a browser (the mail's footer, or its List-Unsubscribe for a client
  // that opens it): explains and offers the button. A GET changes nothing, so link scanners
  // cannot opt anyone out (as the members' unsubscribe page, and decision 063's).
  // A GET without a token is a 400 in the one error shape (what the schema checks), as every route's.
  const openedQuery = z.object({
    token: text('Token', GUEST_MSG.linkInvalid).max(2000, GUEST_MSG.linkInvalid),
  });
  app.get(GUEST_NEVER_EMAIL, link({ querystring: openedQuery }), async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { token } = request.query;
    if (!guests.neverEmailValid(token))
      return reply
        .status(400)
        .send(page('This link is not valid', `<p>${escapeHtml(GUEST_MSG.linkInvalid)}.</p>`));
    const action = `${GUEST_NEVER_EMAIL}?token=${encodeURIComponent(token)}`;
    return reply.send(
      page(
        'Stop all e-mails to this address?',
        `<p>Townsquare will not send this address any more e-mails: no confirmations, reminders or changes of events you answered without an account.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#c2410c;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:600;font-size:16px">Never e-mail me again</button></form>`,
      ),
    );
  });

  app.get(
    '/api/guest-rsvps/:token',
    {
      ...link({ params: guestTokenParams, response: { 200: guestRsvpResponse, ...errors(400, 404, 429) } }),
      preHandler: noStore,
    },
    async (request) => ({ rsvp: await guests.view(request.params.token) }),
  );

  app.patch(
    '/api/guest-rsvps/:token',
    link({
      params: guestTokenParams,
      body: guestRsvpUpdateBody,
      response: { 200: guestRsvpResponse, ...errors(400, 404, 409, 429) },
    }),
    async (request) => ({ rsvp: await guests.update(request.params.token, request.body) }),
  );

  app.delete(
    '/api/guest-rsvps/:token',
    link({ params: guestTokenParams, response: { 200: guestMessageResponse, ...errors(400, 404, 429) } }),
    async (request) => {
      await guests.cancel(request.params.token);
      return { message: 'Your answer is cancelled' };
    },
  );

  // Guest votes in a date poll that allows them (decision 056): the same form token, honeypot,
  // limits (the per-address and per-IP counts are shared with guest answers) and links.
  app.get(
    '/api/polls/:id/guest-votes/form',
    {
      schema: { tags, params, response: { 200: guestFormResponse, ...errors(403, 404, 409) } },
      preHandler: noStore,
    },
    async (request) => guests.pollForm(request.params.id),
  );

  app.post(
    '/api/polls/:id/guest-votes',
    ask({
      params,
      body: guestVotesBody,
      response: { 202: guestAcceptedResponse, ...errors(400, 403, 404, 409, 429) },
    }),
    async (request, reply) => {
      await guests.requestVotes(request.params.id, request.body, requestLocale(request));
      return reply.status(202).send({ message: GUEST_MSG.votesAccepted });
    },
  );

  app.post(
    '/api/guest-votes/confirm',
    link({
      body: guestTokenBody,
      response: { 200: guestVotesConfirmResponse, ...errors(400, 403, 404, 409, 429) },
    }),
    async (request) => guests.confirmVotes(request.body.token),
  );

  app.get(
    '/api/guest-votes/:token',
    {
      ...link({ params: guestTokenParams, response: { 200: guestVotesResponse, ...errors(400, 404, 429) } }),
      preHandler: noStore,
    },
    async (request) => guests.viewVotes(request.params.token),
  );

  app.put(
    '/api/guest-votes/:token',
    link({
      params: guestTokenParams,
      body: guestVotesUpdateBody,
      response: { 200: pollVoteResponse, ...errors(400, 403, 404, 409, 429) },
    }),
    async (request) => guests.updateVotes(request.params.token, request.body.votes),
  );

  app.delete(
    '/api/guest-votes/:token',
    link({
      params: guestTokenParams,
      response: { 200: guestMessageResponse, ...errors(400, 403, 404, 409, 429) },
    }),
    async (request) => {
      await guests.withdrawVotes(request.params.token);
      return { message: GUEST_MSG.votesWithdrawn };
    },
  );
}
