import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createSeriesDto } from '../series-fixtures.ts';
import { SeriesStandingToggle } from './series-standing-toggle.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const series = createSeriesDto({ standingCount: 2 });

describe('SeriesStandingToggle', () => {
  it('turns "Going to the whole series" on and off', async () => {
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/series/s1/rsvp')) {
        const body = JSON.parse(String(init?.body)) as { status: string };
        bodies.push(body);
        return jsonResponse({ series: { ...series, standing: body.status === 'going', standingCount: 3 } });
      }
      return jsonResponse({ series });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithApp(<SeriesStandingToggle seriesId="s1" />, { path: '/event/x', user: createSelfUser() });

    const toggle = await screen.findByRole('switch', { name: 'Going to the whole series' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/2 going to every date/)).toBeInTheDocument();
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(bodies).toEqual([{ status: 'going' }]);
    expect(screen.getByText(/Say "not going" on a date to skip just that one/)).toBeInTheDocument();
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
    expect(bodies).toEqual([{ status: 'going' }, { status: 'none' }]);
  });
});
