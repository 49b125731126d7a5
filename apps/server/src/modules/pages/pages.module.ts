import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import { serveWebApp } from '../../platform/web-app.ts';
import type { AlbumsService } from '../albums/albums.service.ts';
import type { CommunityAnnouncements } from '../communities/announcements.service.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { CityPages } from '../places/city-pages.service.ts';
import type { SponsorsService } from '../sponsors/sponsors.service.ts';
import { pagesRoutes } from './pages.routes.ts';
import { createPagesService } from './pages.service.ts';
import { createRenderer, createShell } from './shell.ts';

/** apps/web/dist, found from the source tree (src/modules/pages) or the bundle (dist/server.js). */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverRoot = here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '..')
    : path.resolve(here, '..', '..', '..');
  return path.resolve(serverRoot, '..', 'web', 'dist');
}

/**
 * robots.txt, the sitemap, the pages whose head the server fills in (link previews), and last
 * the built web app for every other path.
 */
export async function register(
  app: App,
  deps: Kernel & {
    events: EventsService;
    cities: CityPages;
    communities: CommunitiesService;
    announcements: CommunityAnnouncements;
    albums: AlbumsService;
    sponsors: SponsorsService;
    /** The instance's currency now (the instance settings, decision 082). */
    currency: () => string;
  },
) {
  const { config } = deps;
  const webDist = config.webDistDir ?? defaultWebDist();
  pagesRoutes(
    app,
    createPagesService({
      events: deps.events,
      cities: deps.cities,
      communities: deps.communities,
      announcements: deps.announcements,
      albums: deps.albums,
      sponsors: deps.sponsors,
      publicUrl: config.publicUrl,
      currency: deps.currency,
    }),
    createShell(webDist),
    createRenderer(webDist, (err) => app.log.error({ err }, 'page rendering failed')),
    { limiter: deps.limiter, ...config.publicReads },
  );
  await serveWebApp(app, webDist);
}
