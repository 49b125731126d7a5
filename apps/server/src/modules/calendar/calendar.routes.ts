import { calendarFeedResponse } from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import { type CalendarFeed, type CalendarService, FEED_NOT_FOUND } from './calendar.service.ts';

const tags = ['calendar'];

/** Sends a feed with its ETag; a matching If-None-Match is answered 304 without the body. */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: CalendarFeed, cache: string) {
  reply.header('etag', feed.etag).header('cache-control', cache);
  if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
  return reply.type('text/calendar; charset=utf-8').send(feed.body);
}

export function calendarRoutes(app: App, calendar: CalendarService, guards: Guards) {
  app.get(
    '/api/calendar/:file',
    {
      schema: {
        tags,
        params: z.object({ file: z.string().max(200, FEED_NOT_FOUND) }),
        produces: ['text/calendar'],
        response: errors(404),
      },
    },
    async (request, reply) => {
      const file = request.params.file;
      if (!file.endsWith('.ics')) throw notFound(FEED_NOT_FOUND);
      // The link is the credential: never cached by shared caches, and no referrer leaves with it.
      return sendFeed(request, reply, await calendar.personalFeed(file.slice(0, -4)), 'private, max-age=300');
    },
  );

  app.get(
    '/api/communities/:slug/calendar.ics',
    {
      schema: {
        tags,
        params: z.object({ slug: z.string().max(200, FEED_NOT_FOUND) }),
        produces: ['text/calendar'],
        response: errors(404),
      },
    },
    async (request, reply) =>
      sendFeed(request, reply, await calendar.communityFeed(request.params.slug), 'public, max-age=300'),
  );

  app.post(
    '/api/users/me/calendar-feed/reset',
    routeOptions(tags, guards.requireAuth)({ response: { 200: calendarFeedResponse, ...errors(401) } }),
    async (request) => ({ calendarFeedUrl: await calendar.resetFeed(caller(request).user) }),
  );
}
