/**
 * Rendering the app's pages outside the browser, for a visitor without a session.
 * - Build time (apps/web/build/prerender.ts runs this in Node after the client build): the pages a
 *   signed-out visitor lands on, into static files; the app replaces them with the same page.
 * - Request time (the server imports the SSR build of this file, `dist/ssr/render.mjs`): a public
 *   event's, a community's and a city's page with its data; the app hydrates that markup (main.tsx), so its
 *   tree here mirrors `AppProviders` exactly (same siblings, same order: `useId` depends on it).
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommunityPageData, PublicEventDto } from '@townsquare/contracts';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { seedCommunityPage } from './features/communities/api/community-page-data.ts';
import { publicEventQueryKey } from './features/events/api/get-public-event.ts';
import { type NearCity, nearCityQueryKey } from './features/places/api/get-near-city.ts';
import { sessionQueryKey } from './lib/api/get-session.ts';
import { IntlProvider, setCurrentIntl } from './lib/i18n/intl.tsx';
import { type LoadedLocale, loadStartingLocale } from './lib/i18n/locale-provider.tsx';
import { type AppLocale, isLocale, LOCALES } from './lib/i18n/locales.ts';
import { Prerendering } from './lib/prerendering.ts';
import { createQueryClient } from './lib/query-client.ts';

type Rendered = { title: string; markup: string };
/**
 * The language the server negotiated for the request (platform/locale.ts), which the page's
 * `<html lang>` names: "en" | "es" | "de" | "fr", English otherwise.
 */
type RenderOptions = { locale?: string };

const loaded = new Map<AppLocale, Promise<LoadedLocale>>();
/** The locale's catalogs, loaded once per process; pages render in English unless told otherwise. */
function localeFor(locale: string | undefined): Promise<LoadedLocale> {
  const lc: AppLocale = isLocale(locale) ? locale : 'en';
  let promise = loaded.get(lc);
  if (!promise) {
    promise = loadStartingLocale(lc);
    loaded.set(lc, promise);
  }
  return promise;
}

/** The mark of a Suspense boundary the server rendered as its fallback, for the browser to finish. */
const CLIENT_RENDERED = '<!--$!-->';

/** Stands in for `SessionBridge` and the toaster (`WhenIdle`: nothing until the browser is idle). */
const Nothing = () => null;

/**
 * One render at a time: formatting outside React reads the language `render` sets (setCurrentIntl),
 * and a render now waits for its lazy parts, so two pages in two languages must not interleave.
 */
let rendering: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = rendering.then(work, work);
  rendering = run.catch(() => undefined);
  return run;
}

function render(...args: Parameters<typeof renderNow>): Promise<Rendered> {
  return oneAtATime(() => renderNow(...args));
}

async function renderNow(
  pathname: string,
  queryClient: QueryClient,
  prerendering: boolean,
  locale?: string,
): Promise<Rendered> {
  const loadedLocale = await localeFor(locale);
  const { intl } = loadedLocale;
  // Formatting outside React (dates) reads the current language: this render's, until it returns.
  setCurrentIntl(intl, loadedLocale.locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}, not a page`);
  queryClient.setQueryData(sessionQueryKey, null);
  const page = () => (
    <Prerendering value={prerendering}>
      <IntlProvider intl={intl}>
        <QueryClientProvider client={queryClient}>
          <Nothing />
          {/* hydrate={false}: no inline script (the CSP allows none); the app starts from its bundle. */}
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
          <Nothing />
        </QueryClientProvider>
      </IntlProvider>
    </Prerendering>
  );
  // A lazy part met for the first time in this process is still loading: `renderToString` sends
  // its Suspense fallback marked for the browser to finish (`<!--$!-->`), and the browser then
  // reports React's #419 and renders that part afresh (an error on the page's console).
  // Rendered again once the part has loaded; React's streaming renderers would wait, but finish
  // such parts with inline scripts, which the CSP does not run.
  let html = renderToString(page());
  for (let attempt = 0; html.includes(CLIENT_RENDERED) && attempt < 10; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    html = renderToString(page());
  }
  // React emits the page's <title> with the markup; it belongs in the document's head.
  let title = '';
  const markup = html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
    title = text;
    return '';
  });
  return { title, markup };
}

/** A page that needs no data, rendered at build time in `locale` (forms disabled until the app runs). */
export function renderPage(pathname: string, locale?: string): Promise<Rendered> {
  return render(pathname, createQueryClient(), true, locale);
}

/**
 * A public event's page as a signed-out visitor sees it, from the public presenter's data (the
 * same object the page embeds for the app to hydrate from). Rendered per request by the server, in
 * `options.locale`; the page's `<html lang>` must name it, so the app hydrates the markup only when
 * it starts in the same language (main.tsx).
 */
export function renderEventPage(event: PublicEventDto, options: RenderOptions = {}): Promise<Rendered> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(publicEventQueryKey(event.id, null), event);
  return render(`/event/${encodeURIComponent(event.id)}`, queryClient, false, options.locale);
}

/**
 * A community's page (`/c/:slug`) as a signed-out visitor sees it, from what the API
 * answers that visitor (the server's `CommunityPageData`, also embedded for the app to hydrate
 * from): the community, its next events and its news, under the keys the route's queries read.
 * Rendered per request by the server, in `options.locale`, like an event page.
 */
export function renderCommunityPage(data: CommunityPageData, options: RenderOptions = {}): Promise<Rendered> {
  const queryClient = createQueryClient();
  seedCommunityPage(queryClient, data);
  return render(`/c/${encodeURIComponent(data.community.slug)}`, queryClient, false, options.locale);
}

/**
 * A city page (`/near/:city`) from `GET /api/near/:city`'s answer, which the server
 * embeds in the page for the app to hydrate from (main.tsx). Rendered per request by the server,
 * in `options.locale`, like an event page.
 */
export function renderNearCityPage(
  slug: string,
  data: NearCity,
  options: RenderOptions = {},
): Promise<Rendered> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(nearCityQueryKey(slug), data);
  return render(`/near/${encodeURIComponent(slug)}`, queryClient, false, options.locale);
}

/**
 * Loads what the first request of each kind would otherwise wait for: every language's catalogs,
 * the router, and the lazy parts of the event, community and city routes (each rendered once
 * without data, its loading state; the markup is thrown away). The server calls this before it
 * takes requests, so the first visitors after a start are served as fast as later ones.
 */
export async function warmRenderer(locales: readonly string[] = LOCALES): Promise<void> {
  for (const locale of locales) {
    for (const pathname of ['/event/warm-up', '/c/warm-up', '/near/warm-up']) {
      await render(pathname, createQueryClient(), false, locale).catch(() => undefined);
    }
  }
}
