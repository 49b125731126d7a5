import type { Locale } from '@townsquare/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http.ts';
import { requestLocale } from '../../platform/locale.ts';
import { isSignedOut, type PublicCache, sendWithEtag } from '../../platform/public-cache.ts';
import { LIMITS_PER, type RateLimiter, throttlesByIp } from '../../platform/rate-limit/rate-limiter.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { type Head, injectBody, injectHead } from './head.ts';
import type { PagesService } from './pages.service.ts';
import type { RenderedPage, Renderer, Shell } from './shell.ts';
import { pageHeaders, withLang } from './web-pages.ts';

/**
 * What search engines and link previews read: robots.txt, the sitemap, and the web app's pages
 * whose head the server fills in. These pages never look at a token: a chat app's preview bot
 * and a crawler are anonymous, and so is everything these pages put in the head.
 */
/** Signed-out reads anyone can flood (decision 062): PAGE_CACHE_SECONDS and PAGE_RATE_LIMIT (0: off). */
export type PageLimits = { limiter: RateLimiter; pageCacheSeconds: number; pagesPerMinute: number };

/** At most this many city pages (one per city and language) are kept per instance. */
const CITY_PAGES_KEPT = 500;

/** A page as sent: its status and HTML (undefined without a built app). */
type MadePage = { status: 200 | 404; html: string | undefined };

/** The page's markup and the data it was made from (`page`: made by the web app's renderer). */
type PageBody = { markup: string | undefined; data: unknown; page?: RenderedPage };

