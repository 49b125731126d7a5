import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createWebPages, type WebPages } from '../modules/pages/web-pages.ts';
import { send } from './errors.ts';
import type { App } from './http.ts';

/** Paths the single-page app must never answer: they are API, socket or file paths. */
const NOT_SPA = /^\/(api|socket\.io|uploads|auth|users|sub-groups|metrics|assets)(\/|$)/;

/**
 * Pages the web build pre-rendered (`<webDist>/prerendered/<name>.html`, see apps/web/build/prerender.ts)
 * are sent for their own path (`index` for `/`) instead of the empty shell, so they paint before the
 * app's script has run. Which pages exist is read at start-up; their content per request.
 */
function servePrerendered(app: App, webDist: string, pages: WebPages): void {
  const dir = path.join(webDist, 'prerendered');
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    // `<name>.<locale>.html` are translations of `<name>.html` (WebPages), not pages of their own.
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (!name) continue;
    app.get(name === 'index' ? '/' : `/${name}`, { schema: { hide: true } }, (request, reply) =>
      pages.send(request, reply, `prerendered/${file}`),
    );
  }
}

/**
 * The built web app, when `webDist` holds one: its files (precompressed copies, long-lived cache for
 * hashed assets), the pre-rendered pages, and the shell for every other page path; what is not a
 * page stays a 404. Registered after every route.
 */
export async function serveWebApp(app: App, webDist: string): Promise<void> {
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // `/` and every other page go through WebPages (their `<html lang>`), never straight to a file.
      index: false,
      // The request-time renderer the web build leaves beside the app is the server's, not a page's.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // The web build writes .br and .gz copies beside each asset; they are sent to clients that
      // accept them (with Vary: Accept-Encoding), the plain file to the rest.
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const webPages = createWebPages(webDist);
  if (serveWeb) servePrerendered(app, webDist, webPages);
  // Without a pre-rendered landing page, `/` is the shell like any other page (static serving
  // answers directories with 403 now that it has no index file of its own).
  if (serveWeb && !webPages.has('prerendered/index.html'))
    app.get('/', { schema: { hide: true } }, (request, reply) => webPages.send(request, reply, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(pathname)) {
      return webPages.send(request, reply, 'index.html');
    }
    return send(reply, request, 404, `Cannot ${request.method} ${pathname}`);
  });
}
