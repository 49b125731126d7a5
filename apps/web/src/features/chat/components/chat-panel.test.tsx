import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomMessage } from '@townsquare/contracts';
import { CHAT_MSG } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendToHistory } from '../../../lib/chat/history.ts';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { generalMessagesQueryKey } from '../api/get-general-messages.ts';
import { GeneralChat } from './general-chat.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = createSelfUser({ username: 'me_myself' });
const neighbour = { _id: 'u-2', id: 'u-2', username: 'ada', fullName: 'Ada Okafor', profileImage: null };

function message(id: string, content: string, sender = neighbour): RoomMessage {
  const timestamp = '2025-03-08T10:00:00.000Z';
  return { _id: id, id, sender, content, timestamp, createdAt: timestamp };
}

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

function serve(handler: Handler) {
  const fetchMock = stubFetch(handler);
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init.method === 'POST')
      .map(([, init]) => JSON.parse(String(init.body)) as { content: string; clientMessageId: string });
  return { fetchMock, posts };
}

function renderChat() {
  return renderWithApp(<GeneralChat />, { path: '/messages', user: me });
}

const log = () => screen.getByRole('log', { name: 'General chat messages' });

describe('chat panel', () => {
  it('shows each message once, however often it arrives', async () => {
    serve(() => jsonResponse([message('m1', 'First'), message('m2', 'Second'), message('m2', 'Second')]));
    const { queryClient } = renderChat();
    expect(await within(log()).findByText('First')).toBeInTheDocument();
    act(() => {
      appendToHistory(queryClient, generalMessagesQueryKey, message('m2', 'Second'));
      appendToHistory(queryClient, generalMessagesQueryKey, message('m3', 'Third'));
      appendToHistory(queryClient, generalMessagesQueryKey, message('m3', 'Third'));
    });
    expect(await within(log()).findAllByText('Third')).toHaveLength(1);
    expect(within(log()).getAllByText('Second')).toHaveLength(1);
    expect(
      within(log())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Second'),
      expect.stringContaining('Third'),
    ]);
  });

  it('does not send whitespace; sends trimmed text with a clientMessageId, pending until stored', async () => {
    let answer: (response: Response) => void = () => {};
    const server = serve((_url, init) => {
      if (init.method !== 'POST') return jsonResponse([]);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const user = userEvent.setup();
    const { queryClient } = renderChat();
    await within(log()).findByText('No messages yet. Say hello!');
    const box = screen.getByLabelText('Message everyone');

    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(server.posts()).toEqual([]);

    await user.clear(box);
    await user.type(box, '  see you at the market  {Enter}');
    expect(box).toHaveValue('');
    const [sent] = server.posts();
    expect(sent?.content).toBe('see you at the market');
    expect(sent?.clientMessageId).toMatch(/^[0-9a-f]{32}$/);
    expect(within(log()).getByText('Sending…')).toBeInTheDocument();

    const stored = { ...message('m9', 'see you at the market', { ...neighbour, id: me.id, _id: me.id }) };
    await act(async () => answer(jsonResponse({ ...stored, clientMessageId: sent?.clientMessageId }, 201)));
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    // The same message again (a socket echo or a refetch) is still shown once.
    act(() => appendToHistory(queryClient, generalMessagesQueryKey, stored));
    await new Promise((r) => setTimeout(r, 20));
    expect(within(log()).getAllByText('see you at the market')).toHaveLength(1);
    expect(within(log()).getByText('You')).toBeInTheDocument();
  });

  it('a pasted 2,100-character message keeps its end: counted, refused with the message, never cut', async () => {
    const server = serve((_url, init) => (init.method !== 'POST' ? jsonResponse([]) : jsonResponse({}, 500)));
    const user = userEvent.setup();
    renderChat();
    await within(log()).findByText('No messages yet. Say hello!');
    const box = screen.getByLabelText('Message everyone');
    await user.click(box);
    await user.paste(`${'a'.repeat(2_099)}z`);
    expect(box).toHaveValue(`${'a'.repeat(2_099)}z`);
    expect(screen.getByText(/2,100 \/ 2,000 · 100 too many/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_MSG.contentTooLong);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(server.posts()).toEqual([]);
    // Back under the limit, the counter stays and the message goes.
    await user.clear(box);
    await user.paste('b'.repeat(1_900));
    expect(screen.getByText('1,900 / 2,000')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed send inline; Retry resends it with the same clientMessageId', async () => {
    let failNext = true;
    const server = serve((_url, init) => {
      if (init.method !== 'POST') return jsonResponse([]);
      if (failNext) {
        failNext = false;
        throw new TypeError('Failed to fetch');
      }
      const body = JSON.parse(String(init.body)) as { content: string; clientMessageId: string };
      return jsonResponse({ ...message('m5', body.content, { ...neighbour, id: me.id }), ...body }, 201);
    });
    const user = userEvent.setup();
    renderChat();
    await within(log()).findByText('No messages yet. Say hello!');
    await user.type(screen.getByLabelText('Message everyone'), 'Anyone for tennis?{Enter}');
    expect(await within(log()).findByRole('alert')).toHaveTextContent(
      'Not sent: Unable to reach Townsquare. Check your connection and try again.',
    );
    await user.click(within(log()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log()).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(log()).getAllByText('Anyone for tennis?')).toHaveLength(1);
    const [first, second] = server.posts();
    expect(second?.clientMessageId).toBe(first?.clientMessageId);
  });

  it('loads older messages with the X-Next-Before cursor and puts them on top', async () => {
    const server = serve((url) =>
      url === '/api/group-messages?before=m3'
        ? jsonResponse([message('m1', 'Oldest'), message('m2', 'Older')])
        : jsonResponse([message('m3', 'Newer'), message('m4', 'Newest')], 200, { 'X-Next-Before': 'm3' }),
    );
    const user = userEvent.setup();
    renderChat();
    await within(log()).findByText('Newest');
    await user.click(within(log()).getByRole('button', { name: 'Load older messages' }));
    await within(log()).findByText('Oldest');
    expect(server.fetchMock.mock.calls.map(([url]) => url)).toContain('/api/group-messages?before=m3');
    expect(
      within(log())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Oldest'),
      expect.stringContaining('Older'),
      expect.stringContaining('Newer'),
      expect.stringContaining('Newest'),
    ]);
    expect(within(log()).queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it("links a sender's name to their profile; their message's menu offers Block beside Report", async () => {
    const server = serve((url, init) =>
      init.method === 'POST' && url === '/api/users/u-2/block'
        ? jsonResponse({ message: 'Blocked' })
        : jsonResponse([message('m1', 'Fresh eggs at the market')]),
    );
    const user = userEvent.setup();
    renderChat();
    await within(log()).findByText('Fresh eggs at the market');
    expect(within(log()).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/user/u-2');

    await user.click(within(log()).getByRole('button', { name: 'Actions for the message from ada' }));
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    const ask = screen.getByRole('alertdialog', { name: 'Block ada?' });
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked ada')).toBeInTheDocument();
    expect(
      server.fetchMock.mock.calls.filter(([, init]) => init.method === 'POST').map(([url]) => url),
    ).toEqual(['/api/users/u-2/block']);
  });
});
