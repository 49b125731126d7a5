import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { type CommunityImport, EVENT_MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  createCommunity,
  createUser,
  eventBody,
  mailsTo,
  requestAs,
  type TestUser,
  unique,
  useUsers,
  verifyEmail,
} from '../../test/factories.ts';
import { fixedZone, NEVER_EVENT } from '../../test/ics.ts';
import { useTestApp } from '../../test/test-app.ts';
import { IMPORT_QUEUE } from './club-io.service.ts';
import { urlProblem } from './fetch-feed.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const t = useTestApp();
const inject = requestAs(t);
const [owner] = useUsers(t, 1, { verified: true });
let feeds: http.Server;
let feedBase: string;
/** What the little feed server answers, by path. */
const served = new Map<string, { status: number; body: string; headers?: Record<string, string> }>();

beforeAll(async () => {
  feeds = http.createServer((req, res) => {
    const answer = served.get(req.url ?? '') ?? { status: 404, body: 'no' };
    res.writeHead(answer.status, { 'content-type': 'text/calendar', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => feeds.close(resolve));
});

const community = (by: TestUser = owner, body: Record<string, unknown> = {}) => createCommunity(t, by, body);

function multipart(name: string, content: string) {
  const boundary = `----ts${Date.now()}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/calendar\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importFile(slug: string, content: string, by: TestUser = owner) {
  const body = multipart('calendar.ics', content);
  return t.app.inject({
    method: 'POST',
    url: `/api/communities/${slug}/imports`,
    headers: { ...by.auth, ...body.headers },
    payload: body.payload,
  });
}

async function finished(id: string, by: TestUser = owner): Promise<CommunityImport> {
  return eventually(async () => {
    const res = await inject('GET', `/api/imports/${id}`, by);
    expect(res.statusCode).toBe(200);
    const row = res.json().import as CommunityImport;
    if (row.state !== 'done' && row.state !== 'failed') throw new Error(`import still ${row.state}`);
    return row;
  }, 90_000);
}

async function eventsOf(communityId: string) {
  const rows = await t.db.execute<{
    title: string;
    description: string;
    location: string;
    start_date: Date;
    end_date: Date;
    time_zone: string;
    tags: string[];
    status: string;
    cancelled: boolean;
    series_id: string | null;
    import_uid: string | null;
  }>(
    sql`select title, description, location, start_date, end_date, time_zone, tags, status,
          cancelled_at is not null as cancelled, series_id, import_uid
        from events where community_id = ${communityId} order by start_date, title`,
  );
  return rows.rows;
}

/**
 * Round trip: `ics` (an export of the community `communityId`) imported into another community
 * gives the same events, series and import UIDs aside; and imported again, nothing new.
 */
async function expectRoundTrip(communityId: string, ics: string) {
  const copy = await community();
  const back = await finished((await importFile(copy.slug, ics)).json().import.id);
  expect(back).toMatchObject({ state: 'done', errors: [] });
  const strip = (rows: Awaited<ReturnType<typeof eventsOf>>) =>
    rows.map(({ series_id: _s, import_uid: _u, ...rest }) => rest);
  expect(strip(await eventsOf(copy.id))).toEqual(strip(await eventsOf(communityId)));
  const twice = await finished((await importFile(copy.slug, ics)).json().import.id);
  expect(twice).toMatchObject({ created: 0, updated: 0 });
}

/** The entries of a zip, read from its central directory (stored or deflated). */
function unzip(zip: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe('ICS import', () => {
  it('imports a Google Calendar export with its recurrences; importing again updates and never duplicates', async () => {
    const club = await community();
    const res = await importFile(club.slug, fixture('google-calendar.ics'));
    expect(res.statusCode).toBe(202);
    expect(res.json().import).toMatchObject({ state: 'queued', fileName: 'calendar.ics', subscribed: false });
    const done = await finished(res.json().import.id);
    expect(done).toMatchObject({ state: 'done', total: 5, errors: [] });
    const series = await t.db.execute<{ title: string; freq: string; interval: number; import_uid: string }>(
      sql`select title, freq, interval, import_uid from event_series where community_id = ${club.id} order by title`,
    );
    expect(series.rows.map((s) => [s.title, s.freq, s.interval])).toEqual([
      ['Committee meeting', 'monthly', 1],
      ['Thursday run', 'weekly', 1],
    ]);
    const first = await eventsOf(club.id);
    // The open-ended weekly series always has occurrences within the horizon.
    expect(first.filter((e) => e.title.startsWith('Thursday run')).length).toBeGreaterThan(0);
    expect(first.some((e) => e.title === 'Winter party')).toBe(true);
    const again = await finished(
      (await importFile(club.slug, fixture('google-calendar.ics'))).json().import.id as string,
    );
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 0 });
    expect(await eventsOf(club.id)).toEqual(first);
    // A changed feed updates the event it names.
    const changed = fixture('google-calendar.ics').replace(
      'SUMMARY:Winter party',
      'SUMMARY:Winter party (moved inside)',
    );
    const third = await finished((await importFile(club.slug, changed)).json().import.id as string);
    expect(third).toMatchObject({ created: 0, updated: 1 });
    const after = await eventsOf(club.id);
    expect(after.length).toBe(first.length);
    expect(after.some((e) => e.title === 'Winter party (moved inside)')).toBe(true);
  });

  it('imports a Meetup group feed from its address, keeps it subscribed, and reports a broken event', async () => {
    const club = await community();
    const broken = fixture('meetup-group.ics').replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:event_broken@meetup.com\r\nDTSTART:2026-13-45\r\nSUMMARY:Broken\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    served.set('/meetup.ics', { status: 200, body: broken });
    const res = await inject('POST', `/api/communities/${club.slug}/imports`, owner, {
      url: `${feedBase}/meetup.ics`,
      subscribe: true,
    });
    expect(res.statusCode).toBe(202);
    const done = await finished(res.json().import.id);
    expect(done).toMatchObject({ state: 'done', total: 4, subscribed: true, url: `${feedBase}/meetup.ics` });
    expect(done.errors).toHaveLength(1);
    expect(done.errors[0]).toMatchObject({ uid: 'event_broken@meetup.com' });
    expect(done.errors[0]?.message).toMatch(/^Line \d+: /);
    const series = await t.db.execute<{ freq: string; interval: number; time_zone: string }>(
      sql`select freq, interval, time_zone from event_series where community_id = ${club.id}`,
    );
    expect(series.rows).toEqual([{ freq: 'weekly', interval: 2, time_zone: 'America/New_York' }]);
    const events = await eventsOf(club.id);
    expect(events.find((e) => e.title === 'Holiday game swap')?.cancelled).toBe(true);

    const list = await inject('GET', `/api/communities/${club.slug}/imports`, owner);
    expect(list.json().imports.map((i: CommunityImport) => i.id)).toEqual([done.id]);
    const off = await inject('PATCH', `/api/imports/${done.id}`, owner, { subscribed: false });
    expect(off.json().import.subscribed).toBe(false);
  });

  it('follows a redirect to a calendar, and reports a feed that is missing or too large without a 500', async () => {
    const club = await community();
    served.set('/moved', { status: 302, body: '', headers: { location: '/meetup-2.ics' } });
    served.set('/meetup-2.ics', { status: 200, body: fixture('meetup-group.ics') });
    served.set('/huge.ics', {
      status: 200,
      body: `BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(1000, 'x')}\r\n`.repeat(5300),
    });
    const start = (url: string) => inject('POST', `/api/communities/${club.slug}/imports`, owner, { url });
    expect(await finished((await start(`${feedBase}/moved`)).json().import.id)).toMatchObject({
      state: 'done',
      // The series, two "second Thursday" occurrences and the cancelled event.
      created: 4,
    });
    const missing = await finished((await start(`${feedBase}/nothing-here`)).json().import.id);
    expect(missing).toMatchObject({
      state: 'failed',
      errors: [{ message: 'The calendar could not be fetched (HTTP 404)' }],
    });
    const huge = await finished((await start(`${feedBase}/huge.ics`)).json().import.id);
    expect(huge).toMatchObject({
      state: 'failed',
      errors: [{ message: 'The calendar is larger than 5 MB' }],
    });
  });

  it('a subscribed feed re-read after its organiser was demoted writes nothing and is unsubscribed', async () => {
    const club = await community();
    const organiser = await createUser(t, { verified: true });
    await inject('POST', `/api/communities/${club.slug}/join`, organiser, {});
    const promote = (role: string) =>
      inject('PATCH', `/api/communities/${club.slug}/members/${organiser.user.id}`, owner, { role });
    expect((await promote('ORGANIZER')).statusCode).toBe(200);
    served.set('/daily.ics', { status: 200, body: fixture('meetup-group.ics') });
    const res = await inject('POST', `/api/communities/${club.slug}/imports`, organiser, {
      url: `${feedBase}/daily.ics`,
      subscribe: true,
    });
    const first = await finished(res.json().import.id, organiser);
    expect(first.state).toBe('done');
    expect((await promote('MEMBER')).statusCode).toBe(200);
    // What the daily cron queues for each subscribed feed.
    await t.jobs.send(IMPORT_QUEUE, { importId: first.id }, { key: `${first.id}:test-day` });
    const again = await eventually(async () => {
      const row = await finished(first.id);
      if (row.state !== 'failed') throw new Error(`still ${row.state}`);
      return row;
    }, 90_000);
    expect(again).toMatchObject({
      state: 'failed',
      subscribed: false,
      errors: [{ message: 'Whoever started this import no longer organises the community; start it again' }],
    });
  });

  it('refuses bad sources with a readable 400, and other people with 403', async () => {
    const club = await community();
    const post = (payload: unknown, by = owner) =>
      inject('POST', `/api/communities/${club.slug}/imports`, by, payload as object);
    expect((await post({ url: 'ftp://example.com/cal.ics' })).json().message).toBe(
      'The calendar address must be an http or https URL',
    );
    expect((await post({})).json().message).toBe(
      'Give the address of a calendar feed or upload an .ics file',
    );
    expect((await post({ url: 'https://example.com/x.ics', subscribe: 'yes' })).json().message).toBe(
      'Subscribe must be true or false',
    );
    const notIcs = await importFile(club.slug, 'name,email\nAda,ada@example.com\n');
    expect(notIcs.statusCode).toBe(400);
    expect(notIcs.json().message).toBe('This is not an iCalendar (.ics) file');
    const stranger = await createUser(t);
    expect((await post({ url: `${feedBase}/meetup.ics` }, stranger)).statusCode).toBe(403);
    expect((await importFile(club.slug, fixture('meetup-group.ics'), stranger)).statusCode).toBe(403);
  });

  it('refuses private addresses in production, through the Web Push guard', () => {
    // The test app runs as NODE_ENV=test, which allows private endpoints; production does not.
    // The guard itself is what the push tests cover; this checks imports ask it.
    expect(urlProblem('http://127.0.0.1/cal.ics', false)).toBe(
      'This calendar address cannot be fetched: it must be a public https address',
    );
    expect(urlProblem('https://10.0.0.5/cal.ics', false)).toBe(
      'This calendar address cannot be fetched: it must be a public https address',
    );
    expect(urlProblem('https://calendar.internal/cal.ics', false)).toBe(
      'This calendar address cannot be fetched: it must be a public https address',
    );
    expect(urlProblem('https://calendar.google.com/calendar/ical/x/basic.ics', false)).toBeUndefined();
  });
});

/** The tester's 238-byte file: a daily rule whose parts can never all match (no February 30th). */
const NEVER = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//x//EN', ...NEVER_EVENT, 'END:VCALENDAR'].join(
  '\r\n',
);

const zoneFile = (defined: boolean, uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...(defined ? fixedZone('Club Local Time') : []),
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTART;TZID=Club Local Time:20271201T100000',
    'SUMMARY:Zoned',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

describe('hostile calendars', () => {
  it('an impossible rule, uploaded or from a subscribed feed, ends the import with a readable error while the API answers', async () => {
    const club = await community();
    const upload = await importFile(club.slug, NEVER);
    expect(upload.statusCode).toBe(202);
    // Other people's requests meanwhile.
    const health = await inject('GET', '/api/health', owner);
    expect(health.statusCode).toBe(200);
    const done = await finished(upload.json().import.id);
    expect(done).toMatchObject({ state: 'done', total: 1, created: 0 });
    expect(done.errors).toEqual([
      {
        line: 4,
        uid: 'never@example.com',
        title: 'Never',
        message:
          'Line 4: the rule (RRULE) can never occur: no date has all of its BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY',
      },
    ]);
    // The same file as a subscribed feed, re-read by the daily job: the same bounded path.
    served.set('/never.ics', { status: 200, body: NEVER });
    const feed = await inject('POST', `/api/communities/${club.slug}/imports`, owner, {
      url: `${feedBase}/never.ics`,
      subscribe: true,
    });
    const first = await finished(feed.json().import.id);
    expect(first.errors[0]?.message).toMatch(/can never occur/);
    await t.jobs.send(IMPORT_QUEUE, { importId: first.id }, { key: `${first.id}:hostile-day` });
    const again = await eventually(async () => {
      const row = await finished(first.id);
      if (row.finishedAt === first.finishedAt) throw new Error('not re-read yet');
      return row;
    }, 90_000);
    expect(again).toMatchObject({ state: 'done', created: 0, subscribed: true });
    expect(again.errors[0]?.message).toMatch(/can never occur/);
    expect(await eventsOf(club.id)).toEqual([]);
  }, 180_000);

  it('an import found still running when its job starts (the attempt before died) fails and is not run again', async () => {
    const club = await community();
    const res = await importFile(club.slug, fixture('meetup-group.ics'));
    const id = res.json().import.id as string;
    await finished(id);
    // As a server that stopped mid-parse leaves it: running, with its file; pg-boss retries it.
    await t.db.execute(
      sql`update community_imports set state = 'running', content = ${NEVER}, finished_at = null where id = ${id}`,
    );
    await t.jobs.send(IMPORT_QUEUE, { importId: id }, { key: `${id}:retry` });
    const failed = await eventually(async () => {
      const row = await finished(id);
      if (row.finishedAt === null) throw new Error('not yet');
      return row;
    }, 90_000);
    expect(failed).toMatchObject({
      state: 'failed',
      errors: [{ message: 'The import stopped before it finished and was not run again; start it again' }],
    });
    const content = await t.db.execute<{ content: string | null }>(
      sql`select content from community_imports where id = ${id}`,
    );
    expect(content.rows[0]?.content).toBeNull();
  }, 120_000);

  it("a community's VTIMEZONE does not change another community's later import naming the same TZID", async () => {
    const a = await community();
    const first = await finished((await importFile(a.slug, zoneFile(true, 'zone-a'))).json().import.id);
    expect(first).toMatchObject({ state: 'done', created: 1, errors: [] });
    expect(new Date((await eventsOf(a.id))[0]!.start_date)).toEqual(new Date('2027-12-01T05:00:00Z'));
    const b = await community();
    const second = await finished((await importFile(b.slug, zoneFile(false, 'zone-b'))).json().import.id);
    expect(second).toMatchObject({ state: 'done', created: 0 });
    expect(second.errors).toEqual([
      { line: 3, uid: 'zone-b', title: 'Zoned', message: 'Line 3: unknown time zone Club Local Time' },
    ]);
    expect(await eventsOf(b.id)).toEqual([]);
  }, 120_000);

  it('an account whose e-mail is not verified imports drafts, and the report says so (the event form refuses to publish)', async () => {
    const unverified = await createUser(t);
    const club = await community(unverified);
    const form = await inject('POST', '/api/events', unverified, eventBody({ status: 'LIVE' }));
    expect(form.json()).toMatchObject({ statusCode: 403, message: EVENT_MSG.verifyToPublish });
    const done = await finished(
      (await importFile(club.slug, fixture('meetup-group.ics'), unverified)).json().import.id,
      unverified,
    );
    expect(done.state).toBe('done');
    expect(done.errors[0]).toEqual({
      line: null,
      uid: null,
      message:
        'Your email address is not verified yet, so the imported events were saved as drafts: verify it, then publish them',
    });
    const events = await eventsOf(club.id);
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(['DRAFT']));
    // Verified, the same organiser's import publishes as before (and says nothing of drafts).
    await verifyEmail(t, unverified);
    const other = await community(unverified);
    const live = await finished(
      (await importFile(other.slug, fixture('meetup-group.ics'), unverified)).json().import.id,
      unverified,
    );
    expect(live.errors).toEqual([]);
    expect((await eventsOf(other.id)).some((e) => e.status === 'LIVE')).toBe(true);
  }, 120_000);
});

describe('member invitations', () => {
  it('mails each new address an invitation; members, banned, invalid and repeated addresses are skipped with the reason', async () => {
    const club = await community();
    const member = await createUser(t);
    await inject('POST', `/api/communities/${club.slug}/join`, member, {});
    const banned = await createUser(t);
    await inject('POST', `/api/communities/${club.slug}/bans`, owner, { userId: banned.user.id });
    const newcomer = `${unique('new')}@example.com`;
    const csv = [
      'name,email',
      `Ada Lovelace,${newcomer}`,
      `Member,${member.email}`,
      `Banned,${banned.email}`,
      'Nobody,not-an-address',
      `Ada again,${newcomer.toUpperCase()}`,
    ].join('\n');
    const res = await inject('POST', `/api/communities/${club.slug}/member-imports`, owner, { csv });
    expect(res.statusCode).toBe(202);
    expect(res.json().report).toEqual({
      sent: [{ line: 2, name: 'Ada Lovelace', email: newcomer }],
      skipped: [
        { line: 3, name: 'Member', email: member.email, reason: 'already a member' },
        { line: 4, name: 'Banned', email: banned.email, reason: 'blocked' },
        { line: 5, name: 'Nobody', email: 'not-an-address', reason: 'invalid' },
        { line: 6, name: 'Ada again', email: newcomer, reason: 'duplicate', duplicateOf: 2 },
      ],
      held: {
        invalid: 1,
        'already a member': 1,
        'already invited': 0,
        blocked: 1,
        duplicate: 1,
        suppressed: 0,
        'daily limit': 0,
        'recipient limit': 0,
        'no address': 0,
      },
    });
    const mail = await eventually(async () => {
      const [m] = await mailsTo(t, newcomer);
      if (!m) throw new Error('no invitation yet');
      return m;
    });
    expect(mail.subject).toMatch(/^You're invited to join Club /);
    // Nobody got an account or a membership from the list.
    const accounts = await t.db.execute(sql`select 1 from users where email = ${newcomer}`);
    expect(accounts.rows).toHaveLength(0);

    // The same list again: already invited.
    const again = await inject('POST', `/api/communities/${club.slug}/member-imports`, owner, {
      csv: `Ada,${newcomer}`,
    });
    expect(again.json().report.skipped[0].reason).toBe('already invited');

    // Following the link (signed in, the invited address verified) joins, even an
    // invitation-only community (decision 063: only that account, once, within 14 days).
    await inject('PATCH', `/api/communities/${club.slug}`, owner, { joinPolicy: 'INVITE' });
    const token = new URL(mail.link ?? '').searchParams.get('invite') ?? '';
    const joiner = await createUser(t, { email: newcomer, verified: true });
    const accepted = await inject('POST', '/api/community-invitations/accept', joiner, { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().community.viewerState).toBe('member');
    const wrong = await inject('POST', '/api/community-invitations/accept', joiner, {
      token: 'x'.repeat(43),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This invitation link is not valid');
  });
});

describe('export', () => {
  const joinedOf = async (slug: string, user: TestUser) => {
    const files = unzip((await inject('GET', `/api/communities/${slug}/export`, owner)).rawPayload);
    const line = files
      .get('members.csv')!
      .split('\r\n')
      .find((l) => l.includes(user.user.username!));
    return line?.split(',')[3];
  };

  it("gives members.csv times in the community's zone, named, not ISO UTC", async () => {
    const found = await inject('GET', '/api/places/search?q=Berlin&near=52.52,13.40&limit=1');
    const [berlin] = found.json().places as { name: string; lat: number; lon: number }[];
    const place = await inject('POST', '/api/places', owner, berlin);
    expect(place.statusCode, place.body).toBeLessThan(300);
    const club = await community(owner, { placeId: place.json().place.id });
    const member = await createUser(t);
    expect((await inject('POST', `/api/communities/${club.slug}/join`, member, {})).statusCode).toBeLessThan(
      300,
    );
    expect(await joinedOf(club.slug, member)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} CES?T$/);

    // Without a place (nor events): UTC, said so.
    const nowhere = await community(owner);
    await inject('POST', `/api/communities/${nowhere.slug}/join`, member, {});
    expect(await joinedOf(nowhere.slug, member)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  });

  it('zips the community: settings, members (e-mail only with consent), every event; our export imports back as the same events', async () => {
    const club = await community(owner, { joinQuestions: ['What do you play?'] });
    const sharer = await createUser(t);
    const quiet = await createUser(t);
    for (const u of [sharer, quiet])
      await inject('POST', `/api/communities/${club.slug}/join`, u, { answers: ['Chess'] });
    const share = await inject('PUT', `/api/communities/${club.slug}/share-email`, sharer, { share: true });
    expect(share.json()).toEqual({ shareEmail: true });
    // Events: imported from the fixtures (series, single, cancelled).
    await finished((await importFile(club.slug, fixture('meetup-group.ics'))).json().import.id);

    const res = await inject('GET', `/api/communities/${club.slug}/export`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['community.json', 'events.ics', 'events.json', 'members.csv']);
    expect(JSON.parse(files.get('community.json')!).community).toMatchObject({
      slug: club.slug,
      joinQuestions: ['What do you play?'],
    });
    const csv = files.get('members.csv')!;
    expect(csv.split('\r\n')[0]).toBe('name,username,role,joined,email');
    expect(csv).toContain(sharer.email);
    expect(csv).not.toContain(quiet.email);
    expect(csv).not.toContain(owner.email);
    expect(csv).toContain(quiet.user.username!);
    // Round trip (decision 076): our members.csv is a member list another community reads: the
    // shared address with its name, the others without an address.
    const other = await community();
    const previewed = await inject('POST', `/api/communities/${other.slug}/member-imports/preview`, owner, {
      csv,
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().preview).toMatchObject({ rows: 3, toInvite: 1, withoutAddress: 2 });
    const [back1] = previewed.json().preview.invite;
    expect(back1.email).toBe(sharer.email.toLowerCase());
    expect(csv).toContain(`${back1.name},`);
    expect(back1.name).not.toBe('');
    const eventsJson = JSON.parse(files.get('events.json')!);
    expect(eventsJson.series).toHaveLength(1);
    expect(eventsJson.events[0].rsvps).toEqual({
      going: 0,
      maybe: 0,
      notGoing: 0,
      waitlisted: 0,
      offered: 0,
    });

    // UIDs are stable across exports.
    const second = unzip((await inject('GET', `/api/communities/${club.slug}/export`, owner)).rawPayload);
    const uids = (ics: string) => [...ics.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]);
    expect(uids(second.get('events.ics')!)).toEqual(uids(files.get('events.ics')!));

    // Round trip: the export's events.ics into another community gives the same events.
    await expectRoundTrip(club.id, files.get('events.ics')!);

    // Only the owner exports.
    expect((await inject('GET', `/api/communities/${club.slug}/export`, sharer)).statusCode).toBe(403);
  });

  it('makes the zip as a job for a community of more events than the threshold', async () => {
    const club = await community();
    await t.db.execute(sql`
      insert into events (id, creator_id, community_id, title, description, location, start_date, end_date)
      select gen_random_uuid(), ${owner.user.id}, ${club.id}, 'Bulk ' || i, '', '', now() + i * interval '1 hour', now() + i * interval '1 hour' + interval '1 hour'
      from generate_series(1, 1001) as i`);
    const res = await inject('GET', `/api/communities/${club.slug}/export`, owner);
    expect(res.statusCode).toBe(202);
    const id = res.json().export.id as string;
    const early = await inject('GET', `/api/exports/${id}/file`, owner);
    if (early.statusCode !== 200) expect(early.json().message).toBe('The export is not ready yet');
    await eventually(async () => {
      const state = await inject('GET', `/api/exports/${id}`, owner);
      expect(state.json().export.state).toBe('done');
    }, 90_000);
    const file = await inject('GET', `/api/exports/${id}/file`, owner);
    expect(file.statusCode).toBe(200);
    expect(JSON.parse(unzip(file.rawPayload).get('events.json')!).events).toHaveLength(1001);
  });
});

describe('calendars from real tools (decision 070)', () => {
  const seriesOf = async (communityId: string) =>
    (
      await t.db.execute<{ title: string; time_zone: string; auto_publish: boolean; start_local: string }>(
        sql`select title, time_zone, auto_publish, start_local from event_series where community_id = ${communityId} order by title`,
      )
    ).rows;

  it('an Outlook calendar in Windows zones imports in Europe/Berlin; its weekly public dates are public here', async () => {
    const club = await community();
    const done = await finished(
      (await importFile(club.slug, fixture('outlook-exchange.ics'))).json().import.id,
    );
    expect(done).toMatchObject({ state: 'done', total: 6, errors: [] });
    expect(await seriesOf(club.id)).toEqual([
      { title: 'Chorprobe', time_zone: 'Europe/Berlin', auto_publish: true, start_local: '2026-09-08T20:00' },
    ]);
    const events = await eventsOf(club.id);
    const choir = events.filter(
      (e) => e.title.startsWith('Chorprobe') && new Date(e.start_date) > new Date(),
    );
    expect(choir.length).toBeGreaterThan(0);
    for (const e of choir) {
      expect(e).toMatchObject({ time_zone: 'Europe/Berlin', status: 'LIVE' });
      // 20:00 in Berlin: 19:00Z in winter, 18:00Z in summer, never 20:00Z (UTC).
      const start = new Date(e.start_date);
      expect(start.getUTCHours() + start.getUTCMinutes() / 60).toBe(
        e.title === 'Chorprobe' ? (start.getUTCMonth() >= 3 && start.getUTCMonth() <= 8 ? 18 : 19) : 18.5,
      );
    }
    const call = events.find((e) => e.title === 'Videocall mit dem Partnerchor');
    expect(call?.time_zone).toBe('America/New_York');
    expect(new Date(call?.start_date ?? 0)).toEqual(new Date('2026-12-10T17:00:00Z'));
    // Importing it again changes nothing.
    const again = await finished(
      (await importFile(club.slug, fixture('outlook-exchange.ics'))).json().import.id,
    );
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 0, errors: [] });
  });

  it('dates: "ask" keeps the series\' dates drafts that ask their hosts, through JSON and multipart', async () => {
    const club = await community();
    const body = multipart('calendar.ics', fixture('outlook-exchange.ics'));
    const boundary = body.headers['content-type'].split('boundary=')[1];
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dates"\r\n\r\nask\r\n`),
      body.payload,
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/communities/${club.slug}/imports`,
      headers: { ...owner.auth, ...body.headers },
      payload,
    });
    expect(res.statusCode).toBe(202);
    await finished(res.json().import.id);
    expect((await seriesOf(club.id))[0]).toMatchObject({ auto_publish: false });
    const occurrences = (await eventsOf(club.id)).filter((e) => e.series_id !== null);
    expect(occurrences.length).toBeGreaterThan(0);
    expect(new Set(occurrences.map((e) => e.status))).toEqual(new Set(['DRAFT']));
    const wrong = await inject('POST', `/api/communities/${club.slug}/imports`, owner, {
      url: `${feedBase}/meetup.ics`,
      dates: 'sometimes',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Dates must be "publish" or "ask"');
  });

  it('a poison event is one problem with its title and line; the import ends with the rest written', async () => {
    const club = await community();
    const poisoned = fixture('meetup-group.ics').replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:poison@example.com\r\nDTSTART:20261201T100000Z\r\nDURATION:P999999999999999999W\r\nSUMMARY:Forever\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    const done = await finished((await importFile(club.slug, poisoned)).json().import.id);
    expect(done).toMatchObject({ state: 'done', total: 4, created: 4, skipped: 1 });
    expect(done.errors).toEqual([
      {
        line: expect.any(Number),
        uid: 'poison@example.com',
        title: 'Forever',
        message: expect.stringMatching(/^Line \d+: the event ends too far from its start/),
      },
    ]);
  });

  it('round trip: what our export writes of imported Outlook and iCloud calendars imports back unchanged', async () => {
    const club = await community();
    for (const name of ['outlook-exchange.ics', 'apple-icloud.ics'])
      await finished((await importFile(club.slug, fixture(name))).json().import.id);
    const files = unzip((await inject('GET', `/api/communities/${club.slug}/export`, owner)).rawPayload);
    await expectRoundTrip(club.id, files.get('events.ics')!);
  }, 120_000);
});
