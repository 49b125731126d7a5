import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createNotification } from '../test-data.ts';
import type { AppNotification } from '../types.ts';
import { NotificationBell } from './notification-bell.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A mocked API: the list, the count, and mark-read answering with what is left unread. */
function mockApi(items: AppNotification[]) {
  let unread = items.filter((n) => !n.readAt).length;
  return stubFetch(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/notifications/unread-count')) return jsonResponse({ unread });
    if (url.includes('/api/notifications/read')) {
      const body = JSON.parse(String(init?.body ?? '{}')) as { ids?: string[] };
      unread = body.ids ? Math.max(0, unread - body.ids.length) : 0;
      return jsonResponse({ unread });
    }
    if (url.includes('/api/notifications'))
      return jsonResponse({ notifications: items, nextCursor: null, unread });
    return jsonResponse({}, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, part: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes(part));

function renderBell() {
  return renderWithApp(<NotificationBell />, {
    path: '/dashboard',
    user: createSelfUser(),
    routes: [{ path: '/friends', element: <p>Friends page</p> }],
  });
}

describe('NotificationBell', () => {
  it('names the unread count', async () => {
    mockApi([
      createNotification(),
      createNotification(),
      createNotification({ readAt: '2026-11-24T11:00:00Z' }),
    ]);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens with Enter, moves with the arrows, and Escape closes it and returns focus to the bell', async () => {
    const items = [createNotification(), createNotification(), createNotification()];
    mockApi(items);
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const links = await within(panel).findAllByRole('link', { name: /friend request/ });
    await waitFor(() => expect(links[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(links[2]).toHaveFocus(); // wraps around
    await user.keyboard('{Home}');
    expect(links[0]).toHaveFocus();
    await user.tab();
    expect(links[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('opens with Space too, and shows unread items with words, not colour alone', async () => {
    mockApi([createNotification({ text: 'Ben is going to Picnic' })]);
    const user = userEvent.setup();
    renderBell();
    (await screen.findByRole('button', { name: 'Notifications, 1 unread' })).focus();
    await user.keyboard(' ');
    const link = await screen.findByRole('link', { name: /Ben is going to Picnic/ });
    expect(link).toHaveTextContent('Unread: Ben is going to Picnic');
    expect(link).toHaveAttribute('href', '/friends');
  });

  it('following an item marks it read, closes the panel and goes to its page', async () => {
    const item = createNotification();
    const fetchMock = mockApi([item]);
    const user = userEvent.setup();
    renderBell();
    (await screen.findByRole('button', { name: 'Notifications, 1 unread' })).focus();
    await user.keyboard('{Enter}');
    const link = await screen.findByRole('link', { name: /friend request/ });
    await waitFor(() => expect(link).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Friends page')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, '/api/notifications/read')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, '/api/notifications/read')[0]?.[1]?.body))).toEqual({
      ids: [item.id],
    });
  });

  it('"Mark all as read" sends no ids and the count drops to 0', async () => {
    const fetchMock = mockApi([createNotification(), createNotification()]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetchMock, '/api/notifications/read')[0]?.[1]?.body))).toEqual({});
    expect(screen.getAllByRole('link', { name: /friend request/ })[0]).not.toHaveTextContent('Unread:');
  });

  it('says so when there is nothing, and a click outside closes the panel', async () => {
    mockApi([]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
