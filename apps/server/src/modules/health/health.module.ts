import { MSG } from '@townsquare/contracts';
import type { Server } from 'socket.io';
import { send } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import type { Kernel, Later } from '../../platform/kernel.ts';
import { metricsAccess } from '../../platform/metrics.ts';
import { createInstanceSettings, type InstanceSettings } from '../admin/instance-settings.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness, readiness, the instance's public settings and the Prometheus metrics. */
export function register(app: App, deps: Kernel & { io: Later<Server> }): InstanceSettings {
  const { config, metrics, jobs } = deps;
  // The instance settings (decision 082): the environment's, else what an admin saved.
  const settings = createInstanceSettings({ db: deps.db, env: config.instanceEnv, map: config.map });
  healthRoutes(app, deps.db, deps.images, deps.redis, () => settings.publicView());
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, config.metricsToken);
    if (access === 'token required') return send(reply, request, 401, MSG.unauthorized);
    if (access === 'loopback only') return send(reply, request, 403, MSG.metricsLoopbackOnly);
    metrics.setSocketCount(deps.io().engine.clientsCount);
    metrics.setDeadLetters(await jobs.deadLetters().catch(() => []));
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return settings;
}
