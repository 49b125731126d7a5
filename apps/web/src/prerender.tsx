/**
 * Build-time rendering of the pages a signed-out visitor lands on (apps/web/build/prerender.ts runs
 * this in Node after the client build). The markup is what the browser app renders for a visitor
 * without a session, so the page paints from the HTML and the app replaces it with the same page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { sessionQueryKey } from './features/auth/api/get-session.ts';
import { Prerendering } from './lib/prerendering.ts';
import { createQueryClient } from './lib/query-client.ts';

export async function renderPage(pathname: string): Promise<{ title: string; markup: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}, not a page`);
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  const html = renderToString(
    <Prerendering value={true}>
      <QueryClientProvider client={queryClient}>
        {/* hydrate={false}: no inline script (the CSP allows none); the app starts from its bundle. */}
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </Prerendering>,
  );
  // React emits the page's <title> with the markup; it belongs in the document's head.
  let title = '';
  const markup = html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
    title = text;
    return '';
  });
  return { title, markup };
}
