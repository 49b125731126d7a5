import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Community } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommunity, createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CommunitySettings } from './community-settings.tsx';

const club = createCommunity({ viewerRole: 'OWNER', viewerState: 'member', viewerNotifications: 'all' });

function stubServer() {
  const patches: unknown[] = [];
  stubFetch(async (url: string, init: RequestInit = {}) => {
    if (init.method === 'PATCH' && url.endsWith('/api/communities/riverside-runners')) {
      const body = JSON.parse(String(init.body)) as Partial<Community>;
      patches.push(body);
      return jsonResponse({ community: { ...club, ...body } });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
  });
  return patches;
}

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('CommunitySettings', () => {
  it('edits visibility, join policy and join questions, which show for approval only', async () => {
    const patches = stubServer();
    const user = userEvent.setup();
    renderWithApp(<CommunitySettings community={club} />, { user: createSelfUser() });
    expect(screen.queryByLabelText('Join question 1')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Who can join'), 'APPROVAL');
    await fill(user, screen.getByLabelText('Join question 1'), 'How far do you run?');
    await fill(user, screen.getByLabelText('Join question 3'), 'Which day suits you?');
    await user.click(screen.getByRole('checkbox', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({
      name: 'Riverside Runners',
      imageUrl: null,
      visibility: 'PRIVATE',
      joinPolicy: 'APPROVAL',
      joinQuestions: ['How far do you run?', 'Which day suits you?'],
    });
  });

  it('starts from the community as it is and clears the questions when approval is switched off', async () => {
    const patches = stubServer();
    const user = userEvent.setup();
    const asking: Community = {
      ...club,
      visibility: 'PRIVATE',
      joinPolicy: 'APPROVAL',
      joinQuestions: ['Why?'],
    };
    renderWithApp(<CommunitySettings community={asking} />, { user: createSelfUser() });
    expect(screen.getByLabelText('Who can join')).toHaveValue('APPROVAL');
    expect(screen.getByLabelText('Join question 1')).toHaveValue('Why?');
    expect(screen.getByRole('checkbox', { name: /Private/ })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Who can join'), 'INVITE');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ visibility: 'PRIVATE', joinPolicy: 'INVITE', joinQuestions: [] });
  });

  it('offers the community image upload and the typed confirmation before deleting', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithApp(<CommunitySettings community={club} />, { user: createSelfUser() });
    expect(screen.getByText('Community image')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete community' });
    expect(remove).toBeDisabled();
    await fill(user, screen.getByLabelText('Type the community name to confirm'), 'Riverside Runners');
    expect(remove).toBeEnabled();
  });
});
