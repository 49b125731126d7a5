import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DashboardPage, greetingName, isReturning } from './dashboard.tsx';

/** The dashboard's reads: my communities and whether I created an event, as given; the rest empty. */
function serve({ communities = 0, events = 0 }: { communities?: number; events?: number }) {
  stubFetch(async (url: string) => {
    if (url === '/api/communities/mine')
      return jsonResponse({
        communities: Array.from({ length: communities }, (_, i) => ({ id: `c${i}`, name: `Club ${i}` })),
      });
    if (url === '/api/events?scope=mine&limit=1')
      return jsonResponse({
        events: Array.from({ length: events }, (_, i) => ({ id: `e${i}` })),
        nextCursor: null,
      });
    if (url.startsWith('/api/events')) return jsonResponse({ events: [], nextCursor: null });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage first run', () => {
  it('welcomes a new person by name, offers the first steps, and says "Welcome back" on the next visit', async () => {
    serve({});
    const me = { ...createSelfUser({ fullName: 'Dana Host' }), createdAt: new Date().toISOString() };
    const first = renderWithApp(<DashboardPage />, { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana!' })).toBeInTheDocument();
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(within(steps).getByRole('link', { name: 'Start or join a community' })).toHaveAttribute(
      'href',
      '/communities',
    );
    const user = userEvent.setup();
    await user.click(await within(steps).findByRole('button', { name: 'Create your first event' }));
    expect(
      await screen.findByRole('dialog', { name: 'Create Event' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    first.unmount();

    renderWithApp(<DashboardPage />, { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Dana!' })).toBeInTheDocument();
  });

  it('offers only what is missing, and nothing once there is a community and an event', async () => {
    const me = createSelfUser({ fullName: 'Eli Guest' });
    serve({ communities: 1 });
    const first = renderWithApp(<DashboardPage />, { user: me });
    // An account older than a day is back, even on a new browser.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Eli!' })).toBeInTheDocument();
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(await within(steps).findByRole('button', { name: 'Create your first event' })).toBeInTheDocument();
    expect(within(steps).queryByRole('link', { name: 'Start or join a community' })).not.toBeInTheDocument();
    first.unmount();

    serve({ communities: 1, events: 1 });
    const { queryClient } = renderWithApp(<DashboardPage />, { user: me });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Eli!' });
    // Both answers are in before looking for the card.
    await vi.waitFor(() => {
      expect(queryClient.getQueryState(['events', 'mine-any'])?.status).toBe('success');
      expect(queryClient.getQueryState(['communities', 'mine'])?.status).toBe('success');
    });
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('greets with the first name, else the username; "back" by visit or the account’s age', () => {
    expect(greetingName({ fullName: '  María José Ruiz ', username: 'mj' })).toBe('María');
    expect(greetingName({ fullName: '', username: 'mj' })).toBe('mj');
    const now = Date.parse('2030-01-02T12:00:00Z');
    expect(isReturning({ id: 'u1', createdAt: '2030-01-02T11:00:00Z' }, now)).toBe(false);
    expect(isReturning({ id: 'u1', createdAt: '2029-12-31T11:00:00Z' }, now)).toBe(true);
    localStorage.setItem('townsquare.dashboardSeen:u1', '1');
    expect(isReturning({ id: 'u1', createdAt: '2030-01-02T11:00:00Z' }, now)).toBe(true);
  });
});
