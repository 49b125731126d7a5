import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDto } from '@townsquare/contracts';
import { EVENT_MSG } from '@townsquare/contracts';
import { MSG } from '@townsquare/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { createEventDto } from '../event-fixtures.ts';
import { duplicateFormValues } from '../event-form.ts';
import { EventFormDialog } from './event-form-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Answers POST/PUT /api/events with `answer` (default: the body back as an event). */
function serve(answer?: () => Response) {
  const fetchMock = stubFetch(async (_url: string, init: RequestInit) => {
    if (answer) return answer();
    const body = JSON.parse(String(init.body)) as Partial<EventDto>;
    return jsonResponse({ event: createEventDto(body) }, init.method === 'POST' ? 201 : 200);
  });
  return {
    fetchMock,
    sent: () =>
      fetchMock.mock.calls.map(([url, init]) => ({
        url,
        method: init.method,
        body: JSON.parse(String(init.body)),
      })),
  };
}

function open(event: EventDto | null = null) {
  const onOpenChange = vi.fn();
  const onSaved = vi.fn();
  const view = renderWithApp(
    <EventFormDialog open event={event} onOpenChange={onOpenChange} onSaved={onSaved} />,
    { user: createSelfUser() },
  );
  return { ...view, onOpenChange, onSaved };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, start: string, end: string) {
  await fill(user, screen.getByLabelText('Title'), 'Board games night');
  await fill(user, screen.getByLabelText('Description'), 'Bring a game or learn a new one.');
  await fill(user, screen.getByLabelText('Location'), 'Library, room 2');
  fireEvent.change(screen.getByLabelText('Start date'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('End date'), { target: { value: end } });
}

function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const inDays = (days: number) => localInput(new Date(Date.now() + days * 86_400_000));

describe('EventFormDialog', () => {
  it('shows every validation message together in one alert and sends nothing', async () => {
    const { fetchMock } = serve();
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    const alert = await screen.findByRole('alert');
    for (const message of [
      'Title is required',
      'Description is required',
      'Location is required',
      'Start date is required',
      'End date is required',
    ]) {
      expect(within(alert).getByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    // Save as Draft checks the same fields; an end before the start joins the list.
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2030-03-08T19:00' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2030-03-08T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    const again = await screen.findByRole('alert');
    expect(
      within(again)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Title is required',
      'Description is required',
      'Location is required',
      'End date must be after start date',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a title past 200 characters whole, counts it and refuses it with a message', async () => {
    const { fetchMock } = serve();
    const user = userEvent.setup();
    open();
    await fillRequired(user, inDays(3), inDays(4));
    const title = screen.getByLabelText('Title');
    await fill(user, title, 'x'.repeat(195));
    expect(screen.getByText('195 / 200')).toBeInTheDocument();
    await fill(user, title, 'x'.repeat(205));
    expect(title).toHaveValue('x'.repeat(205));
    expect(screen.getByText('205 / 200 · 5 too many')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(within(await screen.findByRole('alert')).getByText(EVENT_MSG.titleTooLong)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the tag rules with the spec texts and offers suggestions', async () => {
    serve();
    const user = userEvent.setup();
    open();
    const tags = screen.getByLabelText(/^Tags/);
    // What is tested is Enter adding the tag: the text is pasted, Enter is pressed.
    const addTag = async (text: string) => {
      await user.click(tags);
      await user.paste(text);
      await user.keyboard('{Enter}');
    };
    await addTag('a');
    expect(screen.getByText('Tags must be at least 2 characters long')).toBeInTheDocument();
    await user.clear(tags);
    await addTag('x'.repeat(21));
    expect(screen.getByText('Tags cannot be longer than 20 characters')).toBeInTheDocument();
    await user.clear(tags);
    await addTag('Chess');
    await addTag('chess');
    expect(screen.getByText('This tag has already been added')).toBeInTheDocument();
    await user.clear(tags);

    // A suggestion is one click away; ten tags is the most.
    await user.click(screen.getByRole('button', { name: 'Meetup' }));
    for (const tag of ['Go', 'Poker', 'Bridge', 'Scrabble', 'Catan', 'Risk', 'Uno', 'Carcassonne']) {
      await addTag(tag);
    }
    await addTag('Dominoes');
    expect(screen.getByText('Maximum of 10 tags allowed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Chess' })).toBeInTheDocument();
  });

  it('disables the cost while the event is free', async () => {
    serve();
    const user = userEvent.setup();
    open();
    const cost = screen.getByLabelText('Cost ($)');
    expect(screen.getByRole('checkbox', { name: 'Free event' })).toBeChecked();
    expect(cost).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Free event' }));
    expect(cost).toBeEnabled();
    await user.type(cost, '12');
    await user.click(screen.getByRole('checkbox', { name: 'Free event' }));
    expect(cost).toBeDisabled();
  });

  // Three journeys through the same dialog, one test each (one test for all three took 8 s alone
  // and ran past its time on a busy 2-core CI machine).
  it('Create Event sends LIVE for a future event', async () => {
    const server = serve();
    const user = userEvent.setup();
    const first = open();
    await fillRequired(user, inDays(3), inDays(4));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(first.onSaved).toHaveBeenCalled());
    expect(server.sent()[0]).toMatchObject({
      url: '/api/events',
      method: 'POST',
      body: { status: 'LIVE', isFree: true, cost: 0 },
    });
    expect(first.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Create Event sends PAST for an event that has ended, after asking first', async () => {
    const server = serve();
    const user = userEvent.setup();
    const second = open();
    await fillRequired(user, inDays(-3), inDays(-2));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    // An event that has entirely passed asks first; changing the dates sends nothing.
    const ask = await screen.findByRole('alertdialog', { name: 'This event has already ended' });
    await user.click(within(ask).getByRole('button', { name: 'Change the dates' }));
    expect(server.sent()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish as past event' }),
    );
    await waitFor(() => expect(second.onSaved).toHaveBeenCalled());
    expect(server.sent()[0]?.body).toMatchObject({ status: 'PAST' });
  });

  it('Save as Draft sends DRAFT, even for dates that have passed', async () => {
    const server = serve();
    const user = userEvent.setup();
    const third = open();
    await fillRequired(user, inDays(-3), inDays(-2));
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(third.onSaved).toHaveBeenCalled());
    expect(server.sent()[0]?.body).toMatchObject({ status: 'DRAFT' });
  });

  it('edits with PUT and warns when a published event has already ended', async () => {
    const server = serve();
    const user = userEvent.setup();
    const ended = createEventDto({
      status: 'PAST',
      startDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    const view = open(ended);
    expect(screen.getByRole('heading', { name: 'Edit Event' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "This event's end date has already passed. Consider updating the dates or marking it as a past event.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue(ended.title);

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: inDays(5) } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: inDays(6) } });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(view.onSaved).toHaveBeenCalled());
    expect(server.sent()[0]).toMatchObject({
      url: `/api/events/${ended.id}`,
      method: 'PUT',
      body: { status: 'LIVE' },
    });
    view.unmount();

    open(createEventDto({ status: 'DRAFT', endDate: new Date(Date.now() - 86_400_000).toISOString() }));
    expect(screen.queryByText(/end date has already passed/)).not.toBeInTheDocument();
  });

  it('shows "Failed to save event: {message}", or the generic text when the server says nothing useful', async () => {
    serve(() =>
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', message: 'Cost must be a number between 0 and 100000' },
        400,
      ),
    );
    const user = userEvent.setup();
    const view = open();
    await fillRequired(user, inDays(3), inDays(4));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save event: Cost must be a number between 0 and 100000',
    );
    expect(view.onOpenChange).not.toHaveBeenCalledWith(false);

    serve(() =>
      jsonResponse(
        { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
        500,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to save event. Please try again.'),
    );
  });
});

describe('EventFormDialog, unverified e-mail', () => {
  it('explains why publishing was refused and resends the link from there', async () => {
    const { fetchMock } = serve();
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/resend-verification'
        ? jsonResponse({ message: MSG.verificationSent })
        : jsonResponse({ statusCode: 403, error: 'Forbidden', message: EVENT_MSG.verifyToPublish }, 403),
    );
    const user = userEvent.setup();
    open();
    for (const [label, value] of [
      ['Title', 'Board games night'],
      ['Description', 'Bring a game or learn a new one.'],
      ['Location', 'Library, room 2'],
      ['Start date', inDays(3)],
      ['End date', inDays(4)],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(EVENT_MSG.verifyToPublish);
    expect(alert).not.toHaveTextContent('Failed to save event');
    await user.click(within(alert).getByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText(MSG.verificationSent)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/resend-verification');
    // Saving as a draft stays possible.
    expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeEnabled();
  });

  it('duplicates an event: the copy opens as a new event one week later and is sent with POST', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    const original = createEventDto({
      title: 'Repair café',
      startDate: '2030-03-08T09:00:00.000Z',
      endDate: '2030-03-08T11:00:00.000Z',
      timeZone: 'UTC',
    });
    const onSaved = vi.fn();
    renderWithApp(
      <EventFormDialog
        open
        copyOf={duplicateFormValues(original, true)}
        onOpenChange={vi.fn()}
        onSaved={onSaved}
      />,
      { user: createSelfUser() },
    );
    expect(screen.getByRole('dialog', { name: 'Duplicate event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Repair café');
    expect(screen.getByLabelText('Start date')).toHaveValue('2030-03-15T09:00');
    expect(screen.getByLabelText('End date')).toHaveValue('2030-03-15T11:00');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [request] = sent();
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/events');
    expect(request?.body).toMatchObject({
      title: 'Repair café',
      startDate: '2030-03-15T09:00:00.000Z',
      status: 'LIVE',
    });
  });
});
