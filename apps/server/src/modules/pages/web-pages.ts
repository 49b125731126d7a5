import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../../platform/locale.ts';
import { createShell, type Shell } from './shell.ts';

/** The `lang` of a page's `<html>` element, if it names one. */
export const langOf = (html: string): string | undefined =>
  /<html\b[^>]*\blang\s*=\s*["']?([\w-]+)/i.exec(html)?.[1];

/** The page with `<html lang="<locale>">` (its attribute replaced or added); no `<html>`: unchanged. */
export function withLang(html: string, locale: Locale): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const rest = attributes.replace(/\s+lang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return `<html lang="${locale}"${rest}>`;
  });
}

/**
 * Headers of every page the server sends: it depends on the language negotiated
 * (platform/locale.ts: the locale cookie, else Accept-Language, else English), so caches key on both.
 */
export function pageHeaders(reply: FastifyReply, locale: Locale): FastifyReply {
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, accept-language, cookie')
    .header('content-language', locale);
}

/**
 * The web app's built pages (the shell `index.html`, the pre-rendered `prerendered/<name>.html`)
 * in the request's language. The hook for translated builds: a file `<name>.<locale>.html` beside
 * a page (`prerendered/login.de.html`, `index.de.html`) is sent instead of it for that language.
 * A page whose `<html lang>` already says the language goes out as built (with its .br/.gz copies);
 * any other gets its `lang` set and is compressed on the fly.
 */
export function createWebPages(webDist: string) {
  const shells = new Map<string, Shell>();
  const shellOf = (file: string) => {
    let shell = shells.get(file);
    if (!shell) {
      shell = createShell(webDist, file);
      shells.set(file, shell);
    }
    return shell;
  };
  return {
    /** Whether the build has this page (checked once, at start-up). */
    has: (file: string) => existsSync(path.join(webDist, file)),

    async send(request: FastifyRequest, reply: FastifyReply, file: string) {
      const locale = requestLocale(request);
      const translated = file.replace(/\.html$/, `.${locale}.html`);
      let chosen = translated;
      let html = await shellOf(translated).read();
      if (html === undefined) {
        chosen = file;
        html = await shellOf(file).read();
      }
      if (html === undefined) return reply.callNotFound();
      pageHeaders(reply, locale);
      if (!/<html\b/i.test(html) || langOf(html) === locale) return reply.sendFile(chosen);
      return reply.type('text/html; charset=utf-8').send(withLang(html, locale));
    },
  };
}

export type WebPages = ReturnType<typeof createWebPages>;
