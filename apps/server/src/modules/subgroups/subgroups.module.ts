import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Memberships } from '../groups/membership.service.ts';
import { subgroupsRoutes } from './subgroups.routes.ts';
import { createSubgroupsService } from './subgroups.service.ts';

/** Sub-groups of an event, each with its chat. */
export function register(app: App, deps: Kernel & { guards: Guards; memberships: Memberships }) {
  const subgroups = createSubgroupsService({ db: deps.db, memberships: deps.memberships });
  subgroupsRoutes(app, subgroups, deps.guards);
  return subgroups;
}
