import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createPoll, person } from '../../polls/test-data.ts';
import { GuestPollAnswer } from './guest-poll-answer.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The server's answers: the form token, then 202 for the votes. */
function serve() {
  return stubFetch(async (url: string, _init?: RequestInit) =>
    url.endsWith('/guest-votes/form')
      ? jsonResponse({ formToken: '123.signed' })
      : jsonResponse({ message: 'Check your e-mail' }, 202),
  );
}

describe('GuestPollAnswer (votes without an account, decision 056)', () => {
  it('keeps the choices in the page and sends them with a name and an e-mail, then says check your e-mail', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithApp(<GuestPollAnswer poll={createPoll({ allowGuestVotes: true })} />);

    const rows = within(screen.getByRole('list', { name: 'Proposed dates' })).getAllByRole('listitem');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Yes' }));
    await user.click(within(rows[2]!).getByRole('button', { name: 'If need be' }));
    // A choice is only kept in the page: nothing is sent before the form.
    expect(within(rows[0]!).getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/form'))).toHaveLength(0);

    const form = screen.getByRole('form', { name: 'Answer without an account' });
    await fill(user, within(form).getByLabelText('Your name'), 'Robin');
    await fill(user, within(form).getByLabelText('Your e-mail'), 'robin@example.com');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send my answers' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Send my answers' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Check your e-mail');
    expect(screen.getByText(/We sent a link to robin@example.com/)).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/polls/p1/guest-votes'));
    expect(sent?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      name: 'Robin',
      email: 'robin@example.com',
      website: '',
      votes: { o1: 'yes', o3: 'if_need_be' },
      formToken: '123.signed',
    });
  });

  it('asks for at least one answer before sending, and hides the honeypot from people', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithApp(<GuestPollAnswer poll={createPoll({ allowGuestVotes: true })} />);
    const form = screen.getByRole('form', { name: 'Answer without an account' });
    await fill(user, within(form).getByLabelText('Your name'), 'Robin');
    await fill(user, within(form).getByLabelText('Your e-mail'), 'robin@example.com');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send my answers' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Choose an answer for at least one date first.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/guest-votes'))).toHaveLength(0);
    // The honeypot is out of reach: not in the accessibility tree, not in the tab order.
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    expect(document.getElementById('guest-website')).toHaveAttribute('tabindex', '-1');
  });

  it('shows guests in the voters grid by name, marked as guests', () => {
    serve();
    renderWithApp(
      <GuestPollAnswer
        poll={createPoll({
          allowGuestVotes: true,
          voters: [
            { user: person('ana', 'ana'), choices: ['yes', 'no', null] },
            { user: person('g1', 'Robin Guest'), choices: ['no', 'yes', null], guest: true },
          ],
          voterCount: 2,
        })}
      />,
    );
    const guestRow = screen.getByRole('rowheader', { name: /Robin Guest/ });
    expect(within(guestRow).getByText('guest')).toBeInTheDocument();
    expect(within(screen.getByRole('rowheader', { name: 'ana' })).queryByText('guest')).toBeNull();
  });

  it('offers no form once the poll is closed', () => {
    serve();
    renderWithApp(<GuestPollAnswer poll={createPoll({ allowGuestVotes: true, state: 'closed' })} />);
    expect(screen.queryByRole('form')).toBeNull();
  });
});
