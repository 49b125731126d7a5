import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLOCK_MSG, type BlockedUser, type DirectMessage, type RoomMessage } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendToHistory } from '../../../lib/chat/history.ts';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { generalMessagesQueryKey } from '../../chat/api/get-general-messages.ts';
import { DirectChat } from '../../chat/components/direct-chat.tsx';
import { GeneralChat } from '../../chat/components/general-chat.tsx';
import { BlockMenu } from '../../moderation/components/block-menu.tsx';
import { BlockedPeopleCard } from './blocked-people-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = createSelfUser({ username: 'me_myself' });
const OTHER = '0190a0b0-0000-7000-8000-00000000abcd';
const pest: BlockedUser = {
  _id: OTHER,
  id: OTHER,
  username: 'pest',
  fullName: 'Pat Pest',
  profileImage: null,
  blockedAt: '2026-11-20T10:00:00.000Z',
};

/** A fake server: the block list (changed by POST/DELETE …/block) and whatever else `extra` answers. */
function serve(initial: BlockedUser[], extra: (url: string) => Response | undefined = () => undefined) {
  let blocks = initial;
  const fetchMock = stubFetch(async (url: string, init: RequestInit) => {
    if (url === '/api/users/me/blocks') return jsonResponse({ blocks });
    if (url === `/api/users/${OTHER}/block` && init.method === 'POST') {
      blocks = [pest];
      return jsonResponse({ message: BLOCK_MSG.blocked });
    }
    if (url === `/api/users/${OTHER}/block` && init.method === 'DELETE') {
      blocks = [];
      return jsonResponse({ message: BLOCK_MSG.unblocked });
    }
    return extra(url) ?? jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
  const calls = (method: string) =>
    fetchMock.mock.calls.filter(([, init]) => init.method === method).map(([url]) => url);
  return { calls };
}

describe('BlockMenu', () => {
  it('blocks only after the dialog is confirmed, then offers Unblock', async () => {
    const server = serve([]);
    const user = userEvent.setup();
    renderWithApp(<BlockMenu userId={OTHER} name="pest" />, { path: `/user/${OTHER}`, user: me });
    await user.click(screen.getByRole('button', { name: 'More actions for pest' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block pest?' });
    // Focus starts on Cancel; cancelling blocks nobody.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(server.calls('POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'More actions for pest' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(server.calls('POST')).toEqual([`/api/users/${OTHER}/block`]));

    await user.click(screen.getByRole('button', { name: 'More actions for pest' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unblock' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unblock pest?' })).getByRole('button', {
        name: 'Unblock',
      }),
    );
    await waitFor(() => expect(server.calls('DELETE')).toEqual([`/api/users/${OTHER}/block`]));
  });

  it('on a profile, one menu holds Block first and then Report, which opens the report dialog', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithApp(
      <BlockMenu
        userId={OTHER}
        name="pest"
        report={{ subjectType: 'user', subjectId: OTHER, label: "pest's profile" }}
      />,
      { path: `/user/${OTHER}`, user: me },
    );
    await user.click(screen.getByRole('button', { name: 'More actions for pest' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Block', 'Report']);
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('Blocked people (settings)', () => {
  it('lists the people blocked, each with Unblock', async () => {
    const server = serve([pest]);
    const user = userEvent.setup();
    renderWithApp(<BlockedPeopleCard />, { path: '/settings', user: me });
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getByRole('link', { name: 'pest' })).toHaveAttribute('href', `/user/${OTHER}`);
    await user.click(within(list).getByRole('button', { name: 'Unblock pest' }));
    await waitFor(() => expect(server.calls('DELETE')).toEqual([`/api/users/${OTHER}/block`]));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});

describe('placeholder and composer', () => {
  const hidden: RoomMessage = {
    _id: 'm1',
    id: 'm1',
    sender: { _id: OTHER, id: OTHER, username: 'pest', fullName: 'Pat Pest', profileImage: null },
    content: '',
    hidden: 'blocked',
    timestamp: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
  };

  it('a hidden room message shows the placeholder, in history and when it arrives live', async () => {
    serve([pest], (url) => (url.startsWith('/api/group-messages') ? jsonResponse([hidden]) : undefined));
    const { queryClient } = renderWithApp(<GeneralChat />, { path: '/messages', user: me });
    const log = await screen.findByRole('log', { name: 'General chat messages' });
    expect(await within(log).findByText(BLOCK_MSG.placeholder)).toBeInTheDocument();
    expect(within(log).queryByText('pest')).not.toBeInTheDocument();
    act(() => appendToHistory(queryClient, generalMessagesQueryKey, { ...hidden, _id: 'm2', id: 'm2' }));
    await waitFor(() => expect(within(log).getAllByText(BLOCK_MSG.placeholder)).toHaveLength(2));
  });

  it('the composer of a conversation with someone blocked is off, with a neutral note', async () => {
    serve([pest], (url) => {
      if (url.startsWith(`/api/messages/${OTHER}`)) return jsonResponse([] satisfies DirectMessage[]);
      if (url === `/api/friends/status/${OTHER}`) return jsonResponse({ status: 'none' });
      return undefined;
    });
    renderWithApp(<DirectChat userId={OTHER} name="pest" />, { path: `/messages/${OTHER}`, user: me });
    expect(await screen.findByText(BLOCK_MSG.composerDisabled)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message pest' })).not.toBeInTheDocument();
    expect(screen.getByText(BLOCK_MSG.composerDisabled).textContent?.toLowerCase()).not.toContain('block');
  });
});
