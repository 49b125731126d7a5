import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { CommunitiesService } from '../communities/communities.service.ts';
import { searchRoutes } from './search.routes.ts';

/** The header's one search box: people, events and communities. */
export function register(app: App, deps: Kernel & { guards: Guards; communities: CommunitiesService }): void {
  searchRoutes(app, deps.db, deps.guards, deps.communities);
}
