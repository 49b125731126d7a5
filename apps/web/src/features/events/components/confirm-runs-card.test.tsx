import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../event-fixtures.ts';
import { ConfirmRunsCard } from './confirm-runs-card.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('ConfirmRunsCard', () => {
  it('lists the dates to confirm; Confirm and Skip this date call the API and the card empties', async () => {
    const a = createEventDto({
      title: 'Thursday run',
      status: 'DRAFT',
      seriesId: 's1',
      timeZone: 'UTC',
      startDate: '2026-12-03T19:00:00.000Z',
      endDate: '2026-12-03T20:00:00.000Z',
    });
    const b = createEventDto({ title: 'Sunday swim', status: 'DRAFT', seriesId: 's2', timeZone: 'UTC' });
    let pending = [a, b];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith(`/api/events/${a.id}/confirm`)) {
        pending = pending.filter((e) => e.id !== a.id);
        return jsonResponse({ event: { ...a, status: 'LIVE' } });
      }
      if (url.endsWith(`/api/events/${b.id}`) && init?.method === 'DELETE') {
        pending = pending.filter((e) => e.id !== b.id);
        return jsonResponse({ event: b });
      }
      if (url.endsWith('/api/series/pending')) return jsonResponse({ events: pending });
      return jsonResponse({});
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithApp(<ConfirmRunsCard />, { path: '/dashboard', user: createSelfUser() });

    expect(await screen.findByRole('heading', { name: "Confirm next week's dates?" })).toBeInTheDocument();
    expect(screen.getByText('Thursday, December 3, 2026, 7:00 PM - 8:00 PM (UTC)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Confirm Thursday run/ }));
    expect(await screen.findByText('Sunday swim')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Thursday run')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /^Skip Sunday swim/ }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: "Confirm next week's dates?" })).not.toBeInTheDocument(),
    );
  });
});
