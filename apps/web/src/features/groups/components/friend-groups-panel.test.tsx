import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FriendGroup, PersonSummary } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { FriendGroupsPanel } from './friend-groups-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = createSelfUser({ username: 'ana' });
const ana: PersonSummary = { _id: me.id, id: me.id, username: 'ana', fullName: 'Ana', profileImage: null };
const ben: PersonSummary = {
  _id: 'u-ben',
  id: 'u-ben',
  username: 'ben',
  fullName: 'Ben',
  profileImage: null,
};
const group: FriendGroup = {
  _id: 'g1',
  id: 'g1',
  name: 'Board game night',
  members: [ben, ana],
  createdBy: ben,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

function serve() {
  return stubFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'POST' && url === '/api/friend-groups/g1/remove-member')
      return jsonResponse({ ...group, members: [ben] }, 201);
    if (url === '/api/friend-groups') return jsonResponse([group]);
    return jsonResponse([]);
  });
}

describe('FriendGroupsPanel', () => {
  it('an open group names its members (linking to their profiles) and a member leaves it from their control', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithApp(<FriendGroupsPanel />, { user: me });
    await user.click(await screen.findByRole('button', { name: 'Open chat of Board game night' }));
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'ben' })).toHaveAttribute('href', '/user/u-ben');
    expect(within(members).getByRole('link', { name: 'You' })).toHaveAttribute('href', `/user/${me.id}`);
    expect(screen.queryByRole('button', { name: 'Add members' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Member ▾' }));
    await user.click(screen.getByRole('menuitem', { name: 'Leave group' }));
    expect(await screen.findByText('You left "Board game night"')).toBeInTheDocument();
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe('/api/friend-groups/g1/remove-member');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ userId: me.id });
  });
});
