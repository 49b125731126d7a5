import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CommunityAnnouncements } from './community-announcements.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('CommunityAnnouncements', () => {
  it('lists the news; an organiser announces and the list is fetched again', async () => {
    const posted: unknown[] = [];
    let stored = [
      {
        id: 'a1',
        title: 'Seed swap',
        message: 'Saturday at ten.',
        createdAt: '2026-11-20T10:00:00.000Z',
        author: null,
      },
    ];
    stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/communities/plots/announcements') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { title: string; message: string };
        posted.push(body);
        stored = [{ id: 'a2', ...body, createdAt: '2026-11-25T10:00:00.000Z', author: null }, ...stored];
        return jsonResponse({ announcement: stored[0], recipients: 4 }, 201);
      }
      if (url.endsWith('/api/communities/plots/announcements'))
        return jsonResponse({ announcements: stored });
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const user = userEvent.setup();
    renderWithApp(<CommunityAnnouncements slug="plots" canRead organizer />, { user: createSelfUser() });
    expect(await screen.findByText('Seed swap')).toBeVisible();
    // The form is a chunk of its own (only organisers load it).
    await fill(user, await screen.findByLabelText('Title', {}, { timeout: 10_000 }), 'Water off');
    await fill(user, screen.getByLabelText('Announcement'), 'Mains off on Monday.');
    await user.click(screen.getByRole('button', { name: 'Announce to members' }));
    expect(await screen.findByText('Announced to 4 members')).toBeVisible();
    expect(await screen.findByText('Water off')).toBeVisible();
    expect(posted).toEqual([{ title: 'Water off', message: 'Mains off on Monday.' }]);
  });

  it('shows no form to members who are not organisers', async () => {
    stubFetch(async () => jsonResponse({ announcements: [] }));
    renderWithApp(<CommunityAnnouncements slug="plots" canRead organizer={false} />, {
      user: createSelfUser(),
    });
    expect(await screen.findByText('No announcements yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Announce to members' })).toBeNull();
  });
});
