import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories.ts';
import { stubFetch } from '../test/fetch.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { routes } from './router.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the route table', () => {
  it('loads a lazy page on first load without the "No HydrateFallback element" warning', async () => {
    stubFetch(async () => jsonResponse({ statusCode: 401, message: 'Unauthorized' }, 401));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/terms'] });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    const messages = warn.mock.calls.map((args) => args.join(' '));
    expect(messages.filter((m) => m.includes('HydrateFallback'))).toEqual([]);
    vi.unstubAllGlobals();
  });
});
