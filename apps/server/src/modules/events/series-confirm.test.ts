import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createUser,
  makeFriends,
  notificationsOf,
  onlyNotificationOf,
  requestAs,
  seriesBody,
  type TestUser,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { askHostsToConfirm } from './series.service.ts';

/** Hosts are asked by notification to confirm each date of their series. */

const DAY = 86_400_000;

const t = useTestApp();
const inject = requestAs(t);

/** A weekly series whose first date is `days` from now; answers its occurrences, soonest first. */
async function weekly(host: TestUser, title: string, days: number, extra: object = {}) {
  const res = await inject('POST', '/api/series', host, seriesBody({ title, ...extra }, days * DAY));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { events: { id: string; startDate: string }[] }).events;
}

describe('series_confirm notifications', () => {
  it('ask the creator once per unconfirmed date in the window, however often the job runs', async () => {
    const host = await createUser(t);
    const cohost = await createUser(t);
    await verifyEmail(t, host);
    await makeFriends(t, host, cohost);
    const [next, farther] = await weekly(host, 'Evening run', 2);
    const [confirmed, swimAfter] = await weekly(host, 'Morning swim', 3);
    const ok = await inject('POST', `/api/events/${confirmed?.id}/confirm`, host);
    expect(ok.statusCode, ok.body).toBe(200);
    // A co-host of a draft date cannot see it (drafts are their creator's), so is not asked.
    const added = await inject('POST', `/api/events/${next?.id}/cohosts/${cohost.user.id}`, host);
    expect(added.statusCode, added.body).toBeLessThan(300);

    // First run: the cron job on the queue, sent now instead of waiting for its quarter hour.
    await t.jobs.send('series-confirm', {});
    const asked = await onlyNotificationOf(t, host, 'series_confirm');
    const start = new Date(next?.startDate ?? '');
    const weekday = start.toLocaleString('en-GB', { timeZone: 'Europe/Berlin', weekday: 'long' });
    expect(asked?.url).toBe(`/event/${next?.id}`);
    expect(asked?.text).toMatch(
      new RegExp(
        `^Confirm ${weekday}'s date: Evening run on \\w{3} \\d{1,2} \\w{3}, \\d{2}:\\d{2} CES?T\\?$`,
      ),
    );

    // Second run (as another instance would): the same date is due, nobody is asked twice.
    expect(await askHostsToConfirm(t.db, new Date(), t.notifications.seriesConfirmDue)).toBe(1);
    expect(await notificationsOf(t, host, 'series_confirm')).toHaveLength(1);
    expect(await notificationsOf(t, cohost, 'series_confirm')).toEqual([]);

    // A week on, the following dates of both series have entered the window: each asked about once.
    const later = new Date(Date.now() + 7 * DAY);
    expect(await askHostsToConfirm(t.db, later, t.notifications.seriesConfirmDue)).toBe(2);
    await askHostsToConfirm(t.db, later, t.notifications.seriesConfirmDue);
    const all = await notificationsOf(t, host, 'series_confirm');
    expect(all.map((n) => n.url).sort()).toEqual(
      [`/event/${next?.id}`, `/event/${farther?.id}`, `/event/${swimAfter?.id}`].sort(),
    );
  });
});

describe('a series that publishes by itself', () => {
  const seriesOf = async (eventId: string | undefined, user: TestUser) => {
    const res = await inject('GET', `/api/events/${eventId}`, user);
    return (res.json() as { event: { seriesId: string; status: string } }).event;
  };

  it('has each date published when it enters the window, instead of asking; standing RSVPs apply', async () => {
    const host = await createUser(t);
    const friend = await createUser(t);
    await verifyEmail(t, host);
    await makeFriends(t, host, friend);
    const [next, farther] = await weekly(host, 'Choir practice', 2, { autoPublish: true });
    const { seriesId } = await seriesOf(next?.id, host);
    const series = await inject('GET', `/api/series/${seriesId}`, host);
    expect(series.json().series.autoPublish).toBe(true);
    // The job (any other series' dates due are handled too, so no count here).
    await askHostsToConfirm(t.db, new Date(), t.notifications.seriesConfirmDue, (e) =>
      t.series.publishDue(e),
    );
    expect((await seriesOf(next?.id, host)).status).toBe('LIVE');
    expect((await seriesOf(farther?.id, host)).status).toBe('DRAFT');
    expect(await notificationsOf(t, host, 'series_confirm')).toEqual([]);
    // The friend stands for the whole series once the first date is out.
    const stand = await inject('POST', `/api/series/${seriesId}/rsvp`, friend, { status: 'going' });
    expect(stand.statusCode, stand.body).toBe(200);

    // A week on, the job (on the queue) publishes the next date and counts the friend as going.
    const later = new Date(Date.now() + 7 * DAY);
    await askHostsToConfirm(t.db, later, t.notifications.seriesConfirmDue, (e) => t.series.publishDue(e));
    const after = await inject('GET', `/api/events/${farther?.id}`, friend);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().event.myRsvp).toBe('going');
    expect(await notificationsOf(t, host, 'series_confirm')).toEqual([]);
  });

  it('asks as before when the creator cannot publish yet, or chose "ask me each time"', async () => {
    const unverified = await createUser(t);
    const [date] = await weekly(unverified, 'Repair café', 2, { autoPublish: true });
    await t.jobs.send('series-confirm', {});
    await eventually(async () => {
      expect(await notificationsOf(t, unverified, 'series_confirm')).toHaveLength(1);
    });
    expect((await seriesOf(date?.id, unverified)).status).toBe('DRAFT');

    // The choice can be changed later by the creator alone, with a readable 400 for bad input.
    const host = await createUser(t, { verified: true });
    const [first] = await weekly(host, 'Book swap', 2, { autoPublish: true });
    const { seriesId } = await seriesOf(first?.id, host);
    const url = `/api/series/${seriesId}`;
    for (const payload of [{ autoPublish: 'yes' }, {}, { autoPublish: null }]) {
      const res = await inject('PATCH', url, host, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Publish automatically must be true or false');
    }
    const off = await inject('PATCH', url, host, { autoPublish: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().series.autoPublish).toBe(false);
    await askHostsToConfirm(t.db, new Date(), t.notifications.seriesConfirmDue, (e) =>
      t.series.publishDue(e),
    );
    expect((await seriesOf(first?.id, host)).status).toBe('DRAFT');
    expect(await notificationsOf(t, host, 'series_confirm')).toHaveLength(1);
  });
});
