import { DEFAULT_LOCALE, isLocale, type Locale } from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which language a text is written in (decision 043), the one rule everywhere: the
 * person's own choice, else the browser's Accept-Language (by q-value; `de-AT` counts as `de`),
 * else English. E-mails and push use the recipient's choice alone (`chosen`, no browser).
 */
export function negotiateLocale(input: { chosen?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.chosen)) return input.chosen;
  return fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The best shipped language an Accept-Language header asks for, or undefined. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; q: number; at: number } | undefined;
  const ranges = header.split(',').slice(0, 50);
  ranges.forEach((range, at) => {
    const [tag = '', ...params] = range.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary)) return;
    // Equal weights keep the header's order (the first listed wins).
    if (!best || q > best.q) best = { locale: primary, q, at };
  });
  return best?.locale;
}

/**
 * The cookie that carries a signed-in person's choice to page requests, which carry no token
 * (tokens live in the app's storage, decision 003). A preference, not a credential: set whenever
 * the server answers with the person's own view, cleared when they go back to the browser's.
 */
export const LOCALE_COOKIE = 'locale';

/** Sets the locale cookie on a reply, or clears it for null (when the request has one). */
export function rememberLocale(request: FastifyRequest, reply: FastifyReply, locale: Locale | null): void {
  if (!locale && cookieLocale(request.headers.cookie) === undefined) return;
  reply.header(
    'set-cookie',
    locale
      ? `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
      : `${LOCALE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
  );
}

function cookieLocale(header: string | undefined): Locale | undefined {
  const match = header && new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(header);
  return match && isLocale(match[1]) ? match[1] : undefined;
}

/**
 * The language a signed-out request asks for, when Townsquare speaks it: the locale cookie (the
 * last choice made on this browser), else Accept-Language. Undefined when neither names one of
 * ours, so a sign-up can leave the choice open instead of storing English by default.
 */
export function browserLocale(request: FastifyRequest): Locale | undefined {
  return cookieLocale(request.headers.cookie) ?? fromAcceptLanguage(request.headers['accept-language']);
}

/**
 * The language of a request: the signed-in caller's `locale`, else the locale cookie (a page
 * request of a signed-in person), else Accept-Language, else English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return negotiateLocale({
    chosen: request.auth?.user.locale ?? cookieLocale(request.headers.cookie),
    acceptLanguage: request.headers['accept-language'],
  });
}
