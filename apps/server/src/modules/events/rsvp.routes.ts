import {
  attendeesResponse,
  checkInBody,
  checkInResponse,
  eventAnnouncementBody,
  eventAnnouncementResponse,
  eventResponse,
  idParam,
  idParams as params,
  ticketQrQuery,
  ticketResponse,
  transferBody,
} from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { EventAnnouncements } from './announcements.service.ts';
import type { EventsService } from './events.service.ts';
import type { RsvpService } from './rsvp.service.ts';

const tags = ['events'];
/** An event and a person on it (co-hosts, the guest list). */
const cohostParams = z.object({ id: idParam, userId: idParam });

/** Transfers, co-hosts, tickets, check-in, the hosts' attendee list (decision 022) and announcements. */
export function rsvpRoutes(
  app: App,
  eventsService: EventsService,
  rsvps: RsvpService,
  guards: Guards,
  announcements: EventAnnouncements,
): void {
  const { requireAuth } = guards;
  const auth = routeOptions(tags, requireAuth);

  app.post(
    '/api/events/:id/rsvp/transfer',
    auth({ params, body: transferBody, response: { 200: eventResponse, ...errors(400, 401, 404, 409) } }),
    async (request) => {
      const { user } = caller(request);
      await rsvps.transfer(user, request.params.id, request.body.toUserId);
      return { event: await eventsService.get(request.params.id, user.id) };
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/events/:id/cohosts/:userId',
      ...auth({ params: cohostParams, response: { 200: eventResponse, ...errors(400, 401, 403, 404) } }),
      handler: async (request) => {
        const { user } = caller(request);
        const { id, userId } = request.params;
        if (method === 'POST') await rsvps.addCohost(user, id, userId);
        else await rsvps.removeCohost(user, id, userId);
        return { event: await eventsService.get(id, user.id) };
      },
    });
  }

  app.get(
    '/api/events/:id/ticket',
    auth({ params, response: { 200: ticketResponse, ...errors(401, 403, 404) } }),
    async (request) => rsvps.ticket(caller(request).user, request.params.id),
  );

  // The ticket's QR code as a picture, for the guest's e-mail (decision 077): the signed code is
  // all it takes, as in the QR code itself; it names no one but an id.
  app.get(
    '/api/events/:id/tickets/qr.png',
    routeOptions(tags, [], { security: false })({
      params,
      querystring: ticketQrQuery,
      produces: ['image/png'],
    }),
    async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'private, max-age=86400')
        .send(await rsvps.ticketQr(request.params.id, request.query.code)),
  );

  app.post(
    '/api/events/:id/check-ins',
    auth({
      params,
      body: checkInBody,
      response: { 201: checkInResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ checkIn: await rsvps.checkIn(caller(request).user, request.params.id, request.body) }),
  );

  app.get(
    '/api/events/:id/attendees',
    auth({ params, response: { 200: attendeesResponse, ...errors(401, 403, 404) } }),
    async (request) => rsvps.attendees(caller(request).user, request.params.id),
  );

  app.delete(
    '/api/events/:id/attendees/:userId',
    auth({ params: cohostParams, response: { 200: attendeesResponse, ...errors(400, 401, 403, 404) } }),
    async (request) => {
      const { user } = caller(request);
      await rsvps.removeAttendee(user, request.params.id, request.params.userId);
      return rsvps.attendees(user, request.params.id);
    },
  );

  app.post(
    '/api/events/:id/announcements',
    auth({
      params,
      body: eventAnnouncementBody,
      response: { 201: eventAnnouncementResponse, ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) =>
      reply.status(201).send(await announcements.send(caller(request).user, request.params.id, request.body)),
  );

  app.get(
    '/api/events/:id/attendees.csv',
    auth({ params, produces: ['text/csv'] }),
    async (request, reply) => {
      const csv = await rsvps.csv(caller(request).user, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.body);
    },
  );
}
