import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import { clubIoRoutes } from './club-io.routes.ts';
import { createClubIoService } from './club-io.service.ts';

/** Bringing a club in and taking it out: ICS imports, member invitations, the export. */
export function register(
  app: App,
  deps: Kernel & { guards: Guards; communities: CommunitiesService; blocks: BlocksService },
) {
  const clubIo = createClubIoService({
    db: deps.db,
    jobs: deps.jobs,
    mailer: deps.mailer,
    limiter: deps.limiter,
    publicUrl: deps.config.publicUrl,
    links: deps.links,
    allowPrivate: deps.config.push.allowPrivateEndpoints,
    importDeadlineMs: deps.config.importDeadlineMs,
    communities: deps.communities,
    blockedBetween: (a, b) => deps.blocks.between(a, b),
  });
  clubIoRoutes(app, clubIo, deps.communities, deps.guards);
  deps.onStart(() => clubIo.start());
  return clubIo;
}
