import {
  acceptInvitationBody,
  CLUB_IO_LIMITS,
  CLUB_IO_MSG,
  communityResponse,
  createImportBody,
  exportResponse,
  type ImportDates,
  INVITATION_MSG,
  idParams,
  importDatesField,
  importListResponse,
  importResponse,
  MSG,
  memberImportBody,
  memberImportPreviewResponse,
  memberImportResponse,
  neverInviteQuery,
  neverInviteResponse,
  shareEmailBody,
  shareEmailResponse,
  slugParam,
  updateImportBody,
} from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { escapeHtml } from '../../platform/mail/templates.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import { NEVER_INVITE, page, wantsHtml } from '../notifications/notifications.routes.ts';
import type { ClubIoService } from './club-io.service.ts';

const tags = ['communities'];

/**
 * An import's source: a multipart `file` (with an optional `dates` field; `subscribe` is ignored),
 * or JSON `{ url, subscribe?, dates? }`.
 */
async function importSource(request: FastifyRequest) {
  if (request.isMultipart()) {
    let file: { fileName: string; content: string } | undefined;
    let dates: ImportDates | undefined;
    for await (const part of request.parts({ limits: { fileSize: CLUB_IO_LIMITS.icsMaxBytes } })) {
      if (part.type !== 'file') {
        if (part.fieldname === 'dates') {
          const parsed = importDatesField.safeParse(part.value);
          if (!parsed.success) throw badRequest(CLUB_IO_MSG.datesInvalid);
          dates = parsed.data;
        }
        continue;
      }
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(CLUB_IO_MSG.tooLarge);
        throw error;
      });
      if (part.fieldname === 'file' && !file)
        file = { fileName: part.filename || 'calendar.ics', content: data.toString('utf8') };
    }
    if (!file) throw badRequest(CLUB_IO_MSG.sourceRequired);
    return { ...file, ...(dates ? { dates } : {}) };
  }
  const parsed = createImportBody.safeParse(request.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      issue?.path.length
        ? issue.message
        : issue?.code === 'invalid_type'
          ? MSG.bodyInvalid
          : (issue?.message ?? MSG.badRequest),
    );
  }
  return parsed.data;
}

/** A community's zip, saved by the browser under its name. */
function sendZip(reply: FastifyReply, zip: { name: string; file: Buffer }) {
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${zip.name}"`)
    .header('cache-control', 'no-store')
    .send(zip.file);
}

