import { EVENT_MSG, eventResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createEvent,
  createUser,
  makeFriends,
  notificationsOf,
  onlyNotificationOf,
  requestAs,
  type TestUser,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Calling off a one-off event with `PATCH /api/events/:id { cancelled }` (decision 028). */

const t = useTestApp();

const DAY = 86_400_000;

const call = requestAs(t);

const patch = (eventId: string, user: TestUser, payload: object) =>
  call('PATCH', `/api/events/${eventId}`, user, payload);

/** The jobs of the `event.cancelled` notification subscriber for the event (decision 065). */
const cancellationsTold = async (eventId: string) =>
  (
    await t.db.execute(
      sql`select state from pgboss.job where name = 'domain-event-notify-event-cancelled' and data->'payload'->>'eventId' = ${eventId}`,
    )
  ).rows;

const jobStates = async (queue: string, eventId: string) =>
  (
    (
      await t.db.execute(
        sql`select state from pgboss.job where name = ${queue} and data->>'eventId' = ${eventId} order by start_after`,
      )
    ).rows as { state: string }[]
  ).map((r) => r.state);

/** A published event five days ahead (reminders 24 h and 1 h before it are queued). */
async function upcoming(host: TestUser, overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 5 * DAY);
  return createEvent(t, host, {
    title: 'Riverside clean-up',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    ...overrides,
  });
}

async function answer(eventId: string, user: TestUser, status: 'going' | 'maybe' | 'not_going') {
  const res = await call('POST', `/api/events/${eventId}/rsvp`, user, { status });
  expect(res.statusCode, res.body).toBe(200);
}

