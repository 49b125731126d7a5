import { screen } from '@testing-library/react';
import type { EventDto } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../../events/event-fixtures.ts';
import { EventList } from './community-events.tsx';

/** The list of a community's upcoming events, loaded, with `events`. */
function renderUpcoming(events: EventDto[]) {
  renderWithApp(<EventList loading={false} empty="No upcoming events" events={events} />);
}

describe('EventList', () => {
  it('says "Full" or how many places are left, and nothing for an event without a limit', () => {
    renderUpcoming([
      createEventDto({ title: 'Full supper', capacity: 8, placesLeft: 0, waitlistCount: 2 }),
      createEventDto({ title: 'Open workshop', capacity: 12, placesLeft: 3, waitlistCount: 0 }),
      createEventDto({ title: 'Picnic', capacity: null, placesLeft: null, waitlistCount: 0 }),
    ]);
    expect(screen.getByText('Full (8 places) · 2 waiting')).toBeInTheDocument();
    expect(screen.getByText('3 of 12 places left')).toBeInTheDocument();
    const picnic = screen.getByRole('link', { name: 'Picnic' }).closest('li');
    expect(picnic?.textContent).not.toMatch(/place|Full/);
  });

  it('shows when an event starts where it happens, its zone named, and who hosts it', () => {
    renderUpcoming([
      createEventDto({
        title: 'Canal run',
        startDate: '2026-12-01T11:55:00.000Z',
        endDate: '2026-12-01T13:55:00.000Z',
        timeZone: 'Europe/Berlin',
        location: 'Landwehrkanal',
        community: { _id: 'c1', id: 'c1', slug: 'kiez', name: 'Kiez Runners', verified: false },
      }),
    ]);
    const item = screen.getByRole('link', { name: 'Canal run' }).closest('li');
    expect(item?.textContent).toContain('Dec 1, 2026 · 12:55 PM CET');
    expect(item?.textContent).toContain('Hosted by Kiez Runners · Landwehrkanal');
  });
});
