import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { usePoll } from '../api/get-poll.ts';
import { createPoll, person } from '../test-data.ts';
import { PollView } from './poll-view.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PollView', () => {
  it('one date per row with Yes, If need be and No; an answer sends my whole answer', async () => {
    const poll = createPoll();
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        pollId: poll.id,
        state: 'open',
        eventId: null,
        chosenOptionId: null,
        tallies: poll.options.map(({ id, yes, ifNeedBe, no, best }) => ({ id, yes, ifNeedBe, no, best })),
        bestOptionId: 'o1',
        voterCount: poll.voterCount,
        voter: { user: person('me', 'me'), choices: ['yes', null, null] },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<PollView poll={poll} viewerId="me" />, { user: createSelfUser({ id: 'me' }) });

    const rows = within(screen.getByRole('list', { name: 'Proposed dates' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(
        within(row)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Yes', 'If need be', 'No']);
    expect(within(rows[0]!).getByText('Best date')).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/polls/p1/votes');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ votes: { o1: 'yes' } });
    // The table shows who answered what.
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'ana' })).toBeInTheDocument();
  });

  it('shows the first page of answers and reads the next one on "Show more answers"', async () => {
    const poll = createPoll({ votersNext: '1', voterCount: 2 });
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/voters')
        ? jsonResponse({ voters: [{ user: person('bo', 'bo'), choices: ['no', 'yes', null] }], next: null })
        : jsonResponse({ poll }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    /** The page's way: the poll comes from the query cache, where the next page lands. */
    function Page() {
      const { data } = usePoll(poll.id);
      return data ? <PollView poll={data} viewerId="me" /> : null;
    }
    renderWithApp(<Page />, { user: createSelfUser({ id: 'me' }) });
    expect(await screen.findByText('Showing 1 of 2 people')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more answers' }));
    const table = screen.getByRole('table');
    expect(await within(table).findByRole('rowheader', { name: 'bo' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'ana' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((u) => u.includes('/voters'))).toEqual([
      expect.stringContaining('/api/polls/p1/voters?after=1'),
    ]);
    expect(screen.queryByRole('button', { name: 'Show more answers' })).not.toBeInTheDocument();
  });

  it('"Make this the event" opens the event form filled from the poll; saving finalises the poll', {
    timeout: 60_000,
  }, async () => {
    const sent: { url: string; method?: string; body?: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (url.includes('/finalize'))
          return jsonResponse({ event: { id: 'e1', title: 'Spring clean-up day', status: 'LIVE' } });
        return jsonResponse({ communities: [], nextCursor: null });
      }),
    );
    const user = userEvent.setup();
    const poll = createPoll({
      isHost: true,
      description: 'Which Saturday suits?',
      timeZone: 'Europe/Berlin',
    });
    renderWithApp(<PollView poll={poll} viewerId="host" />, { user: createSelfUser({ id: 'host' }) });
    await user.click(screen.getAllByRole('button', { name: 'Make this the event' })[1]!);
    const form = await screen.findByRole('dialog', { name: 'Make this the event' }, { timeout: 20_000 });
    expect(within(form).getByLabelText('Title')).toHaveValue('Spring clean-up');
    expect(within(form).getByLabelText('Description')).toHaveValue('Which Saturday suits?');
    // The date's time in the poll's zone (17:00 UTC is 19:00 in Berlin in May).
    expect(within(form).getByLabelText('Start date')).toHaveValue('2031-05-10T19:00');
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Spring clean-up day');
    await user.type(within(form).getByLabelText('Location'), 'Town hall');
    await user.click(within(form).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(sent.some((c) => c.url.includes('/api/polls/p1/finalize'))).toBe(true));
    const finalize = sent.find((c) => c.url.includes('/finalize'));
    expect(finalize).toMatchObject({
      method: 'POST',
      body: {
        optionId: 'o2',
        event: {
          title: 'Spring clean-up day',
          location: 'Town hall',
          timeZone: 'Europe/Berlin',
          status: 'LIVE',
        },
      },
    });
  });

  it('shows the host "Make this the event" and a finalised poll its event, with no answer buttons', () => {
    vi.stubGlobal('fetch', vi.fn());
    const { unmount } = renderWithApp(<PollView poll={createPoll({ isHost: true })} viewerId="host" />, {
      user: createSelfUser({ id: 'host' }),
    });
    expect(screen.getAllByRole('button', { name: 'Make this the event' })).toHaveLength(3);
    unmount();
    renderWithApp(
      <PollView
        poll={createPoll({ state: 'finalized', eventId: 'e9', chosenOptionId: 'o2' })}
        viewerId="me"
      />,
      { user: createSelfUser({ id: 'me' }) },
    );
    expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', '/event/e9');
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
  });

  it('lets the host of a link poll allow votes without an account; a community poll has no such switch', async () => {
    const poll = createPoll({ isHost: true });
    const fetchMock = vi.fn(async () => jsonResponse({ poll: { ...poll, allowGuestVotes: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<PollView poll={poll} viewerId="host" />, {
      user: createSelfUser({ id: 'host' }),
    });
    const toggle = screen.getByRole('checkbox', { name: 'Let people without an account vote' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Others see only their name/);
    await user.click(toggle);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/polls/p1');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ allowGuestVotes: true });
    unmount();
    renderWithApp(
      <PollView
        poll={createPoll({ isHost: true, community: { id: 'c1', slug: 'club', name: 'Club' } })}
        viewerId="host"
      />,
      { user: createSelfUser({ id: 'host' }) },
    );
    expect(screen.queryByRole('checkbox', { name: 'Let people without an account vote' })).toBeNull();
  });
});
