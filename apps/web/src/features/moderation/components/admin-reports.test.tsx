import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '@townsquare/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { AdminReports } from './admin-reports.tsx';

const person = (id: string, username: string) => ({ id, _id: id, username, fullName: username });

const report: AdminReport = {
  id: 'r1',
  _id: 'r1',
  subjectType: 'message',
  subjectId: 'm3',
  reason: 'spam',
  details: 'Posting links all day',
  state: 'open',
  action: null,
  outcome: 'Under review',
  createdAt: '2026-11-23T10:00:00.000Z',
  resolvedAt: null,
  reporter: person('u2', 'bea'),
  resolvedBy: null,
  note: null,
  subjectReportCount: 2,
  subject: {
    type: 'message',
    id: 'm3',
    exists: true,
    title: 'Message in the general chat',
    room: 'general',
    text: 'cheap pills here',
    author: { ...person('u1', 'spammer'), suspended: false, isAdmin: false },
    hidden: false,
    url: '/dashboard',
    context: [
      {
        id: 'm2',
        sender: person('u3', 'cy'),
        content: 'hello all',
        createdAt: '2026-11-23T09:00:00.000Z',
        hidden: false,
        reported: false,
      },
      {
        id: 'm3',
        sender: person('u1', 'spammer'),
        content: 'cheap pills here',
        createdAt: '2026-11-23T09:01:00.000Z',
        hidden: false,
        reported: true,
      },
      {
        id: 'm4',
        sender: person('u3', 'cy'),
        content: 'please stop',
        createdAt: '2026-11-23T09:02:00.000Z',
        hidden: false,
        reported: false,
      },
    ],
  },
};

type Sent = { method: string; url: string; body: unknown };

function stubServer() {
  const sent: Sent[] = [];
  stubFetch(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url.startsWith('/api/admin/reports'))
      return jsonResponse({ reports: [report], openCount: 1, nextCursor: null });
    if (method === 'POST' && url === '/api/admin/reports/r1/resolve')
      return jsonResponse({ report: { ...report, state: 'resolved' }, resolved: 2 });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
  });
  return sent;
}

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('AdminReports', () => {
  it('shows the message among its neighbours with the count, and hides it', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderWithApp(<AdminReports />, { user: createSelfUser({ isAdmin: true }) });
    const room = await screen.findByRole('list', { name: 'The message in its room' });
    expect(
      within(room)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('hello all'),
      expect.stringContaining('cheap pills here'),
      expect.stringContaining('please stop'),
    ]);
    expect(within(room).getByText('(the reported message)')).toBeInTheDocument();
    expect(screen.getByText('2 reports on this')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide message' }));
    expect(await screen.findByText('Hidden (2 reports resolved)')).toBeInTheDocument();
    expect(sent.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/reports/r1/resolve',
      body: { action: 'hide' },
    });
  });

  it('suspends the author for the days given, with a note', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderWithApp(<AdminReports />, { user: createSelfUser({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend spammer' });
    const days = within(dialog).getByLabelText('Days');
    await user.clear(days);
    await user.type(days, '0');
    await user.type(within(dialog).getByLabelText('Note (kept in the audit log)'), 'Spam wave');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(/Days must be a whole number/)).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('spammer is suspended (2 reports resolved)')).toBeInTheDocument();
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'suspend',
      days: 14,
      note: 'Spam wave',
    });
  });
});
