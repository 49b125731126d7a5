import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { SelfUser } from '@townsquare/contracts';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { createAppIntl } from '../../lib/i18n/load.ts';
import { LocaleProvider } from '../../lib/i18n/locale-provider.tsx';
import { createSelfUser, jsonResponse } from '../../test/factories.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { useAccountLocale } from './use-account-locale.ts';

afterEach(() => vi.unstubAllGlobals());

/** The hook for `user`, with the app shown in German, and the PATCHes it sent. */
function renderInGerman(user: SelfUser) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ ...user, locale: 'de' }));
  vi.stubGlobal('fetch', fetch);
  const queryClient = createTestQueryClient(user);
  const german = { locale: 'de' as const, intl: createAppIntl('de', {}) };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LocaleProvider initial={german}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </LocaleProvider>
  );
  const view = renderHook(({ who }) => useAccountLocale(who), { wrapper, initialProps: { who: user } });
  const patches = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
  return { ...view, patches };
}

it('an account without a language takes the one the app is shown in, once', async () => {
  const user = createSelfUser({ locale: null });
  const { patches, rerender } = renderInGerman(user);
  await waitFor(() => expect(patches()).toHaveLength(1));
  const [url, init] = patches()[0] ?? [];
  expect(url).toBe('/api/users/me');
  expect(init?.body).toBe(JSON.stringify({ locale: 'de' }));
  rerender({ who: { ...user } });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(patches()).toHaveLength(1);
});

it('an account that has its language keeps it: nothing is saved', async () => {
  const { patches } = renderInGerman(createSelfUser({ locale: 'de' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(patches()).toHaveLength(0);
});
