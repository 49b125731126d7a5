import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityHost, HostRef } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EventHosts } from './event-hosts.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const me = createSelfUser({ fullName: 'Hana Host' });
const person = (id: string, fullName: string) => ({
  _id: id,
  id,
  username: id,
  fullName,
  profileImage: null,
  bio: '',
  interests: [],
});
const member = (id: string, fullName: string, role: 'OWNER' | 'ORGANIZER') => ({
  _id: id,
  id,
  user: person(id, fullName),
  role,
  state: 'member',
  since: '2026-01-01T00:00:00.000Z',
});
const hosts: HostRef[] = [
  { id: me.id, username: me.username, fullName: me.fullName, profileImage: null, creator: true },
];
const club: CommunityHost = { _id: 'c1', id: 'c1', slug: 'run-club', name: 'Run Club', verified: false };

/** Answers friends, the community's organisers (only with the role filter) and co-host changes. */
function stubApi(calls: string[]) {
  stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.endsWith('/api/friends/list')) return jsonResponse({ friends: [person('f1', 'Fay Friend')] });
    if (url.includes('/api/communities/run-club/members?role=OWNER,ORGANIZER'))
      return jsonResponse({
        members: [member(me.id, me.fullName, 'OWNER'), member('o1', 'Olu Organiser', 'ORGANIZER')],
        nextCursor: null,
      });
    return jsonResponse({ message: 'unexpected' }, 500);
  });
}

describe('EventHosts co-host picker', () => {
  it("offers the community's organisers as well as friends on a community's event, and adds one", async () => {
    const calls: string[] = [];
    stubApi(calls);
    const user = userEvent.setup();
    renderWithApp(
      <EventHosts event={{ id: 'e1', creatorId: me.id, hosts, community: club }} viewerId={me.id} />,
      {
        path: '/event/e1',
        user: me,
      },
    );

    const select = await screen.findByLabelText('Add a co-host (a friend or an organiser of Run Club)');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a person', 'Fay Friend', 'Olu Organiser (organiser)']);
    await user.selectOptions(select, 'o1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(calls).toContain('POST /api/events/e1/cohosts/o1'));
  });

  it('offers friends only when no community hosts the event', async () => {
    const calls: string[] = [];
    stubApi(calls);
    renderWithApp(<EventHosts event={{ id: 'e2', creatorId: me.id, hosts }} viewerId={me.id} />, {
      path: '/event/e2',
      user: me,
    });
    const select = await screen.findByLabelText('Add a co-host (one of your friends)');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a friend', 'Fay Friend']);
    expect(calls.some((c) => c.includes('/members'))).toBe(false);
  });
});
