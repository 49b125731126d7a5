import {
  communityResponse,
  eventResponse,
  POLL_LIMITS,
  POLL_MSG,
  type Poll,
  type PollUpdatedEvent,
  pollListResponse,
  pollResponse,
  pollUpdatedEvent,
  pollVotersResponse,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  created,
  createUser,
  notificationsOf,
  type TestUser,
  unique,
  verifiedUsers,
} from '../../test/factories.ts';
import { ask, closeSockets, collect, listen, next, openSocket, settle } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Date polls: who sees and answers them, live tallies, the best date, finalising into
 * one event (also when two finalisations race) and who hears of it, and the reminder to those
 * who have not answered.
 */

const t = useTestApp();
let url: string;
let host: TestUser;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;
let club: { id: string; slug: string };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url: path, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const date = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();
const option = (days: number, place?: string) => ({
  startsAt: date(days * DAY),
  endsAt: date(days * DAY + 2 * HOUR),
  ...(place ? { place } : {}),
});

async function createPoll(by: TestUser, body: Record<string, unknown> = {}): Promise<Poll> {
  const res = await call('POST', '/api/polls', by, {
    title: unique('Spring clean-up '),
    description: 'Which Saturday suits?',
    closesAt: date(3 * DAY),
    options: [option(7, 'Town hall'), option(14), option(21)],
    ...body,
  });
  return pollResponse.parse(created(res, 'create poll')).poll;
}

const read = async (user: TestUser, poll: Poll) =>
  pollResponse.parse((await call('GET', `/api/polls/${poll.id}`, user)).json()).poll;

const vote = (user: TestUser, poll: Poll, choices: string[]) =>
  call('PUT', `/api/polls/${poll.id}/votes`, user, {
    votes: Object.fromEntries(choices.map((c, i) => [poll.options[i]?.id, c])),
  });

beforeAll(async () => {
  url = await listen(t);
  [host, alice, bob, stranger] = await verifiedUsers(t, 4);
  const res = await call('POST', '/api/communities', host, {
    name: unique('Allotment club '),
    visibility: 'PRIVATE',
  });
  club = communityResponse.parse(res.json()).community;
  for (const u of [alice, bob])
    expect((await call('POST', `/api/communities/${club.slug}/join`, u)).statusCode).toBe(200);
});
afterEach(() => closeSockets());

