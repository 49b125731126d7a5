import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { WhenIdle } from '../components/when-idle.tsx';
import { useAccountLocale } from '../features/users/use-account-locale.ts';
import { sessionQueryKey, useSession } from '../lib/api/get-session.ts';
import { configureApiClient, tokenStore } from '../lib/api-client.ts';
import { type LoadedLocale, LocaleProvider } from '../lib/i18n/locale-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from './router.tsx';

export const queryClient = createQueryClient();
// Without a stored token there is no session to check (getSession answers null at once); knowing it
// before the first render shows signed-out pages straight away, as pre-rendered, with no spinner.
if (!tokenStore.getAccessToken()) queryClient.setQueryData(sessionQueryKey, null);

export const router = createBrowserRouter(routes);

/** Resolves once the first page's route code has loaded, so the first render is that page. */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Toasts only ever appear after some interaction, so their renderer loads after the first paint,
// with the service worker's registration.
const Toaster = lazy(() => import('./after-first-paint.tsx'));

let socketModule: Promise<typeof import('../lib/socket.ts')> | null = null;

/** Wires the API client's session events to the cache and the router. */
function SessionBridge() {
  const client = useQueryClient();
  const { user } = useSession();

  useEffect(() => {
    configureApiClient({
      onSessionRefreshed: (freshUser) => client.setQueryData(sessionQueryKey, freshUser),
      onSessionExpired: () => client.setQueryData(sessionQueryKey, null),
      redirectToLogin: () =>
        void router.navigate('/login', { replace: true, state: { from: router.state.location } }),
    });
  }, [client]);

  useAccountLocale(user);

  // The realtime connection lives exactly as long as the session; while it does, every feature's
  // realtime module writes what arrives into the query cache.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) {
      // Loaded with the first session only: a signed-out visitor never downloads the socket code.
      void socketModule?.then(({ disconnectSocket }) => disconnectSocket());
      return;
    }
    let stopped = false;
    let stop = () => {};
    socketModule ??= import('../lib/socket.ts');
    const connected = socketModule.then(({ connectSocket }) => connectSocket());
    void Promise.all([connected, import('./realtime.ts')]).then(([socket, { startRealtime }]) => {
      if (!socket || stopped) return;
      stop = startRealtime(socket, {
        queryClient: client,
        userId,
        pathname: () => router.state.location.pathname,
        navigate: (to) => void router.navigate(to),
      });
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [userId, client]);

  return null;
}

export function AppProviders({ locale }: { locale: LoadedLocale }) {
  return (
    <LocaleProvider initial={locale}>
      <QueryClientProvider client={queryClient}>
        <SessionBridge />
        <RouterProvider router={router} />
        {/* After the first idle moment: a server-rendered page is hydrated without a boundary to finish. */}
        <WhenIdle>
          <Suspense fallback={null}>
            {/* Top centre, just below the sticky 64 px header: over no control (the account menu and
            the page's own buttons sit at the sides, chat composers at the bottom). */}
            <Toaster
              position="top-center"
              offset={{ top: 76 }}
              mobileOffset={{ top: 72 }}
              duration={5000}
              visibleToasts={20}
              closeButton
              richColors
            />
          </Suspense>
        </WhenIdle>
      </QueryClientProvider>
    </LocaleProvider>
  );
}
