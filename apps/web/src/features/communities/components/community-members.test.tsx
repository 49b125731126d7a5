import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityMember, PersonSummary } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCommunity, createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CommunityMembers } from './community-members.tsx';

afterEach(() => vi.unstubAllGlobals());

const owner = createSelfUser({ username: 'rosa', fullName: 'Rosa Founder' });
const person = (id: string, username: string, fullName: string): PersonSummary => ({
  _id: id,
  id,
  username,
  fullName,
  profileImage: null,
});
const rosa = person(owner.id, 'rosa', 'Rosa Founder');
const theo = person('u-theo', 'theo', 'Theo Joiner');
const mia = person('u-mia', 'mia', 'Mia Member');
const ben = person('u-ben', 'ben', 'Ben Friend');

const club = createCommunity({
  description: '',
  location: '',
  joinPolicy: 'APPROVAL',
  joinQuestions: ['How far do you run?'],
  memberCount: 2,
  viewerRole: 'OWNER',
  viewerState: 'member',
  viewerNotifications: 'all',
});

const row = (user: PersonSummary, extra: Partial<CommunityMember>): CommunityMember => ({
  _id: user.id,
  id: user.id,
  user,
  role: 'MEMBER',
  state: 'member',
  since: '2026-11-02T09:00:00.000Z',
  ...extra,
});

function serve() {
  const base = `/api/communities/${club.slug}`;
  const answers: Record<string, unknown> = {
    [`${base}/members?state=member&limit=100`]: {
      members: [row(rosa, { role: 'OWNER' }), row(mia, {})],
      nextCursor: null,
    },
    [`${base}/members?state=pending&limit=100`]: {
      members: [row(theo, { state: 'pending', answers: ['About 20 km'] })],
      nextCursor: null,
    },
    [`${base}/members?state=banned&limit=100`]: { members: [], nextCursor: null },
    '/api/friends/list': { friends: [mia, ben].map((f) => ({ ...f, bio: '', interests: [] })) },
  };
  return stubFetch(async (url: string, init: RequestInit) =>
    init.method === 'POST'
      ? jsonResponse({ member: row(ben, { state: 'invited' }) }, 201)
      : jsonResponse(answers[url] ?? { statusCode: 404, error: 'Not Found', message: 'Not found' }, 200),
  );
}

describe('CommunityMembers', () => {
  it("lists members and requests with the answers, each name linking to the person's profile", async () => {
    serve();
    renderWithApp(<CommunityMembers community={club} />, { user: owner });
    const requests = await screen.findByRole('region', { name: /Requests to join/ });
    expect(await within(requests).findByRole('link', { name: 'Theo Joiner' })).toHaveAttribute(
      'href',
      '/user/u-theo',
    );
    expect(requests).toHaveTextContent('How far do you run?About 20 km');
    const members = screen.getByRole('region', { name: 'Members' });
    expect(await within(members).findByRole('link', { name: 'Mia Member' })).toHaveAttribute(
      'href',
      '/user/u-mia',
    );
    expect(within(members).getByText('Owner')).toBeInTheDocument();
  });

  it('invites friends with the member picker, offering only those not in already', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithApp(<CommunityMembers community={club} />, { user: owner });
    const friend = await screen.findByRole('checkbox', { name: 'ben' });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'mia' })).not.toBeInTheDocument());
    await user.click(friend);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init.method === 'POST');
    expect(posts.map(([url, init]) => [url, JSON.parse(String(init.body))])).toEqual([
      [`/api/communities/${club.slug}/invites`, { userId: 'u-ben' }],
    ]);
  });
});
