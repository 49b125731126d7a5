import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDto } from '@townsquare/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventTimeText } from '../../../lib/event-time.ts';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../event-fixtures.ts';
import { formValuesFor } from '../event-form.ts';
import { googleCalendarUrl, outlookCalendarUrl } from '../share-links.ts';
import { EventCard } from './event-card.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';

/** All-day events (decision 078): the form's checkbox, and the days shown without times. */

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const fetchMock = stubFetch(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Partial<EventDto>;
    return jsonResponse({ event: createEventDto({ ...body, allDay: true }) }, 201);
  });
  return () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)));
}

// Berlin: 14 December 00:00 to 16 December 00:00 (the 14th and the 15th).
const berlinDays = createEventDto({
  title: 'Winter market',
  startDate: '2030-12-13T23:00:00.000Z',
  endDate: '2030-12-15T23:00:00.000Z',
  timeZone: 'Europe/Berlin',
  allDay: true,
});

describe('the All day checkbox', () => {
  it('hides the times: the first and last day are dates, sent as dates with allDay', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithApp(<EventFormDialog open event={null} onOpenChange={vi.fn()} onSaved={onSaved} />, {
      user: createSelfUser(),
    });
    expect(screen.getByLabelText('Start date')).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2030-12-14T19:00' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2030-12-15T21:00' } });
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    expect(screen.queryByLabelText('Start date')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First day')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('First day')).toHaveValue('2030-12-14');
    expect(screen.getByLabelText('Last day')).toHaveValue('2030-12-15');
    await fill(user, screen.getByLabelText('Title'), 'Winter market');
    await fill(user, screen.getByLabelText('Description'), 'Stalls, mulled wine, a choir.');
    await fill(user, screen.getByLabelText('Location'), 'Market square');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({
      allDay: true,
      startDate: '2030-12-14',
      endDate: '2030-12-15',
      status: 'LIVE',
    });
    // Unchecked again, the times come back at 00:00 of the same days.
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    expect(screen.getByLabelText('Start date')).toHaveValue('2030-12-14T00:00');
  });

  it('one day: the same first and last day is accepted', async () => {
    const sent = serve();
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithApp(<EventFormDialog open event={null} onOpenChange={vi.fn()} onSaved={onSaved} />, {
      user: createSelfUser(),
    });
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2030-12-14' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2030-12-14' } });
    await fill(user, screen.getByLabelText('Title'), 'Winter market');
    await fill(user, screen.getByLabelText('Description'), 'Stalls, mulled wine, a choir.');
    await fill(user, screen.getByLabelText('Location'), 'Market square');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ allDay: true, startDate: '2030-12-14', endDate: '2030-12-14' });
  });

  it('an all-day event opens with its days in its zone, the last day the one before its end', () => {
    expect(formValuesFor(berlinDays)).toMatchObject({
      allDay: true,
      startDate: '2030-12-14',
      endDate: '2030-12-15',
    });
  });
});

describe('all-day events shown', () => {
  it('the page says the days and "All day", never a time, for any viewer zone', () => {
    const when = eventTimeText(berlinDays, 'America/New_York');
    expect(when.date).toMatch(/14/);
    expect(when.date).toMatch(/Saturday/);
    expect(when.time).toMatch(/^All day, until Sunday.*15/);
    expect(when.time).not.toMatch(/\d:\d\d/);
    expect(when.yours).toBeNull();
    const one = eventTimeText({ ...berlinDays, endDate: '2030-12-14T23:00:00.000Z' }, 'UTC');
    expect(one.time).toBe('All day');
  });

  it('a card shows the first day and All day instead of a time range', () => {
    renderWithApp(<EventCard event={berlinDays} canManage={false} />, { user: createSelfUser() });
    expect(screen.getByText(/All day, until/)).toBeInTheDocument();
    expect(screen.queryByText(/\d:\d\d/)).not.toBeInTheDocument();
  });
});

describe('all-day events in calendar links', () => {
  it('Google and Outlook get the days, not midnight times', () => {
    const google = new URL(googleCalendarUrl(berlinDays, 'https://town.example'));
    expect(google.searchParams.get('dates')).toBe('20301214/20301216');
    const outlook = new URL(outlookCalendarUrl(berlinDays, 'https://town.example'));
    expect(outlook.searchParams.get('startdt')).toBe('2030-12-14');
    expect(outlook.searchParams.get('enddt')).toBe('2030-12-16');
    expect(outlook.searchParams.get('allday')).toBe('true');
  });
});
