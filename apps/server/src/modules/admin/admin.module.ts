import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { adminRoutes } from './admin.routes.ts';
import { type InstanceSettings, instanceSettingsRoutes } from './instance-settings.ts';

/** Platform administration, for people with the admin flag; every action in the audit log. */
export function register(
  app: App,
  deps: Kernel & { guards: Guards; moderation: ModerationService; instanceSettings: InstanceSettings },
): void {
  adminRoutes(app, deps.db, deps.guards, deps.moderation.record);
  instanceSettingsRoutes(app, deps.instanceSettings, deps.guards, deps.moderation.record);
}
