import { fromWallTime, publicEventResponse } from '@townsquare/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.ts';
import {
  createEvent,
  mailMatching,
  notificationsOf,
  onlyNotificationOf,
  type TestUser,
  unique,
  useUsers,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createPagesService } from '../pages/pages.service.ts';

/**
 * Decision 038: every time in a text people read is the event's own local time, named. An event
 * at 19:00 in Berlin and one at 19:00 in Los Angeles (both on standard time in January) go
 * through every kind of message that carries a time; none may say UTC or GMT.
 */

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

const ZONES = [
  { timeZone: 'Europe/Berlin', name: 'CET' },
  { timeZone: 'America/Los_Angeles', name: 'PST' },
] as const;

/** 19:00 on 12 January next year in `timeZone` (a Tuesday in 2027, on standard time). */
const at19 = (timeZone: string, day = 12) =>
  fromWallTime(timeZone, { year: 2027, month: 1, day, hour: 19, minute: 0, second: 0 });

describe.each(ZONES)('an event at 19:00 in $timeZone', ({ timeZone, name }) => {
  const [host, ana, ben] = useUsers(t, 3, { verified: true });
  let eventId: string;
  let slug: string;

  beforeAll(async () => {
    slug = unique('tz-').toLowerCase().replace(/_/g, '-').slice(0, 30);
    expect((await call('POST', '/api/communities', host, { name: 'Zone club', slug })).statusCode).toBe(201);
    expect((await call('POST', `/api/communities/${slug}/join`, ana, {})).statusCode).toBe(200);
    const community = (await call('GET', `/api/communities/${slug}`, host)).json().community as {
      id: string;
    };
    const start = at19(timeZone);
    eventId = await createEvent(t, host, {
      title: `Supper in ${timeZone}`,
      timeZone,
      communityId: community.id,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      capacity: 1,
      offerHours: 12,
    });
  });

  it('community_event: the new event is announced at 19:00 in its zone', async () => {
    const n = await onlyNotificationOf(t, ana, 'community_event');
    expect(n?.text).toBe(`New event: Supper in ${timeZone} (Tue 12 Jan, 19:00 ${name})`);
  });

  it('event_reminder: in the app and in the e-mail', async () => {
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ana, { status: 'going' })).statusCode).toBe(
      200,
    );
    await t.jobs.send('event-reminder', {
      eventId,
      leadMs: 3_600_000,
      startsAt: at19(timeZone).toISOString(),
    });
    const n = await onlyNotificationOf(t, ana, 'event_reminder');
    // When and where: someone going knows the address (decision 044), the reminder says it.
    const text = `Reminder: Supper in ${timeZone} starts in 1 hour (Tue 12 Jan, 19:00 ${name}, Riverside Park, north gate)`;
    expect(n?.text).toBe(text);
    const mail = await mailMatching(t, ana.email, (m) => m.text.includes('Reminder:'));
    expect(mail?.text).toContain(text);
  });

  it('waitlist_offer: the deadline is in the event zone', async () => {
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ben, { status: 'going' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ana, { status: 'not_going' })).statusCode).toBe(
      200,
    );
    const offer = await onlyNotificationOf(t, ben, 'waitlist_offer');
    // Which event, when (19:00 in its zone, named) and where, then the deadline in the same zone.
    const text = new RegExp(
      `^A place is free for you at Supper in ${timeZone} \\(Tue 12 Jan, 19:00 ${name}, Riverside Park, north gate\\): accept it before \\w{3} \\d{1,2} \\w{3}, \\d\\d:\\d\\d ${name}$`,
    );
    expect(offer?.text).toMatch(text);
    // The e-mail says the same, and its footer gives the reason: the waitlist, not "going".
    const mail = await mailMatching(t, ben.email, (m) => m.text.includes('A place is free'));
    expect(mail?.text).toContain(offer?.text ?? '-');
    expect(mail?.text).toContain('because you joined the waitlist of this event');
    expect(mail?.text).not.toContain('changes to events you are going to');
    // Accepted, Ben is going (and checked in below).
    expect((await call('POST', `/api/events/${eventId}/rsvp`, ben, { status: 'going' })).statusCode).toBe(
      200,
    );
  });

  it('event_updated: moved to 19:00 the next day, said in the zone', async () => {
    const moved = at19(timeZone, 13);
    const res = await call('PUT', `/api/events/${eventId}`, host, {
      startDate: moved.toISOString(),
      endDate: new Date(moved.getTime() + 2 * 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const n = await onlyNotificationOf(t, ben, 'event_updated');
    expect(n?.text).toBe(`Supper in ${timeZone} changed: now Wed 13 Jan, 19:00 ${name}`);
  });

  it('series_confirm: the weekday and time of the occurrence', async () => {
    const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
    if (!event) throw new Error('the event is gone');
    await t.notifications.seriesConfirmDue(event, [host.user.id]);
    const [n] = await notificationsOf(t, host, 'series_confirm');
    expect(n?.text).toBe(`Confirm Wednesday's date: Supper in ${timeZone} on Wed 13 Jan, 19:00 ${name}?`);
  });

  it('check-in twice, and the CSV: the time of the check-in in the zone', async () => {
    const first = await call('POST', `/api/events/${eventId}/check-ins`, host, { userId: ben.user.id });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', `/api/events/${eventId}/check-ins`, host, { userId: ben.user.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(new RegExp(`^Already checked in at \\d\\d:\\d\\d ${name}$`));
    const csv = await call('GET', `/api/events/${eventId}/attendees.csv`, host);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(new RegExp(`,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d ${name}\\r\\n`));
  });

  it('the description a link preview reads, with the instance currency in its JSON-LD', async () => {
    const res = await call('GET', `/api/events/public/${eventId}`);
    expect(res.statusCode).toBe(200);
    const dto = publicEventResponse.parse(res.json()).data;
    const pages = createPagesService({
      events: { findForAnonymous: async () => dto, upcomingForAnonymous: async () => [] },
      cities: { find: async () => undefined, slugsWithEvents: async () => [] },
      communities: {
        findForAnonymous: async () => undefined,
        publicForSitemap: async () => [],
        events: async () => ({ events: [], nextCursor: null }),
        people: async () => ({ organizers: [], faces: [], memberCount: 0 }),
      },
      announcements: { list: async () => ({ announcements: [] }) },
      publicUrl: 'http://townsquare.test',
      currency: () => 'EUR',
    });
    const head = (await pages.eventPage(eventId))?.head;
    const description = head?.meta.find((m) => 'name' in m && m.name === 'description')?.content;
    expect(description).toMatch(new RegExp(`^(Tuesday 12|Wednesday 13) January 2027, 19:00 ${name} · `));
    expect(JSON.stringify(head?.jsonLd)).toContain('"priceCurrency":"EUR"');
  });

  it('no text anyone received says UTC or GMT', async () => {
    await t.background.drain();
    const texts = (
      await t.db.execute<{ text: string }>(
        sql`select text from notifications where subject_id = ${eventId} or text like ${`%${timeZone}%`}`,
      )
    ).rows.map((r) => r.text);
    expect(texts.length).toBeGreaterThanOrEqual(5);
    for (const text of texts) expect(text).not.toMatch(/\b(UTC|GMT)\b/);
  });
});
