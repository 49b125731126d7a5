import send from '@fastify/send';
import {
  fileTooLargeMessage,
  fileUploadResponse,
  signedUrlBody,
  signedUrlResponse,
  tooManyRequestsMessage,
  UPLOAD_FOLDERS,
  UPLOAD_MSG,
  type UploadFolder,
} from '@townsquare/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, tooManyRequests } from '../../platform/errors.ts';
import { type App, errors, MAX_BODY, routeOptions } from '../../platform/http.ts';
import { LIMITS_PER, type RateLimiter, throttleByIp } from '../../platform/rate-limit/rate-limiter.ts';
import { caller, type createAuthGuards } from '../../platform/request-user.ts';
import {
  IMMUTABLE_CACHE,
  isLocalStorage,
  STORED_FILE,
  type Storage,
} from '../../platform/storage/storage.ts';
import type { UploadsService } from './uploads.service.ts';

const tags = ['uploads'];

/**
 * Headers of every stored image we serve. An image opened on its own runs nothing (sandbox). It is
 * public, and embeddable from any origin: the page may have been loaded from another address than
 * PUBLIC_URL (127.0.0.1 for localhost), and the original client is served from elsewhere, so the
 * default `cross-origin-resource-policy: same-origin` would block it there.
 */
const PUBLIC_IMAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
};

/** CORS for the signed PUT: the signature is the credential, so any origin may use it. */
const UPLOAD_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'PUT, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-acl, x-amz-meta-content-type, x-amz-checksum-algorithm',
  'access-control-max-age': '600',
};

/**
 * Counts one upload against the account and the address, in the shared limiter (Redis when
 * present); 429 when either is over. Every way a file reaches the server uses it (the event form too).
 */
export function uploadAllowance(limiter: RateLimiter) {
  return async (userId: string, ip: string): Promise<void> => {
    const [account, address] = await Promise.all([
      limiter.consume(`upload:account:${userId}`, LIMITS_PER.uploadsPerAccount),
      limiter.consume(`upload:ip:${ip}`, LIMITS_PER.uploadsPerIp),
    ]);
    const over = [account, address].find((v) => v.limited);
    if (over) throw tooManyRequests(tooManyRequestsMessage(over.retryAfterSeconds), over.retryAfterSeconds);
  };
}

/** A multipart file part read whole; 413 with the readable limit when it is over the plugin's. */
export function readFilePart(part: { toBuffer(): Promise<Buffer> }): Promise<Buffer> {
  return part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, fileTooLargeMessage(10 * 1024 * 1024));
    throw error;
  });
}

