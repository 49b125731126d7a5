import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Community } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CommunityNotifications } from './community-notifications.tsx';

afterEach(() => vi.unstubAllGlobals());

const community = (viewerNotifications: unknown) =>
  ({ id: 'c1', slug: 'allotments', name: 'Allotments', viewerNotifications }) as unknown as Community;

describe('CommunityNotifications', () => {
  it('shows the current choice and saves "none" with the keyboard', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ community: community('none') }));
    const user = userEvent.setup();
    renderWithApp(<CommunityNotifications community={community('all')} />, {
      path: '/c/allotments',
      user: createSelfUser(),
    });
    const group = screen.getByRole('group', { name: 'Notify me about new events:' });
    expect(group).toBeInTheDocument();
    const all = screen.getByRole('radio', { name: 'All' });
    expect(all).toBeChecked();
    all.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/communities/allotments/notifications');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ events: 'none' });
    expect(await screen.findByText('No notifications about new events')).toBeInTheDocument();
  });

  it('defaults to all when the server says nothing', () => {
    renderWithApp(<CommunityNotifications community={community(null)} />, { path: '/c/allotments' });
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });
});
