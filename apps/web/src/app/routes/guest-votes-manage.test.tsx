import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPoll } from '../../features/polls/test-data.ts';
import { jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { GuestVotesManagePage } from './guest-votes-manage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('GuestVotesManagePage (a poll guest’s private link, decision 056)', () => {
  it('asks once more before withdrawing the answers; "Keep it" keeps them, "Yes" withdraws them', async () => {
    const fetchMock = stubFetch(async (_url: string, init?: RequestInit) =>
      init?.method === 'DELETE'
        ? jsonResponse({ message: 'Withdrawn' })
        : jsonResponse({ name: 'Gita Guest', poll: createPoll({ title: 'Spring picnic' }) }),
    );
    const user = userEvent.setup();
    renderWithApp(<GuestVotesManagePage />, { path: '/guest-votes/manage?token=abc' });

    expect(await screen.findByRole('heading', { name: 'Spring picnic' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw my answers' }));
    expect(
      screen.getByText('Withdraw your answers? They stop counting and this link stops working.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Withdraw my answers' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw them' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your answers are withdrawn');
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/\/api\/guest-votes\/abc$/),
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});
