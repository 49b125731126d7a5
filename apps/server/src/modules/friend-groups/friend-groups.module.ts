import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { Memberships } from '../groups/membership.service.ts';
import { friendGroupsRoutes } from './friend-groups.routes.ts';
import { createFriendGroupsService } from './friend-groups.service.ts';

/** Friend groups: a circle of friends with a chat. */
export function register(app: App, deps: Kernel & { guards: Guards; memberships: Memberships }) {
  const friendGroups = createFriendGroupsService({ db: deps.db, memberships: deps.memberships });
  friendGroupsRoutes(app, friendGroups, deps.guards);
  return friendGroups;
}
