import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDto } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../event-fixtures.ts';
import { EventBoard } from './event-board.tsx';

afterEach(() => vi.unstubAllGlobals());

interface Server {
  live: EventDto[];
  /** Resolves DELETE when the test says so. */
  deleteAnswer: () => Promise<Response>;
}

function serve({ live, deleteAnswer }: Server) {
  return stubFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'DELETE') return deleteAnswer();
    if (url.startsWith('/api/events?')) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      return jsonResponse({ events: status === 'LIVE' ? live : [], nextCursor: null });
    }
    if (url === '/api/events/counts')
      return jsonResponse({ draft: 0, live: live.length, past: 0, cap: 1000 });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
}

describe('EventBoard', () => {
  it('removes a deleted card at once and puts it back with the spec alert when the server refuses', async () => {
    const me = createSelfUser();
    const mine = createEventDto({
      title: 'Park clean-up',
      creatorId: me.id,
      creator: { id: me.id, _id: me.id, username: me.username },
    });
    const other = createEventDto({ title: 'Choir practice' });
    let refuse: (response: Response) => void = () => undefined;
    serve({
      live: [mine, other],
      deleteAnswer: () => new Promise<Response>((resolve) => (refuse = resolve)),
    });
    const user = userEvent.setup();
    renderWithApp(<EventBoard allowDelete title="Event Management" />, { path: '/dashboard', user: me });

    const card = await screen.findByRole('article', { name: 'Park clean-up' });
    // Only the creator's card can be deleted.
    expect(
      within(screen.getByRole('article', { name: 'Choir practice' })).queryByRole('button', {
        name: 'Delete',
      }),
    ).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this event?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Delete event' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Park clean-up' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Choir practice' })).toBeInTheDocument();

    refuse(
      jsonResponse(
        { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
        500,
      ),
    );
    expect(await screen.findByText('Failed to delete event. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Park clean-up' })).toBeInTheDocument();
  });

  it('keeps the card gone when the delete succeeds; Cancel keeps it', async () => {
    const me = createSelfUser();
    const mine = createEventDto({ title: 'Park clean-up', creatorId: me.id });
    const fetchMock = serve({ live: [mine], deleteAnswer: async () => jsonResponse({ event: mine }) });
    const user = userEvent.setup();
    renderWithApp(<EventBoard allowDelete />, { path: '/dashboard', user: me });

    const card = await screen.findByRole('article', { name: 'Park clean-up' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('article', { name: 'Park clean-up' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete event' }),
    );
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
    expect(screen.getByText('Get started by creating a new event.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init.method === 'DELETE' && url === `/api/events/${mine.id}`,
      ),
    ).toBe(true);
    expect(screen.queryByText('Failed to delete event. Please try again.')).not.toBeInTheDocument();
  });

  it('offers no Delete on the Event Dashboard, and switches tabs', async () => {
    const me = createSelfUser();
    serve({
      live: [createEventDto({ title: 'Park clean-up', creatorId: me.id })],
      deleteAnswer: async () => jsonResponse({}),
    });
    const user = userEvent.setup();
    renderWithApp(<EventBoard />, { path: '/events', user: me });
    const card = await screen.findByRole('article', { name: 'Park clean-up' });
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Draft' }));
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
  });

  it('asks for 12 cards a page and appends the next page with "Load more"', async () => {
    const first = Array.from({ length: 12 }, (_, i) => createEventDto({ title: `Meetup ${i + 1}` }));
    const second = [createEventDto({ title: 'Meetup 13' })];
    stubFetch(async (url: string) => {
      const params = new URL(url, 'http://x').searchParams;
      if (url.startsWith('/api/events?')) {
        expect(params.get('limit')).toBe('12');
        if (params.get('status') !== 'LIVE') return jsonResponse({ events: [], nextCursor: null });
        return params.get('cursor') === 'page-2'
          ? jsonResponse({ events: second, nextCursor: null })
          : jsonResponse({ events: first, nextCursor: 'page-2' });
      }
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
    });
    const user = userEvent.setup();
    renderWithApp(<EventBoard />, { path: '/events', user: createSelfUser() });
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Meetup 13' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
