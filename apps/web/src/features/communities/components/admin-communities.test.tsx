import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Community } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { AdminCommunities } from './admin-communities.tsx';

const base: Omit<Community, 'id' | '_id' | 'slug' | 'name'> = {
  description: '',
  imageUrl: null,
  location: '',
  tags: [],
  visibility: 'PUBLIC',
  joinPolicy: 'OPEN',
  joinQuestions: [],
  verified: false,
  memberCount: 12,
  createdAt: '2026-11-01T09:00:00.000Z',
  viewerRole: null,
  viewerState: null,
  viewerNotifications: null,
};
const runners: Community = { ...base, id: 'c1', _id: 'c1', slug: 'runners', name: 'Riverside Runners' };
const chess: Community = { ...base, id: 'c2', _id: 'c2', slug: 'chess', name: 'Chess Club', verified: true };

function stubServer() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  stubFetch(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url.includes('/api/communities?')) {
      const q = new URL(url, 'http://x').searchParams.get('q');
      const communities = q
        ? [runners, chess].filter((c) => c.name.toLowerCase().includes(q))
        : [runners, chess];
      return jsonResponse({ communities, nextCursor: null });
    }
    if (method === 'PUT' && url.endsWith('/api/admin/communities/c1/verified'))
      return jsonResponse({ community: { ...runners, verified: true } });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
  });
  return calls;
}

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('AdminCommunities', () => {
  it('lists communities with their verified state and verifies one', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithApp(<AdminCommunities />, { user: createSelfUser({ isAdmin: true }) });
    const section = await screen.findByRole('region', { name: 'Communities' });
    expect(await within(section).findByRole('button', { name: 'Unverify Chess Club' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Verify Riverside Runners' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: expect.stringContaining('/api/admin/communities/c1/verified'),
        body: { value: true },
      }),
    );
  });

  it('finds a community by name', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithApp(<AdminCommunities />, { user: createSelfUser({ isAdmin: true }) });
    await screen.findByRole('button', { name: 'Verify Riverside Runners' });
    await user.type(screen.getByLabelText('Search communities'), 'chess');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Verify Riverside Runners' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Unverify Chess Club' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('q=chess'))).toBe(true);
  });
});
