import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDto, PublicEventDto } from '@townsquare/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventDto } from '../../features/events/event-fixtures.ts';
import { createSelfUser, HOST_COMMUNITY, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { EventDetailPage, formatCost } from './event-detail.tsx';

vi.mock('../components/event-social-panel.tsx', () => ({
  EventSocialPanel: ({ eventId, isOrganizer }: { eventId: string; isOrganizer: boolean }) => (
    <p>{`social panel ${eventId} ${isOrganizer ? 'organizer' : 'member'}`}</p>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

function toPublic(event: EventDto, going: string[] = []): PublicEventDto {
  return { ...event, rsvps: going };
}

function serve(event: PublicEventDto | null, names: Record<string, string> = {}) {
  return stubFetch(async (url: string, init: RequestInit) => {
    if (event && url === `/api/events/public/${event.id}`) return jsonResponse({ data: event });
    if (url.startsWith('/api/events/public/')) {
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Event not found' }, 404);
    }
    const user = /^\/api\/users\/public\/(.+)$/.exec(url);
    if (user?.[1]) {
      const name = names[user[1]];
      return name
        ? jsonResponse({ id: user[1], _id: user[1], username: name, fullName: name })
        : jsonResponse({ statusCode: 404, error: 'Not Found', message: 'User not found' }, 404);
    }
    if (event && url === `/api/events/${event.id}/rsvp` && init.method === 'POST') {
      const { status } = JSON.parse(String(init.body)) as { status: 'going' };
      return jsonResponse({
        event: { ...event, myRsvp: status, attendeeCount: event.attendeeCount + 1, rsvps: [] },
      });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
}

/** The page at /event/:eventId, as the app's router mounts it. */
function renderPage(eventId: string, user: ReturnType<typeof createSelfUser> | null) {
  const router = createMemoryRouter([{ path: '/event/:eventId', element: <EventDetailPage /> }], {
    initialEntries: [`/event/${eventId}`],
  });
  return render(
    <QueryClientProvider client={createTestQueryClient(user)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('EventDetailPage (spec 2, "Event detail")', () => {
  it('says which community hosts the event, with the verified badge, linking to the community', async () => {
    const community = HOST_COMMUNITY;
    const event = createEventDto({
      title: 'Saturday loop',
      startDate: future(2),
      endDate: future(2.1),
      community,
    });
    serve(toPublic(event));
    renderPage(event.id, null);
    const host = await screen.findByRole('link', { name: /Hosted by Riverside Runners/ });
    expect(host).toHaveAttribute('href', '/c/riverside-runners');
    expect(within(host).getByRole('img', { name: 'Verified community' })).toBeInTheDocument();
  });

  it('works signed out: the details, Free, attendee names with "Unknown User", and a prompt to sign in', async () => {
    const event = createEventDto({
      title: 'Park clean-up',
      startDate: future(2),
      endDate: future(2.1),
      attendeeCount: 2,
    });
    serve(toPublic(event, ['p1', 'p2']), { p1: 'ben' });
    renderPage(event.id, null);

    expect(await screen.findByRole('heading', { level: 1, name: 'Park clean-up' })).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText(/2 going/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'ben' })).toHaveAttribute('href', '/user/p1');
    expect(await screen.findByText('Unknown User')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to RSVP' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
    // The event chat is readable signed out (the panel then prompts to sign in): it is there too.
    // This line used to assert its absence, which held only while the lazy panel was still loading.
    expect(await screen.findByText(`social panel ${event.id} member`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/events/${event.id}/ics`,
    );
  });

  it('lets a signed-in visitor RSVP and shows the reply; the social panel is there', async () => {
    const me = createSelfUser();
    const event = createEventDto({ startDate: future(2), endDate: future(2.1), isFree: false, cost: 12.5 });
    const fetchMock = serve(toPublic(event));
    const user = userEvent.setup();
    renderPage(event.id, me);

    expect(await screen.findByText('$12.50')).toBeInTheDocument();
    // The RSVP control is loaded when a signed-in visitor is shown it.
    expect(await screen.findByText('You have not replied yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Going' }));
    expect(await screen.findByText('Your reply: Going.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ status: 'going' });
    expect(await screen.findByText(`social panel ${event.id} member`)).toBeInTheDocument();
  });

  it('tells the creator and offers Manage Event, hidden once the event is past', async () => {
    const me = createSelfUser();
    const mine = { creatorId: me.id, creator: { id: me.id, _id: me.id, username: me.username } };
    const live = createEventDto({ ...mine, startDate: future(1), endDate: future(1.1) });
    serve(toPublic(live));
    const first = renderPage(live.id, me);
    expect(await screen.findByText('You are the creator of this event')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Event' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
    expect(await screen.findByText(`social panel ${live.id} organizer`)).toBeInTheDocument();
    first.unmount();

    const ended = createEventDto({ ...mine, status: 'LIVE', startDate: future(-2), endDate: future(-1.9) });
    serve(toPublic(ended));
    renderPage(ended.id, me);
    expect(await screen.findByText('This event has ended')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Event' })).not.toBeInTheDocument();
  });

  it('offers hosts "Duplicate event": the create form with the event one week later; others do not see it', async () => {
    const me = createSelfUser();
    const mine = { creatorId: me.id, creator: { id: me.id, _id: me.id, username: me.username } };
    const event = createEventDto({
      ...mine,
      title: 'Soup kitchen',
      startDate: '2030-05-04T10:00:00.000Z',
      endDate: '2030-05-04T12:00:00.000Z',
      timeZone: 'UTC',
    });
    serve(toPublic(event));
    const user = userEvent.setup();
    const first = renderPage(event.id, me);
    await user.click(await screen.findByRole('button', { name: 'Duplicate event' }, { timeout: 10_000 }));
    // The form is its own chunk, loaded on the click.
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Soup kitchen');
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('2030-05-11T10:00');
    first.unmount();

    // A member who does not host it sees no such button.
    const theirs = createEventDto({ startDate: future(1), endDate: future(1.1) });
    serve(toPublic(theirs));
    renderPage(theirs.id, me);
    expect(await screen.findByRole('button', { name: 'Going' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duplicate event' })).not.toBeInTheDocument();
  });

  it('says a cancelled event was cancelled and offers no RSVP; hosts see Cancel event only while it is on', async () => {
    const me = createSelfUser();
    const off = createEventDto({ startDate: future(2), endDate: future(2.1), cancelled: true });
    serve(toPublic(off));
    const first = renderPage(off.id, me);
    expect(await screen.findByText('This event was cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    first.unmount();

    const mine = { creatorId: me.id, creator: { id: me.id, _id: me.id, username: me.username } };
    const on = createEventDto({ ...mine, startDate: future(2), endDate: future(2.1), cancelled: false });
    serve(toPublic(on));
    renderPage(on.id, me);
    expect(await screen.findByRole('button', { name: 'Cancel event' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    expect(screen.queryByText('This event was cancelled')).not.toBeInTheDocument();
  });

  it('shows "+N more" after twenty names', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => `p${i}`);
    const event = createEventDto({ startDate: future(2), endDate: future(2.1), attendeeCount: 23 });
    serve(toPublic(event, ids), Object.fromEntries(ids.map((id) => [id, `name_${id}`])));
    renderPage(event.id, null);
    const list = await screen.findByRole('list', { name: 'Attendees' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(20));
    expect(within(list).getByText('+3 more')).toBeInTheDocument();
  });

  it('says "Event not found" for an unknown or private event', async () => {
    serve(null);
    renderPage('0190a0b0-0000-7000-9000-00000000dead', null);
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
  });

  it('formats the cost with a dollar sign, or Free', () => {
    expect(formatCost({ isFree: true, cost: 10 })).toBe('Free');
    expect(formatCost({ isFree: false, cost: 12 })).toBe('$12');
    expect(formatCost({ isFree: false, cost: 7.5 })).toBe('$7.50');
  });
});
