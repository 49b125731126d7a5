import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Community } from '@townsquare/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCommunity, createSelfUser, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { CommunityPage } from './community.tsx';

const club = createCommunity({
  imageUrl: 'https://town.example/uploads/event-image/x.png',
  joinPolicy: 'APPROVAL',
  joinQuestions: ['How far do you run?'],
  verified: true,
});

function serve(community: Community) {
  stubFetch(async (url: string) => {
    if (url.startsWith(`/api/communities/${community.slug}/events`))
      return jsonResponse({ events: [], nextCursor: null });
    if (url === `/api/communities/${community.slug}`) return jsonResponse({ community });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
}

function renderPage(user: ReturnType<typeof createSelfUser> | null) {
  const router = createMemoryRouter(
    [
      { path: '/c/:slug', element: <CommunityPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/c/riverside-runners'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient(user)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

/** What only a signed-in visitor sees loads in chunks of its own (lazy): on a loaded machine, seconds. */
const LAZY = { timeout: 10_000 };

describe('CommunityPage', () => {
  it('signed out: the about card with image and verified badge, and "Sign in to join" that comes back here', async () => {
    serve(club);
    const router = renderPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: /Riverside Runners/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified community' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Chat' })).not.toBeInTheDocument();
    screen.getByRole('link', { name: 'Sign in to join' }).click();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/c/riverside-runners' } });
  });

  it('the About tab shows the next event', async () => {
    stubFetch(async (url: string) => {
      if (url.startsWith(`/api/communities/${club.slug}/events`))
        return jsonResponse({
          events: [
            {
              id: 'e1',
              title: 'Winter river run',
              startDate: '2030-01-12T18:00:00.000Z',
              location: 'North gate',
            },
            {
              id: 'e2',
              title: 'Spring river run',
              startDate: '2030-04-12T18:00:00.000Z',
              location: 'North gate',
            },
          ],
          nextCursor: null,
        });
      if (url === `/api/communities/${club.slug}`) return jsonResponse({ community: club });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
    });
    renderPage(null);
    const next = await screen.findByRole('region', { name: 'Next event' });
    expect(within(next).getByRole('link', { name: 'Winter river run' })).toHaveAttribute('href', '/event/e1');
    expect(within(next).queryByText('Spring river run')).not.toBeInTheDocument();
  });

  it('the About tab shows the organisers, linking to their profiles, and member faces with the count', async () => {
    const person = (id: string, fullName: string) => ({
      _id: id,
      id,
      username: fullName.toLowerCase(),
      fullName,
      profileImage: null,
    });
    stubFetch(async (url: string) => {
      if (url.startsWith(`/api/communities/${club.slug}/events`))
        return jsonResponse({ events: [], nextCursor: null });
      if (url === `/api/communities/${club.slug}/people`)
        return jsonResponse({
          organizers: [person('u1', 'Olga Owner')],
          faces: [person('u1', 'Olga Owner'), person('u2', 'Max Member')],
          memberCount: 12,
        });
      if (url === `/api/communities/${club.slug}`) return jsonResponse({ community: club });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
    });
    renderPage(null);
    const organisers = await screen.findByRole('region', { name: 'Organisers' });
    expect(within(organisers).getByRole('link', { name: 'Olga Owner' })).toHaveAttribute('href', '/user/u1');
    const faces = screen.getByRole('region', { name: 'Members' });
    expect(within(faces).getByRole('link', { name: 'Max Member' })).toHaveAttribute('href', '/user/u2');
    expect(within(faces).getByText('12 members, 10 more not shown')).toBeInTheDocument();
  });

  it('signed in, not a member: "Request to join", no Members or Chat tab', async () => {
    serve(club);
    renderPage(createSelfUser());
    expect(await screen.findByRole('button', { name: 'Request to join' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it('an organiser gets the Manage tab', async () => {
    serve({ ...club, viewerRole: 'ORGANIZER', viewerState: 'member' });
    renderPage(createSelfUser());
    expect(await screen.findByRole('tab', { name: 'Manage' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Chat' })).toBeInTheDocument();
  });

  it('an organiser creates an event from the page, hosted by the community', async () => {
    serve({ ...club, viewerRole: 'ORGANIZER', viewerState: 'member' });
    renderPage(createSelfUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Create event' }, LAZY));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    expect(within(dialog).getByLabelText('Host as')).toHaveValue('c1');
  });

  it('a member who does not organise gets no "Create event"', async () => {
    serve({ ...club, viewerRole: 'MEMBER', viewerState: 'member' });
    renderPage(createSelfUser());
    expect(await screen.findByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create event' })).not.toBeInTheDocument();
  });

  it("the owner's role control reads as owner; a member's as member", async () => {
    serve({ ...club, viewerRole: 'OWNER', viewerState: 'member' });
    renderPage(createSelfUser());
    expect(await screen.findByRole('button', { name: 'Owner ▾' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Member ▾' })).not.toBeInTheDocument();
  });
});