describe('cancelling an event', () => {
  it('tells everyone going or maybe once, linking to its page; cancels reminders; bumps the sequence', async () => {
    const host = await createUser(t);
    const [ana, ben, cat] = [await createUser(t), await createUser(t), await createUser(t)];
    const eventId = await upcoming(host);
    await answer(eventId, ana as TestUser, 'going');
    await answer(eventId, ben as TestUser, 'maybe');
    await answer(eventId, cat as TestUser, 'not_going');
    expect(await jobStates('event-reminder', eventId)).toEqual(['created', 'created']);
    const before = eventResponse.parse((await call('GET', `/api/events/${eventId}`, host)).json()).event;
    expect(before.cancelled).toBe(false);

    const res = await patch(eventId, host, { cancelled: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = eventResponse.parse(res.json()).event;
    expect(after.cancelled).toBe(true);
    expect(after.status).toBe('LIVE');
    expect(after.sequence).toBeGreaterThan(before.sequence ?? 0);
    expect(await jobStates('event-reminder', eventId)).toEqual(['cancelled', 'cancelled']);
    const ics = await call('GET', `/api/events/${eventId}/ics`, host);
    expect(ics.body).toContain('STATUS:CANCELLED');

    for (const person of [ana, ben] as TestUser[]) {
      const n = await onlyNotificationOf(t, person, 'event_cancelled');
      expect(n).toMatchObject({ text: 'Riverside clean-up was cancelled', url: `/event/${eventId}` });
    }
    expect(await notificationsOf(t, cat as TestUser, 'event_cancelled')).toEqual([]);
    expect(await notificationsOf(t, host, 'event_cancelled')).toEqual([]);

    // Cancelling again changes nothing; deleting it afterwards tells nobody a second time.
    const again = await patch(eventId, host, { cancelled: true });
    expect(again.statusCode).toBe(200);
    expect(eventResponse.parse(again.json()).event.sequence).toBe(after.sequence);
    expect((await call('DELETE', `/api/events/${eventId}`, host)).statusCode).toBe(200);
    // One cancellation told: the one `event.cancelled` subscriber ran once (decision 065).
    await t.background.drain();
    expect(await cancellationsTold(eventId)).toHaveLength(1);
    expect(await notificationsOf(t, ana as TestUser, 'event_cancelled')).toHaveLength(1);
  });

  it('a co-host may cancel; a viewer who does not host gets 403, a stranger to a private event 404', async () => {
    const host = await createUser(t);
    const cohost = await createUser(t);
    const viewer = await createUser(t);
    await makeFriends(t, host, cohost);
    const eventId = await upcoming(host);
    const added = await call('POST', `/api/events/${eventId}/cohosts/${cohost.user.id}`, host);
    expect(added.statusCode, added.body).toBeLessThan(300);

    const refused = await patch(eventId, viewer, { cancelled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EVENT_MSG.notCreator);
    const hidden = await upcoming(host, { visibility: 'PRIVATE' });
    expect((await patch(hidden, viewer, { cancelled: true })).statusCode).toBe(404);
    expect(
      eventResponse.parse((await call('GET', `/api/events/${eventId}`, host)).json()).event.cancelled,
    ).toBe(false);

    const res = await patch(eventId, cohost, { cancelled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(eventResponse.parse(res.json()).event.cancelled).toBe(true);
  });

  it('refuses drafts and bad bodies with readable 400s', async () => {
    const host = await createUser(t, { verified: true });
    const draft = await upcoming(host, { status: 'DRAFT' });
    const res = await patch(draft, host, { cancelled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EVENT_MSG.cancelDraft);
    // Nothing to restore on a draft that was never cancelled: a harmless no-op.
    expect((await patch(draft, host, { cancelled: false })).statusCode).toBe(200);

    // An event that has ended happened: calling it off would tell everyone who went it did not.
    const over = await upcoming(host);
    await t.db.execute(
      sql`update events set start_date = now() - interval '3 hours', end_date = now() - interval '1 hour' where id = ${over}`,
    );
    const late = await patch(over, host, { cancelled: true });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(EVENT_MSG.cancelEnded);

    const eventId = await upcoming(host);
    for (const cancelled of ['soon', 1, null, ['true'], { yes: true }]) {
      const bad = await patch(eventId, host, { cancelled });
      expect(bad.statusCode, JSON.stringify(cancelled)).toBe(400);
      expect(bad.json().message).toBe(EVENT_MSG.cancelledInvalid);
    }
    // The original client's stringly form works as for its other booleans, and PUT takes it too.
    const put = await call('PUT', `/api/events/${eventId}`, host, { cancelled: 'true' });
    expect(put.statusCode, put.body).toBe(200);
    expect(eventResponse.parse(put.json()).event.cancelled).toBe(true);
  });

  it('restores an event that has not started, with its reminders; not one that has', async () => {
    const host = await createUser(t);
    const ana = await createUser(t);
    const eventId = await upcoming(host);
    await answer(eventId, ana, 'going');
    expect((await patch(eventId, host, { cancelled: true })).statusCode).toBe(200);
    expect(await jobStates('event-reminder', eventId)).toEqual(['cancelled', 'cancelled']);

    const restored = await patch(eventId, host, { cancelled: false });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(eventResponse.parse(restored.json()).event.cancelled).toBe(false);
    expect(await jobStates('event-reminder', eventId)).toEqual(['created', 'created']);
    const update = await onlyNotificationOf(t, ana, 'event_updated');
    expect(update?.text).toBe('Riverside clean-up changed: it is on again');
    // Called off again after the "on again": people hear of this cancellation too.
    expect((await patch(eventId, host, { cancelled: true })).statusCode).toBe(200);
    await eventually(async () => {
      expect(await notificationsOf(t, ana, 'event_cancelled')).toHaveLength(2);
    });

    // Under way (started an hour ago): it can be called off, but not restored.
    const started = await upcoming(host, {
      startDate: new Date(Date.now() - 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await patch(started, host, { cancelled: true })).statusCode).toBe(200);
    const late = await patch(started, host, { cancelled: false });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(EVENT_MSG.uncancelStarted);
  });
});
