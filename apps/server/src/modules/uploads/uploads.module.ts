import type { App } from '../../platform/http.ts';
import type { Kernel } from '../../platform/kernel.ts';
import type { Guards } from '../../platform/request-user.ts';
import { createServerOrigin } from '../../platform/server-origin.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';

/** Pictures: uploads through the one image pipeline, into local storage or S3. */
export async function register(app: App, deps: Kernel & { guards: Guards }) {
  const uploads = createUploadsService({
    db: deps.db,
    storage: deps.storage,
    sanitizeImage: deps.sanitizeImage,
    resizeImage: deps.resizeImage,
    serverOrigin: createServerOrigin(deps.config),
  });
  await uploadsRoutes(app, uploads, deps.storage, deps.guards, deps.limiter);
  return uploads;
}
