import {
  adminReportsResponse,
  auditQuery,
  auditResponse,
  createReportBody,
  idParam,
  idParams,
  MODERATION_MSG,
  messageResponse,
  myReportsResponse,
  reportResponse,
  reportsQuery,
  resolveReportBody,
  resolveReportResponse,
  suspendBody,
  suspensionResponse,
} from '@townsquare/contracts';
import { z } from 'zod';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { ModerationService } from './moderation.service.ts';

/** Reports (everyone signed in), the moderation queue, suspensions and the audit log (admins). */
export function moderationRoutes(app: App, moderation: ModerationService, guards: Guards): void {
  const { requireAuth } = guards;
  const auth = routeOptions(['moderation'], requireAuth);
  const admin = routeOptions(['admin'], guards.requireAdmin);

  app.post(
    '/api/reports',
    auth({ body: createReportBody, response: { 201: reportResponse, ...errors(400, 401, 404, 409) } }),
    async (request, reply) =>
      reply.status(201).send({ report: await moderation.report(caller(request).user, request.body) }),
  );

  app.get(
    '/api/reports/mine',
    auth({ response: { 200: myReportsResponse, ...errors(401) } }),
    async (request) => ({ reports: await moderation.mine(caller(request).user) }),
  );

  app.delete(
    '/api/messages/:messageId',
    routeOptions(
      ['messages'],
      requireAuth,
    )({
      params: z.object({ messageId: idParam }),
      response: { 200: messageResponse, ...errors(401, 403, 404) },
    }),
    async (request) => {
      await moderation.removeMessage(caller(request).user, request.params.messageId);
      return { message: MODERATION_MSG.messageDeleted };
    },
  );

  app.get(
    '/api/admin/reports',
    admin({ querystring: reportsQuery, response: { 200: adminReportsResponse, ...errors(400, 401, 403) } }),
    async (request) => moderation.list(request.query.state, request.query.cursor),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    admin({
      params: idParams,
      body: resolveReportBody,
      response: { 200: resolveReportResponse, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => moderation.resolve(caller(request).user, request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    admin({
      params: idParams,
      body: suspendBody,
      response: { 200: suspensionResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) =>
      moderation.suspend(caller(request).user, request.params.id, request.body.days, request.body.reason),
  );

  app.delete(
    '/api/admin/users/:id/suspend',
    admin({
      params: idParams,
      response: { 200: suspensionResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => moderation.restore(caller(request).user, request.params.id),
  );

  app.get(
    '/api/admin/audit',
    admin({ querystring: auditQuery, response: { 200: auditResponse, ...errors(400, 401, 403) } }),
    async (request) => moderation.audit(request.query.cursor),
  );
}
