import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { errorBody } from '@townsquare/contracts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance every route module receives: zod schemas give typed requests. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Error responses a route documents in OpenAPI, all in the one error shape. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));

/** OpenAPI's note that a route takes the bearer token. */
export const bearer = [{ bearer: [] }];

/**
 * A module's route options, declared once: `routeOptions(tags, guard)` answers a function that takes
 * a route's schema (params, querystring, body, response) and adds the guard, the OpenAPI tags and the
 * bearer security (`{ security: false }` for a route the docs list as public).
 */
export function routeOptions(
  tags: string[],
  onRequest: onRequestHookHandler | onRequestHookHandler[],
  o: { security?: boolean } = {},
) {
  const security = o.security === false ? {} : { security: bearer };
  return <S extends FastifySchema>(schema: S) => ({ onRequest, schema: { tags, ...security, ...schema } });
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting: a hop count becomes a function (Fastify's own
 * number form trusts no header at all), the rest passes through.
 */
export function trustProxyOption(trustProxy: boolean | number | string) {
  return typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
}

/**
 * The client address of a raw request by the same rule as Fastify's `request.ip`, for what never
 * reaches Fastify's routing (Socket.IO's handshakes).
 */
export function clientAddressOf(trustProxy: boolean | number | string): (req: IncomingMessage) => string {
  const option = trustProxyOption(trustProxy);
  const trust =
    typeof option === 'function'
      ? option
      : typeof option === 'string'
        ? proxyAddr.compile(option.split(',').map((v) => v.trim()))
        : () => option;
  return (req) => proxyAddr(req, trust);
}

/**
 * The largest request body the upload route (PUT of a signed upload URL) reads; each signed URL
 * carries its own, smaller limit. The HTTP plugins size multipart parsing from it too.
 */
export const MAX_BODY = 10 * 1024 * 1024 + 1024;
