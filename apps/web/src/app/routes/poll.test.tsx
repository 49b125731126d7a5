import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPoll } from '../../features/polls/test-data.ts';
import { jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PollPage } from './poll.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PollPage signed out (decision 056)', () => {
  it('shows a poll that takes guest votes with the name and e-mail form', async () => {
    const poll = createPoll({ allowGuestVotes: true });
    stubFetch(async (url: string) =>
      url.endsWith('/guest-votes/form') ? jsonResponse({ formToken: '1.x' }) : jsonResponse({ poll }),
    );
    renderWithApp(<PollPage />, { path: '/polls/p1' });
    expect(await screen.findByRole('heading', { level: 1, name: poll.title })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Answer without an account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make this the event' })).toBeNull();
  });

  it('sends a visitor to sign in when the poll is not open to guests', async () => {
    stubFetch(async () => jsonResponse({ message: 'Poll not found', code: 'POLL_NOT_FOUND' }, 404));
    renderWithApp(<PollPage />, { path: '/polls/p1' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
