import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonSummary, Subgroup } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { EventSocialPanel } from './event-social-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const EVENT = 'ev-1';
const organizer = createSelfUser({ username: 'organizer' });
const friend: PersonSummary = {
  _id: 'f-1',
  id: 'f-1',
  username: 'ben',
  fullName: 'Ben Carter',
  profileImage: null,
};
const me: PersonSummary = { ...friend, _id: organizer.id, id: organizer.id, username: 'organizer' };

function subgroup(id: string, name: string, members: PersonSummary[] = [me]): Subgroup {
  return { _id: id, id, eventId: EVENT, name, members, createdBy: me, createdAt: '2025-03-08T10:00:00.000Z' };
}

type Call = { url: string; method: string; body: unknown };

function serve(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  stubFetch(async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url}`];
    return handler ? handler(call) : jsonResponse([]);
  });
  return calls;
}

const friendsList = () => jsonResponse({ friends: [{ ...friend, bio: '', interests: [] }] });

describe('EventSocialPanel', () => {
  it('is off when the event id is missing', () => {
    const calls = serve({});
    renderWithApp(<EventSocialPanel eventId="" isOrganizer={false} />, { user: organizer });
    expect(screen.getByText('Chat and sub-groups are not available for this event.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lets a signed-out visitor read the chat and asks them to sign in', async () => {
    const calls = serve({
      [`GET /api/event-messages/${EVENT}`]: () =>
        jsonResponse([
          {
            _id: 'm1',
            id: 'm1',
            sender: friend,
            content: 'Doors open at 7',
            timestamp: '2025-03-08T10:00:00.000Z',
            createdAt: '2025-03-08T10:00:00.000Z',
          },
        ]),
    });
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer={false} />, { user: null });
    expect(await screen.findByText('Doors open at 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to chat' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Message the event chat')).not.toBeInTheDocument();
    expect(screen.getByText('Sign in to see the sub-groups you belong to.')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([`/api/event-messages/${EVENT}`]);
  });

  it('the organizer creates a sub-group with members from their friends', async () => {
    const calls = serve({
      [`GET /api/event-subgroups/event/${EVENT}`]: () => jsonResponse([]),
      'GET /api/friends/list': friendsList,
      'POST /api/event-subgroups': ({ body }) => {
        const { name } = body as { name: string };
        return jsonResponse(subgroup('s1', name, [me, friend]), 201);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer />, { user: organizer });
    await user.click(await screen.findByRole('button', { name: 'New sub-group' }));
    await user.click(screen.getByRole('button', { name: 'Create sub-group' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Sub-group name'), '  Carpool  ');
    await user.click(await screen.findByRole('checkbox', { name: 'ben' }));
    await user.click(screen.getByRole('button', { name: 'Create sub-group' }));
    expect(await screen.findByRole('heading', { name: 'Carpool' })).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      eventId: EVENT,
      name: 'Carpool',
      members: ['f-1'],
    });
  });

  it('says so when creating fails', async () => {
    serve({
      [`GET /api/event-subgroups/event/${EVENT}`]: () => jsonResponse([]),
      'GET /api/friends/list': friendsList,
      'POST /api/event-subgroups': () => new Response('', { status: 500 }),
    });
    const user = userEvent.setup();
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer />, { user: organizer });
    await user.click(await screen.findByRole('button', { name: 'New sub-group' }));
    await user.type(screen.getByLabelText('Sub-group name'), 'Team');
    await user.click(screen.getByRole('button', { name: 'Create sub-group' }));
    expect(await screen.findByText('An error occurred while creating the sub-group.')).toBeInTheDocument();
  });

  it('renames one sub-group at a time', async () => {
    const calls = serve({
      [`GET /api/event-subgroups/event/${EVENT}`]: () =>
        jsonResponse([subgroup('s1', 'Carpool'), subgroup('s2', 'Volunteers')]),
      'PUT /api/event-subgroups/s2': () => jsonResponse(subgroup('s2', 'Helpers')),
    });
    const user = userEvent.setup();
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer />, { user: organizer });
    await user.click(await screen.findByRole('button', { name: 'Rename Carpool' }));
    expect(screen.getByLabelText('New name for Carpool')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Rename Volunteers' }));
    expect(screen.queryByLabelText('New name for Carpool')).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /New name for/ })).toHaveLength(1);

    const field = screen.getByLabelText('New name for Volunteers');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.type(field, 'Helpers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Helpers' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Helpers' });
  });

  it('deletes after a confirmation, and says so when it fails', async () => {
    let fail = true;
    serve({
      [`GET /api/event-subgroups/event/${EVENT}`]: () => jsonResponse([subgroup('s1', 'Carpool')]),
      'DELETE /api/event-subgroups/s1': () =>
        fail
          ? new Response('', { status: 500 })
          : jsonResponse({ message: 'Sub-group deleted successfully' }),
    });
    const user = userEvent.setup();
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer />, { user: organizer });
    await user.click(await screen.findByRole('button', { name: 'Delete Carpool' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Carpool”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete sub-group' }));
    expect(await screen.findByText('An error occurred while deleting the sub-group.')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete sub-group' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Carpool' })).not.toBeInTheDocument());
    expect(screen.getByText(/No sub-groups yet/)).toBeInTheDocument();
  });

  it('shows and hides a sub-group chat; a member sees no organizer actions', async () => {
    serve({
      [`GET /api/event-subgroups/event/${EVENT}`]: () =>
        jsonResponse([subgroup('s1', 'Carpool', [me, friend])]),
      'GET /api/event-subgroups/s1/messages': () =>
        jsonResponse([
          {
            _id: 'm1',
            id: 'm1',
            sender: friend,
            content: 'Leaving at six',
            timestamp: '2025-03-08T10:00:00.000Z',
            createdAt: '2025-03-08T10:00:00.000Z',
            subGroupId: 's1',
          },
        ]),
    });
    const user = userEvent.setup();
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer={false} />, { user: organizer });
    const toggle = await screen.findByRole('button', { name: 'Show chat' });
    expect(screen.queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New sub-group' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await screen.findByText('Leaving at six')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide chat' }));
    expect(screen.queryByRole('log', { name: 'Carpool chat messages' })).not.toBeInTheDocument();
  });

  it("names a sub-group's members, each linking to their profile", async () => {
    serve({
      [`GET /api/event-subgroups/event/${EVENT}`]: () =>
        jsonResponse([subgroup('s1', 'Carpool', [me, friend])]),
    });
    renderWithApp(<EventSocialPanel eventId={EVENT} isOrganizer={false} />, { user: organizer });
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'ben' })).toHaveAttribute('href', '/user/f-1');
    expect(within(members).getByRole('link', { name: 'organizer' })).toHaveAttribute(
      'href',
      `/user/${organizer.id}`,
    );
  });
});
