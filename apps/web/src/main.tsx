// First: zod, in lazy chunks, must find its configuration before it loads.
import './lib/zod-without-eval.ts';
import type { CommunityPageData, PublicEventDto } from '@townsquare/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, queryClient, routerReady } from './app/providers.tsx';
import { seedCommunityPage } from './features/communities/api/community-page-data.ts';
import { publicEventQueryKey } from './features/events/api/public-event-key.ts';
import { tokenStore } from './lib/api-client.ts';
import { setServerConventions } from './lib/i18n/conventions.ts';
import { type LoadedLocale, loadStartingLocale } from './lib/i18n/locale-provider.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const servedLanguage = document.documentElement.lang;

/**
 * A public event's page and a community's page come rendered by the server for a signed-out
 * visitor, with their data as the API shows it to that visitor in a JSON data block
 * (apps/server/src/modules/pages). For a visitor without a session the app starts from that data
 * (no request) and hydrates the markup; with a session the page differs (RSVP, join, chat), so it
 * is rendered afresh, as every other page is.
 */
function serverRendered(locale: LoadedLocale['locale']): boolean {
  // The server rendered the page in the language its <html lang> named; another one re-renders.
  if (servedLanguage !== locale) return false;
  const block = document.getElementById('page-data');
  if (!block?.textContent || tokenStore.getAccessToken()) return false;
  try {
    const data = JSON.parse(block.textContent) as unknown;
    const path = window.location.pathname;
    // A city page: `GET /api/near/:city`'s answer, under the key get-near-city.ts reads
    // (written out here so the entry chunk does not carry that module), rendered by the server with
    // the route's own components. (Without the web app's renderer the server sends a plain list
    // and no data block, and the page renders afresh.)
    const city = /^\/near\/([^/]+)$/.exec(path)?.[1];
    if (city) {
      queryClient.setQueryData(['near', decodeURIComponent(city)], data);
      return true;
    }
    // A community page: the community, its next events and its news, rendered by the
    // server with the route's own components. An invitation link (`?invite=`) shows a banner the
    // server did not render, so that page renders afresh (from the data, without a request).
    const community = /^\/c\/([^/]+)$/.exec(path)?.[1];
    if (community) {
      const page = data as CommunityPageData;
      if (page?.community?.slug !== decodeURIComponent(community)) return false;
      seedCommunityPage(queryClient, page);
      return !new URLSearchParams(window.location.search).has('invite');
    }
    const event = data as PublicEventDto;
    if (!event?.id || path !== `/event/${encodeURIComponent(event.id)}`) return false;
    queryClient.setQueryData(publicEventQueryKey(event.id, null), event);
    return true;
  } catch {
    return false;
  }
}

// A pre-rendered page (/, /login, /register) stays on screen until the app can render the same
// page: the first render waits for the page's route code, and runs as a transition, which React
// splits into short tasks so the phone stays responsive, replacing the markup in one commit.
// (Not a top-level await: the route chunks import this bundle, which must finish evaluating first.)
// A server-rendered event page is hydrated, also in a transition (time-sliced, so the phone stays
// responsive). Its first render writes dates and prices as the server did (the language's own
// variant, no viewer zone: lib/i18n/conventions.ts), so the markup matches whatever the browser's
// region and zone; the viewer's follow right after (LocaleProvider).
// The language's catalogs load beside the route code (one chunk per locale, see lib/i18n).
void Promise.all([routerReady(), loadStartingLocale()]).then(([, locale]) => {
  const hydrate = serverRendered(locale.locale);
  const app = (
    <StrictMode>
      <AppProviders locale={locale} />
    </StrictMode>
  );
  startTransition(() => {
    if (hydrate) {
      setServerConventions(true);
      hydrateRoot(root, app);
    } else createRoot(root).render(app);
  });
});
