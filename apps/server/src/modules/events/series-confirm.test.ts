import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createUser,
  makeFriends,
  notificationsOf,
  type TestUser,
  verifyEmail,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { askHostsToConfirm } from './series.service.ts';

/** Hosts are asked by notification to confirm each date of their series (issue 14). */

const t = useTestApp();

const DAY = 86_400_000;

/** A weekly series whose first date is `days` from now; answers its occurrences, soonest first. */
async function weekly(host: TestUser, title: string, days: number) {
  const start = new Date(Date.now() + days * DAY);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/series',
    headers: host.auth,
    payload: {
      title,
      description: 'Five easy kilometres.',
      location: 'Riverside Park',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 90 * 60_000).toISOString(),
      timeZone: 'Europe/Berlin',
      freq: 'weekly',
    },
  });
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
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/events/${confirmed?.id}/confirm`,
      headers: host.auth,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // A co-host of a draft date cannot see it (drafts are their creator's), so is not asked.
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/events/${next?.id}/cohosts/${cohost.user.id}`,
      headers: host.auth,
    });
    expect(added.statusCode, added.body).toBeLessThan(300);

    // First run: the cron job on the queue, sent now instead of waiting for its quarter hour.
    await t.jobs.send('series-confirm', {});
    const [asked] = await eventually(async () => {
      const list = await notificationsOf(t, host, 'series_confirm');
      expect(list).toHaveLength(1);
      return list;
    });
    const start = new Date(next?.startDate ?? '');
    const weekday = start.toLocaleString('en-GB', { timeZone: 'Europe/Berlin', weekday: 'long' });
    expect(asked?.url).toBe(`/event/${next?.id}`);
    expect(asked?.text).toMatch(
      new RegExp(`^Confirm ${weekday}'s run: Evening run on \\w{3} \\d{1,2} \\w{3}, \\d{2}:\\d{2} CES?T\\?$`),
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
