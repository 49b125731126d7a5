import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CommunityPageData, Locale, NearCityResponse, PublicEventDto } from '@townsquare/contracts';

/**
 * The web app's built `index.html`, the template every server-rendered head is filled into.
 * Read once per process and again only when the file changes (a rebuilt web app is served
 * without a restart, as the static files are).
 */
export function createShell(webDist: string, file = 'index.html') {
  const where = path.join(webDist, file);
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return {
    /** The template, or undefined when there is no built web app. */
    async read(): Promise<string | undefined> {
      const info = await stat(where).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        cached = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(where, 'utf8') };
      }
      return cached.html;
    },
  };
}

export type Shell = ReturnType<typeof createShell>;

type Rendered = Promise<{ title: string; markup: string }>;

/** The SSR build of apps/web/src/prerender.tsx (apps/web/build/ssr.ts writes it). */
type RenderModule = {
  /**
   * `options.locale`: the language the server negotiated for this request
   * (platform/locale.ts); the page's `<html lang>` says the same. A renderer may ignore it.
   */
  renderEventPage(event: PublicEventDto, options?: { locale: Locale }): Rendered;
  /** A community's page as a signed-out visitor sees it; older builds lack it. */
  renderCommunityPage?(data: CommunityPageData, options?: { locale: Locale }): Rendered;
  /** A city page, from `GET /api/near/:city`'s answer; older builds lack it. */
  renderNearCityPage?(slug: string, data: NearCityResponse, options?: { locale: Locale }): Rendered;
  /** Loads catalogs and the pages' lazy parts in `locales`; older builds lack it. */
  warmRenderer?(locales: readonly Locale[]): Promise<void>;
};

/** Where the web build writes its request-time renderer, relative to the built app. */
export const SSR_ENTRY = path.join('ssr', 'render.mjs');
/**
 * The shells the rendered markup goes into (apps/web/build/prerender.ts `writeRenderTemplates`):
 * the app starts from a boot script after the first paint instead of from the shell's module
 * scripts, with the page's route chunks preloaded.
 */
export const RENDER_TEMPLATES = {
  event: path.join('ssr', 'event.html'),
  community: path.join('ssr', 'community.html'),
  city: path.join('ssr', 'city.html'),
} as const;
export type RenderedPage = keyof typeof RENDER_TEMPLATES;

/**
 * The web app's own renderer of event and community pages, loaded from the built app on first use
 * and again when the build changes; `undefined` (the page is sent with its head only) when the
 * build has none or it fails to load or render, so a broken renderer never breaks the page.
 */
export function createRenderer(webDist: string, log: (err: unknown) => void) {
  const where = path.join(webDist, SSR_ENTRY);
  let loaded: { mtimeMs: number; module: Promise<RenderModule | undefined> } | undefined;
  async function load(): Promise<RenderModule | undefined> {
    const info = await stat(where).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (loaded?.mtimeMs !== info.mtimeMs) {
      const url = `${pathToFileURL(where).href}?v=${info.mtimeMs}`;
      loaded = {
        mtimeMs: info.mtimeMs,
        module: (import(url) as Promise<RenderModule>).catch((err: unknown) => {
          log(err);
          return undefined;
        }),
      };
    }
    return loaded.module;
  }
  const templates = {
    event: createShell(webDist, RENDER_TEMPLATES.event),
    community: createShell(webDist, RENDER_TEMPLATES.community),
    city: createShell(webDist, RENDER_TEMPLATES.city),
  };
  /** A page's markup, or undefined (logged when the renderer failed). */
  async function markup(render: (module: RenderModule) => Rendered | undefined): Promise<string | undefined> {
    try {
      const module = await load();
      const rendered = module && (await render(module));
      // React writes a preload hint for the page's image into the markup; the head has it already.
      return rendered?.markup.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
    } catch (err) {
      log(err);
      return undefined;
    }
  }
  return {
    /**
     * Everything the first page would wait for, before the server takes requests: the SSR
     * bundle's import, the templates, and the renderer's catalogs and route code in every
     * language. Never fails: a broken renderer is found (and logged) by the first page instead.
     */
    async warm(locales: readonly Locale[]): Promise<void> {
      try {
        await Promise.all(Object.values(templates).map((t) => t.read()));
        const module = await load();
        await module?.warmRenderer?.(locales);
      } catch (err) {
        log(err);
      }
    },
    /** The template for a rendered page; undefined (use the shell) when the build has none. */
    template: (page: RenderedPage) => templates[page].read(),
    /** The event page's markup as a signed-out visitor sees it. */
    event: (event: PublicEventDto, locale: Locale = 'en') =>
      markup((module) => module.renderEventPage(event, { locale })),
    /** The community page's markup as a signed-out visitor sees it. */
    community: (data: CommunityPageData, locale: Locale = 'en') =>
      markup((module) => module.renderCommunityPage?.(data, { locale })),
    /** A city page's markup: the same for everyone who reads its language. */
    city: (slug: string, data: NearCityResponse, locale: Locale = 'en') =>
      markup((module) => module.renderNearCityPage?.(slug, data, { locale })),
  };
}

export type Renderer = ReturnType<typeof createRenderer>;
