import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { SelfUser } from '@townsquare/contracts';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { instanceQueryOptions } from '../lib/api/get-instance.ts';
import { sessionQueryKey } from '../lib/api/get-session.ts';
import { LocaleProvider } from '../lib/i18n/locale-provider.tsx';
import { english } from './i18n.ts';

export function createTestQueryClient(user: SelfUser | null = null): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  client.setQueryData(sessionQueryKey, user);
  // The instance's settings (GET /api/instance) as a default server has them.
  client.setQueryData(instanceQueryOptions().queryKey, {
    currency: 'USD',
    name: 'Townsquare',
    defaultLocale: 'en',
    timeZone: 'UTC',
    configured: true,
  });
  return client;
}

/** Prints the current path so tests can assert on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface RenderOptions {
  path?: string;
  user?: SelfUser | null;
  routes?: RouteObject[];
}

/**
 * Renders `ui` at `path` inside a real query client and a memory router. Extra routes (e.g.
 * /login, /dashboard) render their path so navigation can be asserted.
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', user = null, routes = [] }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient(user);
  const router = createMemoryRouter(
    [{ path: path.split('?')[0], element: ui }, ...routes, { path: '*', element: <LocationProbe /> }],
    { initialEntries: [path] },
  );
  const view = render(
    <LocaleProvider initial={english}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </LocaleProvider>,
  );
  return { ...view, router, queryClient };
}