/** Bringing a club in and taking it out (docs/API.md, "Import and export"). */
export function clubIoRoutes(
  app: App,
  service: ClubIoService,
  communities: CommunitiesService,
  guards: Guards,
): void {
  const { requireAuth } = guards;
  const auth = routeOptions(tags, requireAuth);

  app.post(
    '/api/communities/:slug/imports',
    auth({
      params: slugParam,
      consumes: ['application/json', 'multipart/form-data'],
      description:
        'Imports events from an ICS feed address (JSON `{ url, subscribe?, dates? }`) or an uploaded `.ics` file (multipart field `file`, optional field `dates`). `dates`: `publish` (default) or `ask`, what becomes of the dates of imported series.',
      response: { 202: importResponse, ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const me = caller(request).user;
      const source = await importSource(request);
      return reply.status(202).send({ import: await service.startImport(me, request.params.slug, source) });
    },
  );

  app.get(
    '/api/communities/:slug/imports',
    auth({ params: slugParam, response: { 200: importListResponse, ...errors(401, 403, 404) } }),
    async (request) => ({ imports: await service.listImports(caller(request).user, request.params.slug) }),
  );

  app.get(
    '/api/imports/:id',
    auth({ params: idParams, response: { 200: importResponse, ...errors(401, 403, 404) } }),
    async (request) => ({ import: await service.getImport(caller(request).user, request.params.id) }),
  );

  app.patch(
    '/api/imports/:id',
    auth({
      params: idParams,
      body: updateImportBody,
      response: { 200: importResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      import: await service.setSubscribed(caller(request).user, request.params.id, request.body.subscribed),
    }),
  );

  app.post(
    '/api/communities/:slug/member-imports',
    auth({
      params: slugParam,
      body: memberImportBody,
      response: { 202: memberImportResponse, ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) =>
      reply.status(202).send({
        report: await service.inviteMembers(caller(request).user, request.params.slug, request.body.csv),
      }),
  );

  // The list read and judged, nothing sent (decision 076): the web shows it before "Send".
  app.post(
    '/api/communities/:slug/member-imports/preview',
    auth({
      params: slugParam,
      body: memberImportBody,
      response: { 200: memberImportPreviewResponse, ...errors(400, 401, 403, 404, 429) },
    }),
    async (request) => ({
      preview: await service.previewMembers(caller(request).user, request.params.slug, request.body.csv),
    }),
  );

  app.post(
    '/api/community-invitations/accept',
    auth({
      body: acceptInvitationBody,
      response: { 200: communityResponse, ...errors(400, 401, 403, 410) },
    }),
    async (request) => ({
      community: await service.acceptInvitation(caller(request).user, request.body.token),
    }),
  );

  // "Never invite me again" (decision 063): the mail's List-Unsubscribe one-click POST (RFC 8058,
  // a form body and no session: the signed token is the authorization), or the page's button.
  app.post(
    NEVER_INVITE,
    {
      schema: { tags, querystring: neverInviteQuery, response: { 200: neverInviteResponse, ...errors(400) } },
    },
    async (request, reply) => {
      await service.neverInvite(request.query.token);
      if (wantsHtml(request))
        return reply
          .type('text/html; charset=utf-8')
          .serializer((payload: unknown) => String(payload))
          .send(
            page(
              'You will not be invited again',
              `<p>${escapeHtml(INVITATION_MSG.neverInvited)}.</p>`,
            ) as never,
          );
      return { message: INVITATION_MSG.neverInvited };
    },
  );

  // The link opened in a browser: explains and offers the button (a GET changes nothing, so link
  // scanners cannot opt anyone out).
  app.get(NEVER_INVITE, { schema: { tags, querystring: neverInviteQuery } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!service.neverInviteValid(request.query.token))
      return reply
        .status(400)
        .send(page('This link is not valid', `<p>${escapeHtml(INVITATION_MSG.neverLinkInvalid)}.</p>`));
    const action = `${NEVER_INVITE}?token=${encodeURIComponent(request.query.token)}`;
    return reply.send(
      page(
        'Never be invited again?',
        `<p>Community organisers on Townsquare will not be able to invite this address by e-mail again.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#c2410c;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:600;font-size:16px">Never invite me again</button></form>`,
      ),
    );
  });

  app.get(
    '/api/communities/:slug/share-email',
    auth({ params: slugParam, response: { 200: shareEmailResponse, ...errors(401, 403, 404) } }),
    async (request) => ({
      shareEmail: await communities.sharesEmail(caller(request).user, request.params.slug),
    }),
  );

  app.put(
    '/api/communities/:slug/share-email',
    auth({
      params: slugParam,
      body: shareEmailBody,
      response: { 200: shareEmailResponse, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      shareEmail: await communities.setShareEmail(
        caller(request).user,
        request.params.slug,
        request.body.share,
      ),
    }),
  );

  app.get(
    '/api/communities/:slug/export',
    auth({
      params: slugParam,
      description: `The community as a zip; one of more than ${CLUB_IO_LIMITS.exportInlineMaxEvents} events is made by a job (202 with the export to poll).`,
      produces: ['application/zip', 'application/json'],
    }),
    async (request, reply) => {
      const result = await service.exportCommunity(caller(request).user, request.params.slug);
      if (result.kind === 'job') return reply.status(202).send({ export: result.export });
      return sendZip(reply, result);
    },
  );

  app.get(
    '/api/exports/:id',
    auth({ params: idParams, response: { 200: exportResponse, ...errors(401, 403, 404) } }),
    async (request) => ({ export: await service.getExport(caller(request).user, request.params.id) }),
  );

  app.get(
    '/api/exports/:id/file',
    auth({ params: idParams, produces: ['application/zip'] }),
    async (request, reply) => {
      return sendZip(reply, await service.exportFile(caller(request).user, request.params.id));
    },
  );
}
