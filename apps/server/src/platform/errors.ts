import { STATUS_CODES } from 'node:http';
import {
  type ErrorCode,
  errorCodeOf,
  MSG,
  NAMED_CODES,
  STATUS_CODES_GENERIC,
  validationCode,
} from '@townsquare/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isRedisUnavailable } from './redis.ts';

/** An error whose message is safe to show to the user, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A code of `NAMED_CODES`, for a text whose table code would not say enough. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MSG.unauthorized, code?: string) =>
  new HttpError(401, message, {}, code);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
export const serviceUnavailable = () => new HttpError(503, MSG.serviceUnavailable, { 'retry-after': '5' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The original register page shows `error` before `message`; on routes with this flag the
     * `error` field carries the human message too, so that page shows the real reason.
     */
    humanErrorField?: boolean;
  }
}

/** Errors from the pg driver and PostgreSQL that mean "database unreachable", not "bad request". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  if (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly/.test(
      message,
    )
  ) {
    return true;
  }
  // Drizzle wraps driver errors: look at what it wraps.
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * PostgreSQL refuses U+0000 in text ("invalid byte sequence", 22021; 22P05 when converting).
 * Input schemas refuse it first; this keeps any field they miss a 400 instead of a 500.
 */
function isUnstorableText(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '22021' || code === '22P05') return true;
  return isUnstorableText((error as { cause?: unknown }).cause, depth + 1);
}

function fastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MSG.bodyNotJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MSG.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MSG.unsupportedContentType;
    case 'FST_REQ_FILE_TOO_LARGE':
      return MSG.fileTooLarge;
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return MSG.tooManyParts;
    default:
      if (error instanceof SyntaxError) return MSG.bodyNotJson;
      if (/prototype property/i.test(error.message)) return MSG.forbiddenProperty;
      return error.message;
  }
}

const NAMED = new Set<string>(Object.values(NAMED_CODES));

/**
 * Sends the one error shape; `code` (and `params`) come from the contracts' table by the message
 * (`errorCodeOf`), unless the caller names a code (`fallback` for a message not in the table).
 */
export function send(
  reply: FastifyReply,
  request: FastifyRequest,
  statusCode: number,
  message: string,
  fallback?: string | ErrorCode,
) {
  const reason = STATUS_CODES[statusCode] ?? 'Error';
  const error = request.routeOptions.config?.humanErrorField && statusCode < 500 ? message : reason;
  const known = errorCodeOf(message, statusCode, typeof fallback === 'string' ? fallback : undefined);
  // A message none of the constants hold: the caller's code and params, when it has them; a
  // named code (NAMED_CODES) whatever the message.
  const named = typeof fallback === 'object' && NAMED.has(fallback.code);
  const { code, params } =
    typeof fallback === 'object' && (named || known.code === STATUS_CODES_GENERIC[statusCode])
      ? fallback
      : known;
  return reply.status(statusCode).send({ statusCode, error, message, code, ...(params ? { params } : {}) });
}

/** One error shape everywhere: `{ statusCode, error, message, code }`; bad input is never a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(
        reply,
        request,
        error.statusCode,
        error.message,
        error.code ? { code: error.code } : undefined,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      // The body itself has the wrong type (an array, a string, nothing at all).
      const wholeBody = issue?.instancePath === '/' && issue.keyword === 'invalid_type';
      const message = wholeBody ? MSG.bodyInvalid : (issue?.message ?? MSG.badRequest);
      // The schema's own English words stay; the code says what was wrong, where, and the limit.
      return send(reply, request, 400, message, issue ? validationCode(issue) : 'VALIDATION_FAILED');
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(reply, request, 500, MSG.internalError);
    }
    if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
      request.log.warn({ err: error }, 'backing service unavailable');
      reply.header('retry-after', '5');
      return send(reply, request, 503, MSG.serviceUnavailable);
    }
    if (isUnstorableText(error)) return send(reply, request, 400, MSG.textNotAllowed);
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(reply, request, status, fastifyMessage(fastifyError));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, MSG.internalError);
  });
}
