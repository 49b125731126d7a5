import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SearchBox } from './search-box.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const RESULTS = {
  users: [
    {
      id: 'u1',
      _id: 'u1',
      username: 'river_runner',
      fullName: 'Rita Rivera',
      interests: ['Running'],
      profileImage: null,
    },
  ],
  events: [
    {
      id: 'e1',
      _id: 'e1',
      title: 'Riverside park run',
      description: 'An easy 5 km.',
      startDate: '2030-03-08T09:00:00.000Z',
      endDate: '2030-03-08T11:00:00.000Z',
      location: 'Riverside Park',
      tags: ['Running'],
      status: 'LIVE',
    },
  ],
  communities: [
    {
      id: 'c1',
      _id: 'c1',
      slug: 'river-runners',
      name: 'River Runners',
      location: 'Riverside Park',
      memberCount: 12,
      imageUrl: null,
    },
  ],
};

function serve(answer: (q: string) => Response = () => jsonResponse(RESULTS)) {
  return stubFetch(async (url: string) => answer(new URL(url, 'http://x').searchParams.get('q') ?? ''));
}

function renderBox() {
  return renderWithApp(<SearchBox />, {
    path: '/dashboard',
    user: createSelfUser(),
    routes: [
      { path: '/user/:id', element: <p>user page</p> },
      { path: '/event/:id', element: <p>event page</p> },
      { path: '/c/:slug', element: <p>community page</p> },
    ],
  });
}

describe('SearchBox (spec 5, "Search")', () => {
  it('asks once, 300 ms after the last keystroke, and lists people and events', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Search people, events and communities' });
    await user.type(box, 'river');
    expect(fetchMock).not.toHaveBeenCalled();
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=river');
    expect(within(list).getByRole('group', { name: 'People' })).toHaveTextContent('river_runner');
    expect(within(list).getByRole('group', { name: 'Events' })).toHaveTextContent('Riverside park run');
    expect(within(list).getByRole('group', { name: 'Communities' })).toHaveTextContent(
      'River RunnersRiverside Park · 12 members',
    );
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 person, 1 event and 1 community found');
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    serve();
    const user = userEvent.setup();
    renderBox();
    const box = screen.getByRole('combobox');
    await user.type(box, 'river');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Riverside park run');
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('event page')).toBeInTheDocument();
  });

  it('reaches a community with the arrow keys after people and events', async () => {
    serve();
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox'), 'river');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('River Runners');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('community page')).toBeInTheDocument();
  });

  it('opens a person with a click, and Escape closes the list then clears the box', async () => {
    serve();
    const user = userEvent.setup();
    const view = renderBox();
    const box = screen.getByRole('combobox');
    await user.type(box, 'river');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');

    await user.type(box, 'rita');
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: /river_runner/ }),
    );
    expect(view.router.state.location.pathname).toBe('/user/u1');
  });

  it('clears the results for an empty box and when the search fails', async () => {
    const fetchMock = serve((q) =>
      q === 'boom'
        ? jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500)
        : jsonResponse(RESULTS),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderBox();
    const box = screen.getByRole('combobox');
    await user.type(box, 'river');
    await screen.findByRole('listbox');
    await user.clear(box);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;

    await user.type(box, 'boom');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
  });
});
