import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminInstance as AdminInstanceDto } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EventFormDialog } from '../../events/components/event-form-dialog.tsx';
import { AdminInstance } from './admin-instance.tsx';

/** The instance settings (decision 082): asked on the first start, locked where the environment sets them. */

function stubServer(current: AdminInstanceDto, instanceCurrency = 'USD') {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/api/admin/instance'))
        return jsonResponse(
          method === 'PUT'
            ? { ...current, settings: { ...current.settings, ...body }, configured: true }
            : current,
        );
      if (url.endsWith('/api/instance'))
        return jsonResponse({
          ...current.settings,
          currency: instanceCurrency,
          configured: current.configured,
        });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
    }),
  );
  return calls;
}

const unset: AdminInstanceDto = {
  settings: { name: 'Townsquare', defaultLocale: 'en', timeZone: 'UTC', currency: 'USD' },
  locked: { name: false, defaultLocale: false, timeZone: false, currency: true },
  configured: false,
};

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('AdminInstance', () => {
  it('asks on the first start, shows what the environment locks, and saves only the rest', async () => {
    const calls = stubServer(unset);
    const user = userEvent.setup();
    renderWithApp(<AdminInstance />, { user: createSelfUser({ isAdmin: true }) });
    expect(await screen.findByText(/This instance is not set up yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toBeDisabled();
    expect(screen.getByText('Set by CURRENCY on the server: change it there')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Kiez Treff');
    await user.selectOptions(screen.getByLabelText('Default language'), 'de');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Kiez Treff',
        defaultLocale: 'de',
        timeZone: 'Europe/Berlin',
      }),
    );
  });
});

describe('the event form’s cost', () => {
  it('is in the hosting community’s currency when it has one, else the instance’s', async () => {
    stubServer({ ...unset, configured: true });
    const hosts = [
      { id: 'c1', name: 'Zurich Rowers', currency: 'CHF' },
      { id: 'c2', name: 'Berlin Chess', currency: null },
    ];
    const view = renderWithApp(
      <EventFormDialog open onOpenChange={() => undefined} hosts={hosts} hostAsDefault="c1" />,
      { user: createSelfUser() },
    );
    expect(await screen.findByLabelText('Cost (CHF)')).toBeInTheDocument();
    view.unmount();
    renderWithApp(<EventFormDialog open onOpenChange={() => undefined} hosts={hosts} hostAsDefault="c2" />, {
      user: createSelfUser(),
    });
    expect(await screen.findByLabelText('Cost ($)')).toBeInTheDocument();
  });
});
