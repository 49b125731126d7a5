import { MSG } from '@townsquare/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * JSON bodies are bounded before any work is spent on them: 1.9 MB of
 * nested arrays used to cost half a second of main-thread time in JSON.parse alone.
 *
 * - Size: 64 KiB for any JSON body (the largest form, an event, is a few KiB), and 8 KiB on the
 *   unauthenticated auth routes (`AUTH_BODY_LIMIT`). A larger body is refused with 413 from its
 *   Content-Length, before it is read.
 * - Depth: no request schema nests deeper than a few levels, so the raw text is scanned for
 *   brackets and refused past `JSON_MAX_DEPTH` before JSON.parse runs; the scan stops at the first
 *   bracket too many.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
export const AUTH_BODY_LIMIT = 8 * 1024;
export const JSON_MAX_DEPTH = 32;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const OPEN_OBJECT = 123;
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;

/** True when the JSON text nests arrays and objects deeper than `max` (brackets in strings do not count). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** Replaces Fastify's JSON parser with the same one (prototype poisoning refused) behind both limits. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string; // parseAs: 'string'
      if (nestedDeeperThan(text, JSON_MAX_DEPTH)) {
        done(badRequest(MSG.bodyTooDeep), undefined);
        return;
      }
      parse(request, text, done);
    },
  );
}
