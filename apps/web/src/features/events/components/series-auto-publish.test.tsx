import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatShortDateTime } from '../../../lib/format.ts';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createSeriesDto } from '../series-fixtures.ts';
import { SeriesAutoPublish } from './series-auto-publish.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

const series = createSeriesDto();

describe('SeriesAutoPublish', () => {
  it('switches an existing series between asking each time and publishing by itself', async () => {
    const sent: { method?: string; body: unknown }[] = [];
    let current = series;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/series/s1') && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { autoPublish: boolean };
        sent.push({ method: init.method, body });
        current = { ...current, autoPublish: body.autoPublish };
      }
      return jsonResponse({ series: current });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithApp(<SeriesAutoPublish seriesId="s1" />, { path: '/event/x', user: createSelfUser() });

    const group = await screen.findByRole('group', { name: 'Publishing the dates' });
    const ask = screen.getByRole('radio', { name: /Ask me each time/ });
    const auto = screen.getByRole('radio', { name: /Publish automatically/ });
    expect(group).toBeInTheDocument();
    expect(ask).toBeChecked();
    await user.click(auto);
    await vi.waitFor(() => expect(auto).toBeChecked());
    expect(sent).toEqual([{ method: 'PATCH', body: { autoPublish: true } }]);
    await user.click(ask);
    await vi.waitFor(() => expect(ask).toBeChecked());
    expect(sent.at(-1)).toEqual({ method: 'PATCH', body: { autoPublish: false } });
  });

  it('keeps the saved choice and says so when the server refuses', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? jsonResponse(
            { message: 'Only the creator of this series can change it', code: 'SERIES_NOT_CREATOR' },
            403,
          )
        : jsonResponse({ series }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithApp(<SeriesAutoPublish seriesId="s1" />, { path: '/event/x', user: createSelfUser() });

    const auto = await screen.findByRole('radio', { name: /Publish automatically/ });
    await user.click(auto);
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: /Ask me each time/ })).toBeChecked());
    expect(auto).not.toBeChecked();
    expect(await screen.findByText('Only the creator of this series can change it')).toBeInTheDocument();
  });

  it('tells the host of a draft date what will happen to it and when', async () => {
    let current = createSeriesDto({ autoPublish: true });
    stubFetch(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') current = { ...current, ...JSON.parse(String(init.body)) };
      return jsonResponse({ series: current });
    });
    const user = userEvent.setup();
    // Ten days ahead: it goes live (or its hosts are asked) three days from now, at the same time.
    const start = new Date(Date.now() + 10 * 86_400_000);
    const draft = { status: 'DRAFT' as const, startDate: start.toISOString(), timeZone: 'Europe/Berlin' };
    renderWithApp(<SeriesAutoPublish seriesId="s1" event={draft} />, {
      path: '/event/x',
      user: createSelfUser(),
    });
    const note = await screen.findByTestId('draft-date-note');
    const when = formatShortDateTime(
      new Date(start.getTime() - 7 * 86_400_000).toISOString(),
      'Europe/Berlin',
    );
    expect(note).toHaveTextContent(`This date goes live by itself on ${when}, a week before it starts.`);
    await user.click(screen.getByRole('radio', { name: /Ask me each time/ }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('draft-date-note')).toHaveTextContent(
        `You'll be asked to confirm this date on ${when}`,
      ),
    );
  });

  it('says within 15 minutes once the week before has begun, and nothing on a live date', async () => {
    stubFetch(async () => jsonResponse({ series: createSeriesDto({ autoPublish: true }) }));
    const soon = { startDate: new Date(Date.now() + 86_400_000).toISOString(), timeZone: 'Europe/Berlin' };
    const view = renderWithApp(<SeriesAutoPublish seriesId="s1" event={{ ...soon, status: 'DRAFT' }} />, {
      path: '/event/x',
      user: createSelfUser(),
    });
    expect(await screen.findByTestId('draft-date-note')).toHaveTextContent(
      'This date goes live by itself within 15 minutes.',
    );
    view.unmount();
    renderWithApp(<SeriesAutoPublish seriesId="s1" event={{ ...soon, status: 'LIVE' }} />, {
      path: '/event/x',
      user: createSelfUser(),
    });
    await screen.findByRole('group', { name: 'Publishing the dates' });
    expect(screen.queryByTestId('draft-date-note')).not.toBeInTheDocument();
  });
});
