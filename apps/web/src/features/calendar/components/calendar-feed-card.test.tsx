import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const OLD = 'http://town.test/api/calendar/old.ics';
const NEW = 'http://town.test/api/calendar/new.ics';

describe('CalendarFeedCard', () => {
  it('shows the private link, copies it, and replaces it on "Reset link"', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/users/me/calendar-feed/reset') && init?.method === 'POST')
        return jsonResponse({ calendarFeedUrl: NEW });
      return jsonResponse(createSelfUser({ calendarFeedUrl: OLD }));
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithApp(<CalendarFeedCard />, { path: '/settings', user: createSelfUser() });

    const field = await screen.findByLabelText('Your private calendar link');
    expect(field).toHaveValue(OLD);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByDisplayValue(NEW)).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(([u, i]) => String(u).endsWith('/calendar-feed/reset') && i?.method === 'POST'),
    ).toBe(true);
  });
});
