import type { Locale } from '@townsquare/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/http.ts';
import { requestLocale } from '../../platform/locale.ts';
import { type Head, injectBody, injectHead } from './head.ts';
import type { PagesService } from './pages.service.ts';
import type { RenderedPage, Renderer, Shell } from './shell.ts';
import { pageHeaders, withLang } from './web-pages.ts';

/**
 * What search engines and link previews read: robots.txt, the sitemap, and the web app's pages
 * whose head the server fills in. These pages never look at a token: a chat app's preview bot
 * and a crawler are anonymous, and so is everything these pages put in the head.
 */
export function pagesRoutes(app: App, pages: PagesService, shell: Shell, renderer: Renderer): void {
  /**
   * The web app's index.html, with `head` in it when there is one; when the page was rendered, the
   * build's template for rendered pages (the app starts after the first paint) with the markup and
   * data in its body. 404 without a built app.
   */
  async function sendPage(
    reply: FastifyReply,
    locale: Locale,
    head: Head | undefined,
    /**
     * The page's markup and the data it was made from; `page`: made by the web app's renderer, to go
     * in the build's template for that page (else made here, into the ordinary shell).
     */
    body?: { markup: string | undefined; data: unknown; page?: RenderedPage },
  ) {
    const rendered = body?.markup !== undefined && body.page ? await renderer.template(body.page) : undefined;
    let template = rendered ?? (await shell.read());
    if (template === undefined) return reply.callNotFound();
    if (body?.markup !== undefined) template = injectBody(template, body.markup, body.data);
    // Compressed on the fly when the client accepts it, so caches must key on Accept-Encoding
    // even when this answer went out plain.
    return pageHeaders(reply, locale)
      .type('text/html; charset=utf-8')
      .send(withLang(head ? injectHead(template, head) : template, locale));
  }

  /** A page made anew by the web app's renderer and hydrated; none found is the app's 404, without a head. */
  async function sendRendered<D>(
    reply: FastifyReply,
    locale: Locale,
    page: { head: Head; data: D } | undefined,
    kind: RenderedPage,
    render: (data: D) => Promise<string | undefined>,
  ) {
    if (!page) return sendPage(reply, locale, undefined);
    return sendPage(reply, locale, page.head, {
      markup: await render(page.data),
      data: page.data,
      page: kind,
    });
  }

  // What crawlers read, the same for an hour.
  for (const [url, type, body] of [
    ['/robots.txt', 'text/plain', async () => pages.robots()],
    ['/sitemap.xml', 'application/xml', () => pages.sitemap()],
  ] as const)
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type(`${type}; charset=utf-8`)
        .send(await body()),
    );

  app.get<{ Params: { eventId: string } }>(
    '/event/:eventId',
    { schema: { hide: true } },
    async (request, reply) => {
      // Rendered from the anonymous view only (never the caller's token, which a page request does
      // not carry anyway): the same bytes for everyone who reads the same language.
      const locale = requestLocale(request);
      const page = await pages.eventPage(request.params.eventId, locale);
      return sendRendered(reply, locale, page && { head: page.head, data: page.event }, 'event', (event) =>
        renderer.event(event, locale),
      );
    },
  );

  // City pages (issue 22): rendered from the anonymous view, like event pages; an unknown city is a
  // 404 page (the app's own not-found screen, with a head that says so).
  app.get<{ Params: { city: string } }>('/near/:city', { schema: { hide: true } }, async (request, reply) => {
    const locale = requestLocale(request);
    const page = await pages.cityPage(request.params.city, locale);
    if (!page) {
      reply.code(404);
      return sendPage(reply, locale, pages.cityNotFound(locale));
    }
    // Rendered by the web app's renderer and hydrated, like community pages; without a renderer
    // (or when it fails) plain HTML made here for crawlers, in the ordinary shell and without the
    // data block, so the app renders the page afresh (reading the data itself).
    const markup = await renderer.city(request.params.city, page.data, locale);
    return markup === undefined
      ? sendPage(reply, locale, page.head, { markup: page.markup, data: undefined })
      : sendPage(reply, locale, page.head, { markup, data: page.data, page: 'city' });
  });

  // Community pages (issue 23): rendered by the web app's renderer from the anonymous view, like
  // event pages, and hydrated; without a renderer (or when it fails) the head only.
  app.get<{ Params: { slug: string } }>('/c/:slug', { schema: { hide: true } }, async (request, reply) => {
    const locale = requestLocale(request);
    const page = await pages.communityPage(request.params.slug, locale);
    return sendRendered(reply, locale, page, 'community', (data) => renderer.community(data, locale));
  });

  app.get('/user/:userId', { schema: { hide: true } }, async (request, reply) =>
    sendPage(reply, requestLocale(request), pages.profilePage()),
  );
}
