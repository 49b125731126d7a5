import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SettingsPage } from './settings.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('SettingsPage', () => {
  it('shows the sessions and the "Download my data" button', async () => {
    stubFetch(async (url: string) =>
      url === '/api/users/me/blocks'
        ? jsonResponse({ blocks: [] })
        : url === '/api/reports/mine'
          ? jsonResponse({
              reports: [
                {
                  id: 'r1',
                  _id: 'r1',
                  subjectType: 'message',
                  subjectId: 'm1',
                  reason: 'spam',
                  details: '',
                  state: 'resolved',
                  action: 'hide',
                  outcome: 'Reviewed: the content was removed',
                  createdAt: '2026-11-20T12:00:00.000Z',
                  resolvedAt: '2026-11-21T12:00:00.000Z',
                },
              ],
            })
          : jsonResponse({
              sessions: [
                {
                  id: 's-1',
                  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
                  ip: '203.0.113.7',
                  createdAt: '2026-11-01T12:00:00.000Z',
                  lastUsedAt: '2026-11-23T12:00:00.000Z',
                  current: true,
                },
              ],
            }),
    );
    renderWithApp(<SettingsPage />, { path: '/settings', user: createSelfUser() });
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toBeInTheDocument();
    expect(await screen.findByText('Firefox on Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Blocked people' })).toBeInTheDocument();
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    // What came of the person's reports (until notifications land, also said by e-mail).
    expect(await screen.findByText('Reviewed: the content was removed')).toBeInTheDocument();
  });
});