describe('a community date poll', () => {
  it('members vote; tallies, the best date and who voted what are shown to members only', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    expect(poll).toMatchObject({ state: 'open', community: { id: club.id }, isHost: true, voters: [] });
    expect(poll.options.map((o) => o.place)).toEqual(['Town hall', null, null]);
    expect(poll.options.some((o) => o.best)).toBe(false);

    const first = await vote(alice, poll, ['yes', 'if_need_be', 'no']);
    expect(first.statusCode, first.body).toBe(200);
    const res = await vote(bob, poll, ['if_need_be', 'yes', 'no']);
    expect(res.statusCode).toBe(200);
    // The answer is what the room hears: the tallies and Bob's own row.
    expect(pollUpdatedEvent.parse(res.json())).toMatchObject({
      pollId: poll.id,
      voter: { user: { id: bob.user.id }, choices: ['if_need_be', 'yes', 'no'] },
    });
    const after = await read(alice, poll);
    expect(after.options.map((o) => [o.yes, o.ifNeedBe, o.no])).toEqual([
      [1, 1, 0],
      [1, 1, 0],
      [0, 0, 2],
    ]);
    // A tie on yes and if-need-be: the earlier date.
    expect(after.options.map((o) => o.best)).toEqual([true, false, false]);
    expect(after.voters.map((v) => [v.user.id, v.choices])).toEqual([
      [alice.user.id, ['yes', 'if_need_be', 'no']],
      [bob.user.id, ['if_need_be', 'yes', 'no']],
    ]);

    // Changing an answer replaces it: Alice now says yes to the second date too.
    await vote(alice, poll, ['no', 'yes', 'no']);
    const changed = await read(alice, poll);
    expect(changed.options.map((o) => o.best)).toEqual([false, true, false]);
    expect(changed.voters).toHaveLength(2);

    // Someone outside the private community: not there at all.
    expect((await call('GET', `/api/polls/${poll.id}`, stranger)).statusCode).toBe(404);
    expect((await vote(stranger, poll, ['yes', 'yes', 'yes'])).statusCode).toBe(404);
    // Signed out, a poll that does not take guest votes is not there (decision 056).
    expect((await call('GET', `/api/polls/${poll.id}`)).statusCode).toBe(404);
    const members = pollListResponse.parse(
      (await call('GET', `/api/polls?community=${club.id}`, alice)).json(),
    );
    expect(members.polls.map((p) => p.id)).toContain(poll.id);
    const strangers = pollListResponse.parse(
      (await call('GET', `/api/polls?community=${club.id}`, stranger)).json(),
    );
    expect(strangers.polls).toEqual([]);
  });

  it('only organisers start a community poll; a link poll needs a verified address', async () => {
    const res = await call('POST', '/api/polls', alice, {
      title: 'Mine',
      communityId: club.id,
      closesAt: date(DAY),
      options: [option(3), option(4)],
    });
    expect(res.statusCode).toBe(403);
    const unverified = await createUser(t);
    const refused = await call('POST', '/api/polls', unverified, {
      title: 'Mine',
      closesAt: date(DAY),
      options: [option(3), option(4)],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: POLL_MSG.verifyToHost });
  });

  it('tallies arrive live over the socket, for members of the poll only', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    const [watcher, outsider] = await Promise.all([
      openSocket(url, bob.accessToken),
      openSocket(url, stranger.accessToken),
    ]);
    expect(await ask(watcher, 'join-poll', { pollId: poll.id })).toEqual({ ok: true });
    expect(await ask(outsider, 'join-poll', { pollId: poll.id })).toEqual({
      ok: false,
      error: 'Poll not found',
      code: 'POLL_NOT_FOUND',
    });
    const leaked = collect(outsider, 'poll-updated');
    const arrived = next<PollUpdatedEvent>(watcher, 'poll-updated');
    await vote(alice, poll, ['yes', 'no', 'no']);
    const update = await arrived;
    expect(update).toMatchObject({ pollId: poll.id, state: 'open', voter: { user: { id: alice.user.id } } });
    expect(update.tallies.map((o) => o.yes)).toEqual([1, 0, 0]);
    await settle();
    expect(leaked).toEqual([]);
  });

  it('a member who leaves the community stops hearing its poll at once', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    const leaver = await createUser(t);
    expect((await call('POST', `/api/communities/${club.slug}/join`, leaver)).statusCode).toBe(200);
    const socket = await openSocket(url, leaver.accessToken);
    expect(await ask(socket, 'join-poll', { pollId: poll.id })).toEqual({ ok: true });
    expect((await call('POST', `/api/communities/${club.slug}/leave`, leaver)).statusCode).toBe(200);
    const heard = collect(socket, 'poll-updated');
    await vote(alice, poll, ['yes', 'yes', 'no']);
    await settle();
    expect(heard).toEqual([]);
    expect((await call('GET', `/api/polls/${poll.id}`, leaver)).statusCode).toBe(404);
  });

  it('the host adds a date while it is open; others may not edit or delete it', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    expect((await call('PATCH', `/api/polls/${poll.id}`, alice, { title: 'Taken over' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/polls/${poll.id}`, alice)).statusCode).toBe(403);
    const res = await call('PATCH', `/api/polls/${poll.id}`, host, { addOptions: [option(28, 'Park')] });
    expect(res.statusCode).toBe(200);
    expect(pollResponse.parse(res.json()).poll.options.map((o) => o.place)).toEqual([
      'Town hall',
      null,
      null,
      'Park',
    ]);
    const tooMany = await call('PATCH', `/api/polls/${poll.id}`, host, {
      addOptions: Array.from({ length: 7 }, (_, i) => option(30 + i)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: POLL_MSG.tooManyOptions });
    expect((await call('DELETE', `/api/polls/${poll.id}`, host)).statusCode).toBe(200);
    expect((await call('GET', `/api/polls/${poll.id}`, host)).statusCode).toBe(404);
  });
});

describe('finalising', () => {
  it('makes the event from the chosen date and tells those who said yes or if need be', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    await vote(alice, poll, ['no', 'yes', 'no']);
    await vote(bob, poll, ['yes', 'no', 'no']);
    const chosen = poll.options[1]!;
    expect(
      (await call('POST', `/api/polls/${poll.id}/finalize`, alice, { optionId: chosen.id })).statusCode,
    ).toBe(403);
    const res = await call('POST', `/api/polls/${poll.id}/finalize`, host, { optionId: chosen.id });
    expect(res.statusCode).toBe(200);
    const { event } = eventResponse.parse(res.json());
    expect(event).toMatchObject({
      title: poll.title,
      startDate: chosen.startsAt,
      endDate: chosen.endsAt,
      status: 'LIVE',
    });

    const after = pollResponse.parse((await call('GET', `/api/polls/${poll.id}`, alice)).json()).poll;
    expect(after).toMatchObject({ state: 'finalized', eventId: event.id, chosenOptionId: chosen.id });
    expect((await vote(alice, poll, ['yes', 'yes', 'yes'])).statusCode).toBe(409);

    const told = await eventually(async () => {
      const list = await notificationsOf(t, alice, 'poll_finalized');
      if (list.length === 0) throw new Error('not yet');
      return list;
    });
    expect(told[0]).toMatchObject({ url: `/event/${event.id}` });
    expect(told[0]?.text).toContain(poll.title);
    // Bob said no to that date; the stranger never saw the poll.
    expect(await notificationsOf(t, bob, 'poll_finalized')).toEqual([]);
    expect(await notificationsOf(t, stranger, 'poll_finalized')).toEqual([]);
    // The event is the private community's: members only.
    expect((await call('GET', `/api/events/${event.id}`, stranger)).statusCode).toBe(404);
    // Nobody is answered "going" for them; "I'm going" is their one tap.
    expect(event.rsvps).toEqual([]);
    expect((await call('POST', `/api/events/${event.id}/rsvp`, alice, { status: 'going' })).statusCode).toBe(
      200,
    );
  });

  it('two finalisations at once make one event', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    const before = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where title = ${poll.title}`,
    );
    const results = await Promise.all(
      [0, 1, 0, 2].map((i) =>
        call('POST', `/api/polls/${poll.id}/finalize`, host, { optionId: poll.options[i]!.id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toMatchObject({ message: POLL_MSG.finalized });
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where title = ${poll.title}`,
    );
    expect(before.rows[0]?.n).toBe(0);
    expect(count.rows[0]?.n).toBe(1);
  });

  it('a draft event is seen, and announced, by nobody but its host', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    await vote(alice, poll, ['yes', 'yes', 'yes']);
    const res = await call('POST', `/api/polls/${poll.id}/finalize`, host, {
      optionId: poll.options[0]!.id,
      status: 'DRAFT',
    });
    expect(res.statusCode).toBe(200);
    const { event } = eventResponse.parse(res.json());
    expect(event.status).toBe('DRAFT');
    expect((await call('GET', `/api/events/${event.id}`, alice)).statusCode).toBe(404);
    await settle();
    expect(
      (await notificationsOf(t, alice, 'poll_finalized')).filter((n) => n.url.includes(event.id)),
    ).toEqual([]);
  });
});

describe('finalising through the event form (decision 082)', () => {
  it('makes the event as the host finished it, hosted by the club, and asks the yes-voters', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    await vote(alice, poll, ['yes', 'no', 'no']);
    await vote(bob, poll, ['no', 'yes', 'no']);
    const chosen = poll.options[0]!;
    const res = await call('POST', `/api/polls/${poll.id}/finalize`, host, {
      optionId: chosen.id,
      event: {
        title: 'Spring clean-up at the allotments',
        description: 'Bring gloves; we provide bags and tea.',
        location: 'Town hall',
        startDate: chosen.startsAt,
        endDate: chosen.endsAt,
        status: 'LIVE',
        // The club is private: its events are for its members (a PRIVATE event would be for the
        // host's friends and those answering only, and notify() tells nobody else of it).
        visibility: 'PUBLIC',
        timeZone: 'Europe/Berlin',
        communityId: club.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { event } = eventResponse.parse(res.json());
    expect(event).toMatchObject({
      title: 'Spring clean-up at the allotments',
      description: 'Bring gloves; we provide bags and tea.',
      communityId: club.id,
      status: 'LIVE',
      startDate: chosen.startsAt,
    });
    expect((await read(host, poll)).eventId).toBe(event.id);
    const told = await eventually(async () => {
      const list = (await notificationsOf(t, alice, 'poll_finalized')).filter((n) =>
        n.url.includes(event.id),
      );
      if (list.length === 0) throw new Error('not yet');
      return list;
    });
    expect(told).toHaveLength(1);
    expect((await notificationsOf(t, bob, 'poll_finalized')).filter((n) => n.url.includes(event.id))).toEqual(
      [],
    );
  });

  it('a draft from the form asks its voters once it is published', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    await vote(alice, poll, ['yes', 'no', 'no']);
    const chosen = poll.options[0]!;
    const res = await call('POST', `/api/polls/${poll.id}/finalize`, host, {
      optionId: chosen.id,
      event: {
        title: 'Clean-up, details to follow',
        description: 'Draft',
        location: 'Town hall',
        startDate: chosen.startsAt,
        endDate: chosen.endsAt,
        status: 'DRAFT',
        communityId: club.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { event } = eventResponse.parse(res.json());
    expect(event.status).toBe('DRAFT');
    const mine = async () =>
      (await notificationsOf(t, alice, 'poll_finalized')).filter((n) => n.url.includes(event.id));
    expect(await mine()).toEqual([]);
    const published = await call('PATCH', `/api/events/${event.id}`, host, { status: 'LIVE' });
    expect(published.statusCode, published.body).toBe(200);
    const told = await eventually(async () => {
      const list = await mine();
      if (list.length === 0) throw new Error('not yet');
      return list;
    });
    expect(told).toHaveLength(1);
  });

  it('a form with a problem is a 400 and the poll stays open', async () => {
    const poll = await createPoll(host, { communityId: club.id });
    const res = await call('POST', `/api/polls/${poll.id}/finalize`, host, {
      optionId: poll.options[0]!.id,
      event: { title: '', description: 'x', location: 'y' },
    });
    expect(res.statusCode).toBe(400);
    expect((await read(host, poll)).state).toBe('open');
  });
});

describe('many voters (decision 047)', () => {
  /** What the answers say, counted afresh: the kept counts must always equal it. */
  const counted = async (pollId: string) =>
    (
      await t.db.execute<{ yes: number; if_need_be: number; no: number }>(sql`select
        count(v.choice) filter (where v.choice = 'yes')::int as yes,
        count(v.choice) filter (where v.choice = 'if_need_be')::int as if_need_be,
        count(v.choice) filter (where v.choice = 'no')::int as no
      from poll_options o left join poll_votes v on v.option_id = o.id
      where o.poll_id = ${pollId} group by o.id, o.position order by o.position`)
    ).rows.map((r) => [r.yes, r.if_need_be, r.no]);
  const shown = (poll: Poll) => poll.options.map((o) => [o.yes, o.ifNeedBe, o.no]);
  const voters = async (user: TestUser, poll: Poll, query: string) => {
    const res = await call('GET', `/api/polls/${poll.id}/voters?${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return pollVotersResponse.parse(res.json());
  };

  it('the poll answers its counts and a first page; the rest come a page at a time, in answer order', async () => {
    const poll = await createPoll(host);
    // 60 people answered before Alice (written as the vote path writes them: answers, then the voter).
    const tag = unique('many');
    await t.db.execute(sql`insert into users (id, email, username, full_name, password_hash, profile_completed)
      select gen_random_uuid(), ${tag} || i || '@polls.test', ${tag} || '_' || i, 'Voter ' || i, 'x', true
      from generate_series(1, 60) i`);
    const many = (
      await t.db.execute<{ id: string }>(
        sql`select id from users where email like ${`${tag}%`} order by email collate "C"`,
      )
    ).rows.map((r) => r.id);
    for (const [n, id] of many.entries()) {
      await t.db.execute(sql`insert into poll_votes (poll_id, option_id, user_id, choice)
        select ${poll.id}, o.id, ${id}, (array['yes', 'if_need_be', 'no'])[1 + (${n} + o.position) % 3]
        from poll_options o where o.poll_id = ${poll.id}`);
      await t.db.execute(sql`insert into poll_voters (poll_id, user_id, answers)
        select ${poll.id}, ${id}, array_agg(o.position * 3 + (${n} + o.position) % 3 order by o.position)
        from poll_options o where o.poll_id = ${poll.id}`);
    }
    expect((await vote(alice, poll, ['yes', 'no', 'yes'])).statusCode).toBe(200);

    const seen = await read(alice, poll);
    expect(seen.voterCount).toBe(61);
    expect(seen.voters).toHaveLength(POLL_LIMITS.votersPage);
    expect(seen.voters.map((v) => v.user.id)).toEqual(many.slice(0, POLL_LIMITS.votersPage));
    expect(seen.mine).toMatchObject({ user: { id: alice.user.id }, choices: ['yes', 'no', 'yes'] });
    expect(shown(seen)).toEqual(await counted(poll.id));
    expect(seen.votersNext).not.toBeNull();

    const second = await voters(bob, poll, `after=${seen.votersNext}&limit=5`);
    expect(second.voters.map((v) => v.user.id)).toEqual(many.slice(50, 55));
    const rest = await voters(bob, poll, `after=${second.next}&limit=200`);
    expect(rest.voters.map((v) => v.user.id)).toEqual([...many.slice(55), alice.user.id]);
    expect(rest.next).toBeNull();
    expect((await voters(bob, poll, '')).voters).toHaveLength(POLL_LIMITS.votersPage);

    // Changing one's answers keeps one's place; withdrawing them removes it. The room hears the
    // counts of the dates that changed only (the second stays "no"), and the best date.
    const delta = pollUpdatedEvent.parse((await vote(alice, poll, ['no', 'no', 'no'])).json());
    expect(delta.tallies.map((o) => o.id)).toEqual([poll.options[0]!.id, poll.options[2]!.id]);
    const now = await read(bob, poll);
    expect(delta.bestOptionId).toBe(now.options.find((o) => o.best)?.id ?? null);
    const changed = await voters(bob, poll, `after=${second.next}&limit=200`);
    expect(changed.voters.at(-1)).toMatchObject({ user: { id: alice.user.id }, choices: ['no', 'no', 'no'] });
    expect(shown(await read(bob, poll))).toEqual(await counted(poll.id));
    const withdrawn = await call('PUT', `/api/polls/${poll.id}/votes`, alice, { votes: {} });
    expect(pollUpdatedEvent.parse(withdrawn.json())).toMatchObject({
      removedVoterId: alice.user.id,
      voterCount: 60,
    });
    const after = await read(alice, poll);
    expect(after).toMatchObject({ voterCount: 60, mine: null });
    expect(shown(after)).toEqual(await counted(poll.id));

    // A deleted account takes its answers with it, and the counts follow (the same transaction).
    await t.db.execute(sql`delete from users where id = ${many[0]!}`);
    const gone = await read(bob, poll);
    expect(gone.voterCount).toBe(59);
    expect(gone.voters[0]?.user.id).toBe(many[1]);
    expect(shown(gone)).toEqual(await counted(poll.id));
  });

  it('answers saved at the same moment are all counted', async () => {
    const poll = await createPoll(host);
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const results = await Promise.all(
      people.flatMap((p, i) => [
        vote(p, poll, ['yes', 'no', 'if_need_be']),
        vote(p, poll, [i % 2 ? 'no' : 'yes', 'yes', 'yes']),
      ]),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const seen = await read(host, poll);
    expect(seen.voterCount).toBe(6);
    expect(shown(seen)).toEqual(await counted(poll.id));
    expect(seen.options.reduce((sum, o) => sum + o.yes + o.ifNeedBe + o.no, 0)).toBe(18);
  });
});

describe('bad input', () => {
  it('answers 400 with a readable sentence, never a 5xx', async () => {
    const poll = await createPoll(host);
    const cases: [Method, string, object, string][] = [
      [
        'POST',
        '/api/polls',
        { title: 'x', closesAt: date(DAY), options: [option(2)] },
        POLL_MSG.tooFewOptions,
      ],
      [
        'POST',
        '/api/polls',
        { title: 'x', closesAt: date(DAY), options: Array.from({ length: 11 }, (_, i) => option(i + 2)) },
        POLL_MSG.tooManyOptions,
      ],
      [
        'POST',
        '/api/polls',
        { title: '', closesAt: date(DAY), options: [option(2), option(3)] },
        POLL_MSG.titleRequired,
      ],
      [
        'POST',
        '/api/polls',
        { title: 'x', closesAt: 'soon', options: [option(2), option(3)] },
        POLL_MSG.closesInvalid,
      ],
      [
        'POST',
        '/api/polls',
        { title: 'x', closesAt: date(-DAY), options: [option(2), option(3)] },
        POLL_MSG.closesInPast,
      ],
      [
        'POST',
        '/api/polls',
        { title: 'x', closesAt: date(DAY), options: [option(-2), option(3)] },
        POLL_MSG.optionInPast,
      ],
      [
        'POST',
        '/api/polls',
        {
          title: 'x',
          closesAt: date(DAY),
          options: [{ startsAt: date(2 * DAY), endsAt: date(DAY) }, option(3)],
        },
        POLL_MSG.endBeforeStart,
      ],
      [
        'POST',
        '/api/polls',
        { title: 'x', closesAt: date(DAY), options: 'two dates' },
        POLL_MSG.optionsInvalid,
      ],
      [
        'PUT',
        `/api/polls/${poll.id}/votes`,
        { votes: { [poll.options[0]!.id]: 'maybe' } },
        POLL_MSG.voteInvalid,
      ],
      ['PUT', `/api/polls/${poll.id}/votes`, { votes: ['yes'] }, POLL_MSG.votesInvalid],
      ['PUT', `/api/polls/${poll.id}/votes`, { votes: { 'not-an-option': 'yes' } }, POLL_MSG.optionUnknown],
      ['POST', `/api/polls/${poll.id}/finalize`, { optionId: 'nope' }, POLL_MSG.optionUnknown],
      ['POST', `/api/polls/${poll.id}/finalize`, {}, POLL_MSG.optionRequired],
      ['PATCH', `/api/polls/${poll.id}`, {}, POLL_MSG.nothingToChange],
      ['GET', `/api/polls/${poll.id}/voters?after=abc`, {}, POLL_MSG.cursorInvalid],
      ['GET', `/api/polls/${poll.id}/voters?after=-1`, {}, POLL_MSG.cursorInvalid],
      ['GET', `/api/polls/${poll.id}/voters?limit=0`, {}, POLL_MSG.limitInvalid],
      ['GET', `/api/polls/${poll.id}/voters?limit=201`, {}, POLL_MSG.limitInvalid],
      ['GET', `/api/polls/${poll.id}/voters?limit=two`, {}, POLL_MSG.limitInvalid],
    ];
    for (const [method, path, payload, message] of cases) {
      const res = await call(method, path, host, method === 'GET' ? undefined : payload);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json(), `${method} ${path} ${JSON.stringify(payload)}`).toMatchObject({ message });
    }
    expect((await call('GET', '/api/polls/not-a-uuid', host)).statusCode).toBe(404);
  });
});

describe('the reminder before closing', () => {
  it('goes, once, to members who have not voted, 24 hours before the poll closes', async () => {
    // Closing 24 h and 2 s from now: the reminder is due in 2 s.
    const poll = await createPoll(host, { communityId: club.id, closesAt: date(DAY + 2_000) });
    await vote(alice, poll, ['yes', 'no', 'no']);
    const reminded = await eventually(async () => {
      const list = (await notificationsOf(t, bob, 'poll_closing')).filter(
        (n) => n.url === `/polls/${poll.id}`,
      );
      if (list.length === 0) throw new Error('not yet');
      return list;
    });
    expect(reminded).toHaveLength(1);
    expect(reminded[0]?.text).toContain(poll.title);
    await settle(1_500);
    expect(
      (await notificationsOf(t, alice, 'poll_closing')).filter((n) => n.url === `/polls/${poll.id}`),
    ).toEqual([]);
    expect(
      (await notificationsOf(t, stranger, 'poll_closing')).filter((n) => n.url === `/polls/${poll.id}`),
    ).toEqual([]);
    expect(
      (await notificationsOf(t, host, 'poll_closing')).filter((n) => n.url === `/polls/${poll.id}`),
    ).toEqual([]);
  });
});