export function pagesRoutes(
  app: App,
  pages: PagesService,
  shell: Shell,
  renderer: Renderer,
  limits: PageLimits,
  cache: PublicCache,
): void {
  /**
   * The web app's index.html, with `head` in it when there is one; when the page was rendered, the
   * build's template for rendered pages (the app starts after the first paint) with the markup and
   * data in its body. Undefined without a built app.
   */
  async function pageHtml(locale: Locale, head: Head | undefined, body?: PageBody) {
    const rendered = body?.markup !== undefined && body.page ? await renderer.template(body.page) : undefined;
    let template = rendered ?? (await shell.read());
    if (template === undefined) return undefined;
    if (body?.markup !== undefined) template = injectBody(template, body.markup, body.data);
    return withLang(head ? injectHead(template, head) : template, locale);
  }

  /** A page made by `pageHtml`; 404 without a built app. */
  function sendHtml(reply: FastifyReply, locale: Locale, html: string | undefined) {
    if (html === undefined) return reply.callNotFound();
    // Compressed on the fly when the client accepts it, so caches must key on Accept-Encoding
    // even when this answer went out plain.
    return pageHeaders(reply, locale).type('text/html; charset=utf-8').send(html);
  }

  async function sendPage(reply: FastifyReply, locale: Locale, head: Head | undefined, body?: PageBody) {
    return sendHtml(reply, locale, await pageHtml(locale, head, body));
  }

  /** A page made anew by the web app's renderer and hydrated; none found is the app's 404, without a head. */
  async function renderedHtml<D>(
    locale: Locale,
    page: { head: Head; data: D } | undefined,
    kind: RenderedPage,
    render: (data: D) => Promise<string | undefined>,
  ): Promise<MadePage> {
    if (!page) return { status: 200, html: await pageHtml(locale, undefined) };
    const markup = await render(page.data);
    return { status: 200, html: await pageHtml(locale, page.head, { markup, data: page.data, page: kind }) };
  }

  /**
   * A signed-out page from the public cache (decision 081), keyed by what it is made of: the path
   * and the language. With an ETag, and a 304 for a browser or proxy that has it. Every page is
   * made from the anonymous view whoever asks (a token a client sends is never read here), so
   * every request is served from the cache: an `Authorization` header cannot make each one a
   * fresh render.
   */
  async function sendCachedPage(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    key: string,
    make: () => Promise<MadePage>,
  ) {
    const cached = await cache.get(`page:${locale}:${key}`, make);
    if (cached.value.html === undefined) return reply.callNotFound();
    pageHeaders(reply.code(cached.value.status), locale).type('text/html; charset=utf-8');
    return sendWithEtag(request, reply, { value: cached.value.html, etag: cached.etag });
  }

  // What crawlers read, the same for an hour; the sitemap from the public cache, with its ETag.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(pages.robots()),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const cached = await cache.get('sitemap', () => pages.sitemap());
    reply.type('application/xml; charset=utf-8');
    return sendWithEtag(request, reply, cached, 'public, max-age=3600');
  });

  app.get<{ Params: { eventId: string } }>(
    '/event/:eventId',
    { schema: { hide: true } },
    async (request, reply) => {
      // Rendered from the anonymous view only (never the caller's token, which a page request does
      // not carry anyway): the same bytes for everyone who reads the same language.
      const locale = requestLocale(request);
      const { eventId } = request.params;
      return sendCachedPage(request, reply, locale, `event:${eventId}`, async () => {
        const page = await pages.eventPage(eventId, locale);
        return renderedHtml(locale, page && { head: page.head, data: page.event }, 'event', (event) =>
          renderer.event(event, locale),
        );
      });
    },
  );

  // City pages: rendered from the anonymous view, like event pages; an unknown city is a
  // 404 page (the app's own not-found screen, with a head that says so). The same for everyone who
  // reads its language, so each instance makes it once per PAGE_CACHE_SECONDS (decision 062).
  const cityPages = createTtlCache<{ status: 200 | 404; html: string | undefined }>({
    ttlMs: limits.pageCacheSeconds * 1000,
    maxEntries: CITY_PAGES_KEPT,
  });
  async function cityHtml(city: string, locale: Locale) {
    const page = await pages.cityPage(city, locale);
    if (!page) return { status: 404 as const, html: await pageHtml(locale, pages.cityNotFound(locale)) };
    // Rendered by the web app's renderer and hydrated, like community pages; without a renderer
    // (or when it fails) plain HTML made here for crawlers, in the ordinary shell and without the
    // data block, so the app renders the page afresh (reading the data itself).
    const markup = await renderer.city(city, page.data, locale);
    const html =
      markup === undefined
        ? await pageHtml(locale, page.head, { markup: page.markup, data: undefined })
        : await pageHtml(locale, page.head, { markup, data: page.data, page: 'city' });
    return { status: 200 as const, html };
  }
  // Counted with `GET /api/near/:city` (the same bucket), before anything is read.
  const onRequest = throttlesByIp(limits.limiter, 'city-page', {
    ...LIMITS_PER.cityPagesPerIp,
    limit: limits.pagesPerMinute,
  });
  app.get<{ Params: { city: string } }>(
    '/near/:city',
    { schema: { hide: true }, onRequest },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { city } = request.params;
      return sendCachedPage(request, reply, locale, `near:${city}`, () =>
        cityPages.get(`${locale}|${city}`, () => cityHtml(city, locale)),
      );
    },
  );
  // What is not one city slug (a longer path, or a slug longer than a route parameter may be) is
  // no city either: the same 404 page, never the app's shell with a 200.
  app.get('/near/*', { schema: { hide: true }, onRequest }, async (request, reply) => {
    const locale = requestLocale(request);
    return sendPage(reply.code(404), locale, pages.cityNotFound(locale));
  });

  // Community pages: rendered by the web app's renderer from the anonymous view, like
  // event pages, and hydrated; without a renderer (or when it fails) the head only.
  app.get<{ Params: { slug: string } }>('/c/:slug', { schema: { hide: true } }, async (request, reply) => {
    const locale = requestLocale(request);
    const { slug } = request.params;
    return sendCachedPage(request, reply, locale, `community:${slug}`, async () =>
      renderedHtml(locale, await pages.communityPage(slug, locale), 'community', (data) =>
        renderer.community(data, locale),
      ),
    );
  });

  // Recap pages (decision 075): the head and plain HTML from the anonymous view; the app renders
  // the page afresh (no data block). A recap a visitor may not read is the app's 404.
  app.get<{ Params: { recapId: string } }>(
    '/recaps/:recapId',
    { schema: { hide: true } },
    async (request, reply) => {
      const locale = requestLocale(request);
      const page = await pages.recapPage(request.params.recapId, locale);
      if (!page) return sendPage(reply, locale, undefined);
      return sendPage(reply, locale, page.head, { markup: page.markup, data: undefined });
    },
  );

  app.get('/user/:userId', { schema: { hide: true } }, async (request, reply) =>
    sendPage(reply, requestLocale(request), pages.profilePage()),
  );
}