export async function uploadsRoutes(
  app: App,
  uploads: UploadsService,
  storage: Storage,
  guards: ReturnType<typeof createAuthGuards>,
  limiter: RateLimiter,
): Promise<void> {
  /**
   * After requireAuth, before the body is read: every upload (signed URL or multipart file)
   * counts against the account and the address, in the shared limiter (Redis when present).
   */
  const allowance = uploadAllowance(limiter);
  const throttleUploads = (request: FastifyRequest) => allowance(caller(request).user.id, request.ip);
  // The signed PUT is already counted by its signed URL; it gets its own count per address.
  const throttlePuts = throttleByIp(limiter, 'upload-put', LIMITS_PER.uploadsPerIp);

  const upload = routeOptions(tags, [guards.requireAuth, throttleUploads]);

  app.post(
    '/api/upload/signed-url',
    upload({ body: signedUrlBody, response: { 201: signedUrlResponse, ...errors(400, 401, 429) } }),
    async (request, reply) =>
      reply.status(201).send(
        await uploads.createSignedUrl(caller(request).user.id, request.body, {
          protocol: request.protocol,
          host: request.host,
        }),
      ),
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Local storage receives the browser's PUT itself; with S3 the browser PUTs to the bucket.
    if (isLocalStorage(storage)) {
      // Raw image bytes for the signed PUT, kept as a Buffer.
      scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, body, done) =>
        done(null, body),
      );
      scope.addContentTypeParser(
        ['application/octet-stream', 'text/plain', 'text/html', 'image/svg+xml'],
        { parseAs: 'buffer', bodyLimit: MAX_BODY },
        (_req, body, done) => done(null, body),
      );

      // `cors: false`: CORS_ORIGINS' plugin would answer this preflight first, for its origins only.
      scope.options(
        '/api/upload/put/*',
        { config: { cors: false }, schema: { hide: true } },
        async (_request, reply) => reply.headers(UPLOAD_CORS).status(204).send(),
      );

      scope.put(
        '/api/upload/put/*',
        {
          bodyLimit: MAX_BODY,
          config: { cors: false },
          onRequest: throttlePuts,
          schema: { tags, hide: true, querystring: z.record(z.string(), z.string()) },
        },
        async (request, reply) => {
          reply.headers(UPLOAD_CORS);
          const key = (request.params as { '*': string })['*'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const stored = await uploads.receive(key, request.query, request.headers['content-type'], body);
          return reply.status(200).send(stored);
        },
      );
    }

    scope.post(
      '/api/upload/file',
      upload({
        consumes: ['multipart/form-data'],
        response: { 201: fileUploadResponse, ...errors(400, 401, 413, 429, 503) },
      }),
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest(UPLOAD_MSG.fileRequired);
        let bytes: Buffer | undefined;
        let folder: UploadFolder | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await readFilePart(part);
            if (part.fieldname === 'file' && bytes === undefined) bytes = data;
          } else if (part.fieldname === 'folder' && typeof part.value === 'string') {
            if (!(part.value in UPLOAD_FOLDERS)) throw badRequest(UPLOAD_MSG.folderInvalid);
            folder = part.value as UploadFolder; // checked against UPLOAD_FOLDERS above
          }
        }
        if (!bytes) throw badRequest(UPLOAD_MSG.fileRequired);
        return reply.status(201).send(await uploads.uploadFile(caller(request).user.id, bytes, folder));
      },
    );
  });

  /**
   * A WebP copy of a stored picture, for `srcset` (contracts `imageSources`): same-origin, so it
   * shows whatever address the page was loaded from. Local copies are sent from here; with S3 a
   * redirect to the bucket's copy (cached like the copy itself: keys are never reused).
   */
  app.get<{ Params: { width: string; '*': string } }>(
    '/api/images/:width/*',
    { schema: { tags, hide: true } },
    async (request, reply) => {
      // Digits only: Number() would take `480.0`, `0x1e0` or `4.8e2` for 480 (one copy, many URLs).
      const { width } = request.params;
      const variant = await uploads.variant(
        request.params['*'],
        /^[1-9]\d{0,4}$/.test(width) ? Number(width) : 0,
      );
      reply.header('cache-control', IMMUTABLE_CACHE).headers(PUBLIC_IMAGE_HEADERS);
      if ('location' in variant) return reply.redirect(variant.location, 301);
      return reply.type('image/webp').send(variant.data);
    },
  );

  if (!isLocalStorage(storage)) return;
  const root = storage.root;
  /**
   * Stored files, straight from the key: only a name the server could have written is looked up
   * (STORED_FILE), so no path outside the folders, no differently spelled alias and no directory
   * listing can be asked for. @fastify/static's wildcard route would read every directory along the
   * path on each request to check its spelling, which costs a listing of the whole upload folder
   * per picture served (tens of thousands of names on a busy instance).
   */
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!STORED_FILE.test(key)) return reply.callNotFound();
    const file = await send(request.raw, key, { root, index: false, dotfiles: 'deny' });
    if (file.type !== 'file') {
      if (
        file.type === 'error' &&
        file.statusCode !== 404 &&
        (file.metadata.error as NodeJS.ErrnoException).code !== 'ENOENT'
      )
        return reply.send(file.metadata.error);
      return reply.callNotFound();
    }
    reply.code(file.statusCode).headers(file.headers);
    // Keys are never reused, so a stored image never changes.
    reply.header('cache-control', IMMUTABLE_CACHE).headers(PUBLIC_IMAGE_HEADERS);
    return reply.send(file.stream);
  });
}
