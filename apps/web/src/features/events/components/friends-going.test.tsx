import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDto, FriendsGoing as FriendsGoingDto } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../event-fixtures.ts';
import { EventBoard } from './event-board.tsx';
import { FriendsGoing, friendsGoingText } from './friends-going.tsx';

afterEach(() => vi.unstubAllGlobals());

const friend = (name: string) => ({
  _id: name,
  id: name,
  username: name.toLowerCase(),
  fullName: name,
  profileImage: null,
});
const going = (names: string[], total = names.length): FriendsGoingDto => ({
  users: names.map(friend),
  total,
});

describe('friends going', () => {
  it('says who is going in plain words, two names and a count from four friends on', () => {
    expect(friendsGoingText(undefined)).toBe('');
    expect(friendsGoingText(going([], 0))).toBe('');
    expect(friendsGoingText(going(['Ana']))).toBe('Ana is going');
    expect(friendsGoingText(going(['Ana', 'Ben']))).toBe('Ana and Ben are going');
    expect(friendsGoingText(going(['Ana', 'Ben', 'Cai']))).toBe('Ana, Ben and Cai are going');
    expect(friendsGoingText(going(['Ana', 'Ben', 'Cai'], 4))).toBe('Ana, Ben and 2 other friends are going');
    expect(friendsGoingText(going(['Ana', 'Ben', 'Cai'], 5))).toBe('Ana, Ben and 3 other friends are going');
  });

  it('shows the pictures beside the sentence, hidden from screen readers; nothing when no friend goes', () => {
    const { container, rerender } = render(<FriendsGoing friendsGoing={going(['Ana', 'Ben', 'Cai'], 5)} />);
    expect(screen.getByText('Ana, Ben and 3 other friends are going')).toBeInTheDocument();
    const pictures = container.querySelector('[aria-hidden="true"]');
    expect(pictures?.children).toHaveLength(3);
    rerender(<FriendsGoing friendsGoing={going([], 0)} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('sorts the live events by friends going on the discovery list, and remembers it in the address', async () => {
    const popular: EventDto = {
      ...createEventDto({ title: 'Picnic' }),
      friendsGoing: going(['Ana', 'Ben', 'Cai'], 5),
    };
    const quiet: EventDto = { ...createEventDto({ title: 'Quiz' }), friendsGoing: going([], 0) };
    const fetchMock = stubFetch(async (url: string) => {
      if (url.startsWith('/api/events?')) {
        const params = new URL(url, 'http://x').searchParams;
        const live = params.get('sort') === 'friends' ? [popular, quiet] : [quiet, popular];
        return jsonResponse({ events: params.get('status') === 'LIVE' ? live : [], nextCursor: null });
      }
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
    });
    const user = userEvent.setup();
    renderWithApp(<EventBoard sortable />, { path: '/events', user: createSelfUser() });

    const card = await screen.findByRole('article', { name: 'Picnic' });
    expect(within(card).getByText('Ana, Ben and 3 other friends are going')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Quiz' })).queryByText(/going$/)).toBeNull();
    const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(titles()).toEqual(['Quiz', 'Picnic']);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Friends going');
    await screen.findByRole('article', { name: 'Picnic' });
    await vi.waitFor(() => expect(titles()).toEqual(['Picnic', 'Quiz']));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('sort=friends'))).toBe(true);
    expect(screen.getByLabelText('Sort by')).toHaveValue('friends');
  });

  it('offers no sort on the dashboard board', async () => {
    stubFetch(async () => jsonResponse({ events: [], nextCursor: null }));
    renderWithApp(<EventBoard allowDelete title="Event Management" />, {
      path: '/dashboard',
      user: createSelfUser(),
    });
    await screen.findByRole('tab', { name: 'Live' });
    expect(screen.queryByLabelText('Sort by')).toBeNull();
  });
});
