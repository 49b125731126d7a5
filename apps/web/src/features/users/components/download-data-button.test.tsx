import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { DownloadDataButton } from './download-data-button.tsx';

beforeEach(() => {
  localStorage.setItem('accessToken', 'token');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DownloadDataButton', () => {
  it('downloads the export under the name the server gives', async () => {
    const fetchMock = stubFetch(async () =>
      jsonResponse({ exportedAt: '2026-11-23T00:00:00.000Z', profile: {} }, 200, {
        'Content-Disposition': 'attachment; filename="townsquare-export-jane.json"',
      }),
    );
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const user = userEvent.setup();
    renderWithApp(<DownloadDataButton />, { user: createSelfUser() });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ download: 'townsquare-export-jane.json', href: 'blob:export' }]),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/me/export',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it("shows the server's message when the export is refused", async () => {
    stubFetch(async () =>
      jsonResponse(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many attempts. Please try again in 59 minutes.',
        },
        429,
        { 'Retry-After': '3540' },
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<DownloadDataButton />, { user: createSelfUser() });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Too many attempts. Please try again in 59 minutes.')).toBeInTheDocument();
  });
});
