import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { FediverseToggle } from './fediverse-toggle.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('FediverseToggle', () => {
  it('is off by default and, turned on, saves `fediverse` and shows the handle', async () => {
    const user = createSelfUser({ username: 'ada' });
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse({ ...user, fediverse: JSON.parse(String(init?.body ?? '{}')).fediverse === true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<FediverseToggle />, { path: '/settings', user });
    const toggle = screen.getByRole('switch', { name: 'Findable on the fediverse' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Off: other servers cannot look you up.')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByText(`Your handle: @ada@${window.location.host}`)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ fediverse: true });
  });
});
