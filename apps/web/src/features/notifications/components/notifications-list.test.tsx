import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createNotification } from '../test-data.ts';
import { NotificationsList } from './notifications-list.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsList (/notifications)', () => {
  it('lists notifications as links to their subject and loads more by cursor', async () => {
    const first = [
      createNotification({ text: 'Ana is going to Picnic', url: '/event/e1', kind: 'rsvp' }),
      createNotification({ text: 'Picnic moved to 6 PM', url: '/event/e1', readAt: '2026-11-24T12:00:00Z' }),
    ];
    const second = [createNotification({ text: 'Older one', url: '/messages/u2' })];
    const fetchMock = stubFetch(async (url: string) => {
      if (url.includes('unread-count')) return jsonResponse({ unread: 2 });
      if (url.includes('cursor=c2'))
        return jsonResponse({ notifications: second, nextCursor: null, unread: 2 });
      return jsonResponse({ notifications: first, nextCursor: 'c2', unread: 2 });
    });
    const user = userEvent.setup();
    renderWithApp(<NotificationsList />, { path: '/notifications', user: createSelfUser() });

    const unread = await screen.findByRole('link', { name: /Ana is going to Picnic/ });
    expect(unread).toHaveAttribute('href', '/event/e1');
    expect(unread).toHaveTextContent('Unread:');
    expect(screen.getByRole('link', { name: /Picnic moved/ })).not.toHaveTextContent('Unread:');
    expect(screen.getByText('2 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Older one/ })).toHaveAttribute('href', '/messages/u2');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cursor=c2'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('never links outside the app', async () => {
    stubFetch(async (url: string) =>
      url.includes('unread-count')
        ? jsonResponse({ unread: 1 })
        : jsonResponse({
            notifications: [createNotification({ text: 'Odd', url: 'https://evil.example/x' })],
            nextCursor: null,
            unread: 1,
          }),
    );
    renderWithApp(<NotificationsList />, { path: '/notifications', user: createSelfUser() });
    expect(await screen.findByRole('link', { name: /Odd/ })).toHaveAttribute('href', '/notifications');
  });

  it('shows an empty state', async () => {
    stubFetch(async () => jsonResponse({ notifications: [], nextCursor: null, unread: 0 }));
    renderWithApp(<NotificationsList />, { path: '/notifications', user: createSelfUser() });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    let unread = 1;
    stubFetch(async (url: string) => {
      if (url.endsWith('/api/notifications/read')) {
        unread = 0;
        return jsonResponse({ unread });
      }
      if (url.includes('unread-count')) return jsonResponse({ unread });
      return jsonResponse({ notifications: [createNotification()], nextCursor: null, unread });
    });
    const user = userEvent.setup();
    renderWithApp(<NotificationsList />, { path: '/notifications', user: createSelfUser() });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByText('All caught up.')).toBeInTheDocument());
  });
});
