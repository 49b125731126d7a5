import { accountExport } from '@townsquare/contracts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';
import type { ExportService } from './export.service.ts';

/** GET /api/users/me/export: the caller's data as a JSON file download. */
export function exportRoutes(app: App, exporter: ExportService, guards: Guards): void {
  app.get(
    '/api/users/me/export',
    routeOptions(
      ['users'],
      guards.requireAuth,
    )({
      description: 'Your profile, events, RSVPs, friends, groups and every message you sent, as a JSON file.',
      response: { 200: accountExport, ...errors(401, 429) },
    }),
    async (request, reply) => {
      const me = caller(request).user;
      const data = await exporter.exportAccount(me);
      reply
        .header('content-disposition', `attachment; filename="${exporter.fileName(me)}"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );
}
