import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@townsquare/contracts';
import type { DomainEventType } from '../../platform/domain-events.ts';
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

/** The domain events that change what a signed-out visitor is shown (decision 081). */
const PUBLIC_CHANGES = [
  'event.changed',
  'event.cancelled',
  'rsvp.changed',
  'place.offered',
  'member.approved',
  'community.announced',
  'recap.published',
  'album.first_photos',
  'sponsorship.changed',
] as const satisfies readonly DomainEventType[];

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
  const shell = createShell(webDist);
  const renderer = createRenderer(webDist, (err) => app.log.error({ err }, 'page rendering failed'));
  // No cold start: the SSR bundle, its catalogs and route code and the templates are loaded
  // before the server listens, not by the first visitors (who waited up to a second for them).
  // The data path too: each page's reads once, for nothing (statements planned, presenters and
  // serializers made); an unknown id or slug finds nothing and costs a query each.
  deps.onStart(async () => {
    await shell.read();
    await renderer.warm(LOCALES);
    await Promise.allSettled([
      pages.eventPage('00000000-0000-0000-0000-000000000000', 'en'),
      pages.communityPage('warm-up', 'en'),
      pages.cityPage('warm-up', 'en'),
      pages.sitemap(),
    ]);
  });
  const pages = createPagesService({
    events: deps.events,
    cities: deps.cities,
    communities: deps.communities,
    announcements: deps.announcements,
    albums: deps.albums,
    sponsors: deps.sponsors,
    publicUrl: config.publicUrl,
    currency: deps.currency,
  });
  pagesRoutes(
    app,
    pages,
    shell,
    renderer,
    { limiter: deps.limiter, ...config.publicReads },
    deps.publicCache,
  );
  // What signed-out pages show changes with these domain events (decision 081): a new generation
  // of the public cache on every instance. Anything else they show (a community's own text, a
  // host's name) is at most PUBLIC_CACHE_SECONDS old.
  for (const type of PUBLIC_CHANGES)
    deps.outbox.subscribe({
      name: `public-cache-${type.replace(/[._]/g, '-')}`,
      on: type,
      handle: () => deps.publicCache.invalidate(),
    });
  await serveWebApp(app, webDist);
}
