import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { usePublicEvent } from '../api/get-public-event.ts';
import { toPublicEvent } from '../event-cache.ts';
import { createEventDto } from '../event-fixtures.ts';
import { CancelEventControls } from './cancel-event-dialog.tsx';

beforeEach(() => localStorage.setItem('accessToken', 'token'));
afterEach(() => vi.unstubAllGlobals());

/** The event page's part: the controls read the event from the page's query, as on the page. */
function Harness({ eventId }: { eventId: string }) {
  const event = usePublicEvent(eventId, null);
  return event.data ? <CancelEventControls event={event.data} /> : null;
}

/** A server holding one event; PATCH answers `refuse` once when given, then does as asked. */
function serve(event: ReturnType<typeof createEventDto>, refuse?: { status: number; message: string }) {
  let current = event;
  let refusal = refuse;
  const patches: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(`/api/events/public/${event.id}`)) return jsonResponse({ data: toPublicEvent(current) });
    if (url.endsWith(`/api/events/${event.id}`) && init?.method === 'PATCH') {
      patches.push(JSON.parse(String(init.body)));
      if (refusal) {
        const { status, message } = refusal;
        refusal = undefined;
        return jsonResponse({ statusCode: status, error: 'Bad Request', message }, status);
      }
      current = { ...current, cancelled: (patches.at(-1) as { cancelled: boolean }).cancelled };
      return jsonResponse({ event: current });
    }
    return jsonResponse({});
  });
  vi.stubGlobal('fetch', fetch);
  return { patches };
}

const upcoming = () =>
  createEventDto({
    title: 'Harbour swim',
    startDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
    cancelled: false,
  });

describe('CancelEventControls', () => {
  it('asks first in a dialog that keeps focus; Escape keeps the event, confirming cancels it', async () => {
    const event = upcoming();
    const { patches } = serve(event);
    const user = userEvent.setup();
    renderWithApp(<Harness eventId={event.id} />, { user: createSelfUser() });

    const open = await screen.findByRole('button', { name: 'Cancel event' });
    await user.click(open);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this event?' });
    expect(dialog).toHaveTextContent('Harbour swim will be marked as cancelled');
    expect(screen.getByRole('button', { name: 'Keep event' })).toHaveFocus();
    // The focus trap: Tab and Shift+Tab never leave the dialog.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(patches).toEqual([]);

    await user.click(open);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText('Event cancelled')).toBeInTheDocument();
    expect(patches).toEqual([{ cancelled: true }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The event is now cancelled: the host may restore it (it has not started), and focus is there.
    const restore = await screen.findByRole('button', { name: 'Restore event' });
    await vi.waitFor(() => expect(restore).toHaveFocus());
    await user.click(restore);
    expect(await screen.findByRole('button', { name: 'Cancel event' })).toBeInTheDocument();
    expect(patches).toEqual([{ cancelled: true }, { cancelled: false }]);
  });

  it("shows the server's refusal inside the dialog, which stays open", async () => {
    const event = upcoming();
    serve(event, { status: 400, message: 'A draft cannot be cancelled. Delete it instead.' });
    const user = userEvent.setup();
    renderWithApp(<Harness eventId={event.id} />, { user: createSelfUser() });
    await user.click(await screen.findByRole('button', { name: 'Cancel event' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A draft cannot be cancelled. Delete it instead.',
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('offers nothing on a draft, nor a restore once a cancelled event has started', () => {
    const { unmount } = renderWithApp(
      <CancelEventControls event={toPublicEvent(createEventDto({ status: 'DRAFT' }))} />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    const started = createEventDto({
      startDate: new Date(Date.now() - 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 3_600_000).toISOString(),
      cancelled: true,
    });
    const second = renderWithApp(<CancelEventControls event={toPublicEvent(started)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    second.unmount();
    // An event that has ended took place: no "Cancel event" either.
    const ended = createEventDto({
      startDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      endDate: new Date(Date.now() - 3_600_000).toISOString(),
    });
    renderWithApp(<CancelEventControls event={toPublicEvent(ended)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
