import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { App } from './http.ts';
import { openApiDocument } from './openapi.ts';

/** Every method of the original client contract, for CORS_ORIGINS clients. */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Responses compressed on the fly: the API's JSON and the server-rendered text (sitemap, pages
 * with a filled-in head). Built scripts and styles are not: they are compressed at build time.
 */
const COMPRESSIBLE = /^(?:application\/(?:json|xml)|text\/html)(?:;|$)/;

export type HttpPluginOptions = {
  publicUrl: string;
  corsOrigins: string[];
  /** MAP_TILE_URL: its host may serve images. */
  tileUrl: string;
  /** The upload bucket's origins (S3 storage only). */
  s3Origins: { public: string; upload: string } | undefined;
  /** The largest file a multipart body may carry. */
  maxBody: number;
};

/**
 * The HTTP policy every route shares, registered before any route: security headers (CSP, HSTS),
 * compression, CORS for CORS_ORIGINS, multipart bodies and the OpenAPI document.
 */
export async function registerHttpPlugins(app: App, o: HttpPluginOptions): Promise<void> {
  const https = o.publicUrl.startsWith('https:');
  // Map tiles are images from MAP_TILE_URL's host; a {s} subdomain is any subdomain.
  const tileOrigin = (url: string) => (/^https?:\/\/[^/]+/.exec(url)?.[0] ?? "'self'").replace('{s}', '*');
  // Pages may connect to their own origin and the configured ones only: the public URL (and its
  // WebSocket form, for browsers that do not count ws: as 'self') and the upload bucket.
  const publicOrigin = new URL(o.publicUrl).origin;
  const socketOrigin = publicOrigin.replace(/^http/, 'ws');
  // The security headers, built once: @fastify/helmet built helmet's middleware (parsing the CSP
  // again) on every request, ≈ 50 µs of the list's layer cost.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes and the toast library's injected <style>; never scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // PUBLIC_URL's origin too: image URLs are built from it, and the page may have been
        // loaded from another address of the same machine (127.0.0.1 for localhost).
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          new URL(o.publicUrl).origin,
          ...(o.s3Origins ? [o.s3Origins.public] : []),
          tileOrigin(o.tileUrl),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", publicOrigin, socketOrigin, ...(o.s3Origins ? [o.s3Origins.upload] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // Brotli or gzip for bodies of 1 KiB and more when the client accepts it (every route declared
  // below). Request bodies are never inflated: a compressed upload is not something we take.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
  if (o.corsOrigins.length > 0) {
    // Every method and request header the original client uses: the plugin's default
    // (GET, HEAD, POST) made browsers block its profile save, event edit and delete. Bearer
    // tokens, not cookies: no credentials. The signed PUT has its own CORS (any origin).
    await app.register(fastifyCors, {
      origin: o.corsOrigins,
      methods: CORS_METHODS,
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposedHeaders: ['Retry-After', 'X-Next-Before'],
      credentials: false,
      maxAge: 600,
    });
  }

  // Multipart bodies: POST /api/upload/file and the original client's event form.
  await app.register(fastifyMultipart, {
    limits: { fileSize: o.maxBody, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Townsquare API',
        version: '0.1.0',
        description: 'REST API of Townsquare. See docs/API.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: openApiDocument(o.publicUrl),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
