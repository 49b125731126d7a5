import { GUEST_MSG, POLL_MSG, type Poll, type PollUpdatedEvent, pollResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import {
  created,
  createUser,
  expectGuestFormGuards,
  guestMailsTo,
  guestVote,
  guestVoteConfirmToken,
  lastTokenTo,
  nextIp,
  renderedGuestForm,
  type TestUser,
  unique,
  useUsers,
} from '../../test/factories.ts';
import { ask as askSocket, closeSockets, listen, next, openSocket } from '../../test/sockets.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Guest votes in date polls (decision 056): a link poll whose host allows it
 * takes answers from visitors with a name and an e-mail, counted once the mailed link is
 * followed, through the one vote path; changed or withdrawn from the manage link; told when the
 * date is kept; taken over by an account verified with the same address.
 */

const t = useTestApp();
const [host, member] = useUsers(t, 2, { verified: true });
let url: string;
afterEach(() => closeSockets());

beforeAll(async () => {
  url = await listen(t);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const date = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();
const option = (days: number) => ({ startsAt: date(days * DAY), endsAt: date(days * DAY + 2 * HOUR) });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, user?: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url: path,
    headers: user?.auth ?? {},
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });

async function createPoll(body: Record<string, unknown> = {}): Promise<Poll> {
  const res = await call('POST', '/api/polls', host, {
    title: unique('Quiz night '),
    closesAt: date(3 * DAY),
    options: [option(7), option(14), option(21)],
    allowGuestVotes: true,
    ...body,
  });
  return pollResponse.parse(created(res, 'create poll')).poll;
}

const readAs = async (user: TestUser | undefined, poll: Poll) => {
  const res = await call('GET', `/api/polls/${poll.id}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return pollResponse.parse(res.json()).poll;
};

function ask(pollId: string, body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/polls/${pollId}/guest-votes`,
    remoteAddress: ip,
    payload: { name: 'Robin Guest', formToken: renderedGuestForm(t, pollId), ...body },
  });
}

const manage = (method: Method, token: string, payload?: object) =>
  call(method, `/api/guest-votes/${token}`, undefined, payload);
const confirm = (token: string) => call('POST', '/api/guest-votes/confirm', undefined, { token });
const email = (name: string) => `${unique(name)}@example.com`;

describe('the host switch', () => {
  it('is off by default, is kept on a link poll, and is refused on a community poll', async () => {
    const off = await createPoll({ allowGuestVotes: undefined });
    expect(off.allowGuestVotes).toBe(false);
    expect((await call('GET', `/api/polls/${off.id}`)).statusCode).toBe(404);
    const form = await call('GET', `/api/polls/${off.id}/guest-votes/form`);
    expect(form.statusCode).toBe(403);
    expect(form.json().message).toBe(POLL_MSG.guestVotesNotAllowed);

    const on = await call('PATCH', `/api/polls/${off.id}`, host, { allowGuestVotes: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().poll.allowGuestVotes).toBe(true);
    expect((await call('GET', `/api/polls/${off.id}/guest-votes/form`)).statusCode).toBe(200);

    const bad = await call('PATCH', `/api/polls/${off.id}`, host, { allowGuestVotes: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(POLL_MSG.guestVotesInvalid);

    const club = await call('POST', '/api/communities', host, {
      name: unique('Quiz club '),
    });
    expect(club.statusCode, club.body).toBe(201);
    const community = await call('POST', '/api/polls', host, {
      title: 'Members only',
      closesAt: date(DAY),
      options: [option(7), option(8)],
      communityId: club.json().community.id,
      allowGuestVotes: true,
    });
    expect(community.statusCode).toBe(400);
    expect(community.json().message).toBe(POLL_MSG.guestVotesCommunity);
  });
});

describe('a visitor without an account', () => {
  it('sees the poll, votes with a name and an e-mail, and counts once the link is followed', async () => {
    const poll = await createPoll();
    const [first, second] = poll.options;
    const seen = await readAs(undefined, poll);
    expect(seen).toMatchObject({ isHost: false, mine: null, allowGuestVotes: true });

    const address = email('voter');
    const res = await ask(poll.id, { email: address, votes: { [first!.id]: 'yes', [second!.id]: 'no' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(GUEST_MSG.votesAccepted);
    // Nothing counts before the address is proven.
    expect((await readAs(host, poll)).voterCount).toBe(0);

    const mail = (await guestMailsTo(t, address)).at(-1);
    expect(mail?.subject).toBe(`Confirm your answers to ${poll.title}`);
    expect(mail?.link).toContain('/guest-votes/confirm?token=');
    const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';
    // A poll's link does nothing on the event answers' route, and is still good afterwards.
    const wrongRoute = await call('POST', '/api/guest-rsvps/confirm', undefined, { token });
    expect(wrongRoute.statusCode).toBe(400);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json();
    expect(body.name).toBe('Robin Guest');
    expect(body.poll.mine).toMatchObject({ guest: true, choices: ['yes', 'no', null] });
    expect(body.manageToken).toEqual(expect.any(String));
    expect((await confirm(token)).statusCode).toBe(400);

    // The tally, the voters grid and the counts include the guest, by name only.
    const hostView = await readAs(host, poll);
    expect(hostView.voterCount).toBe(1);
    expect(hostView.options[0]).toMatchObject({ yes: 1, best: true });
    expect(hostView.options[1]).toMatchObject({ no: 1 });
    expect(hostView.voters).toEqual([
      expect.objectContaining({
        guest: true,
        user: expect.objectContaining({ fullName: 'Robin Guest', profileImage: null }),
      }),
    ]);
    for (const viewer of [host, member, undefined]) {
      const raw = await call('GET', `/api/polls/${poll.id}`, viewer);
      expect(raw.body).not.toContain(address);
      expect(raw.body).not.toContain('@');
    }
    const confirmedMail = (await guestMailsTo(t, address)).at(-1);
    expect(confirmedMail?.subject).toBe(`Your answers to ${poll.title}`);
    expect(confirmedMail?.link).toContain('/guest-votes/manage?token=');
  });

  it('is heard live by the poll room when confirmed, with the guest marked and no address', async () => {
    const poll = await createPoll();
    const watcher = await openSocket(url, member.accessToken);
    expect(await askSocket(watcher, 'join-poll', { pollId: poll.id })).toEqual({ ok: true });
    const address = email('live');
    const token = await guestVoteConfirmToken(t, poll.id, address, { [poll.options[1]!.id]: 'yes' });
    const arrived = next<PollUpdatedEvent>(watcher, 'poll-updated');
    expect((await confirm(token)).statusCode).toBe(200);
    const update = await arrived;
    expect(update).toMatchObject({
      pollId: poll.id,
      voterCount: 1,
      bestOptionId: poll.options[1]!.id,
      voter: { guest: true, user: { fullName: 'Robin Guest' }, choices: [null, 'yes', null] },
    });
    expect(JSON.stringify(update)).not.toContain('@');
  });

  it('answers the confirmation once the answers count, even when the pool has no connection left', async () => {
    const poll = await createPoll();
    const token = await guestVoteConfirmToken(t, poll.id, email('busy'), { [poll.options[0]!.id]: 'yes' });
    // From here every query outside a transaction waits in vain for a connection (what a pool
    // under load answers after 5 s). The link is spent at the commit: a 503 after it would send
    // the guest back to a link that no longer works (a 400).
    const busy = vi
      .spyOn(t.db.$client, 'query')
      .mockRejectedValue(new Error('timeout exceeded when trying to connect'));
    let confirmed: Awaited<ReturnType<typeof confirm>>;
    try {
      confirmed = await confirm(token);
    } finally {
      busy.mockRestore();
    }
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().poll.mine).toMatchObject({ guest: true, choices: ['yes', null, null] });
    expect((await readAs(host, poll)).voterCount).toBe(1);
  });

  it('changes and withdraws the answers from the manage link, which shows nobody else', async () => {
    const poll = await createPoll();
    const [first, second] = poll.options;
    await call('PUT', `/api/polls/${poll.id}/votes`, member, { votes: { [first!.id]: 'yes' } });
    const other = await guestVote(t, poll.id, email('other'), { [first!.id]: 'yes' });
    const mine = await guestVote(t, poll.id, email('mine'), { [first!.id]: 'if_need_be' });
    expect((await readAs(host, poll)).voterCount).toBe(3);

    const view = await manage('GET', mine.manageToken);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain('@');
    expect(view.json().poll.mine.choices).toEqual(['if_need_be', null, null]);

    const changed = await manage('PUT', mine.manageToken, { votes: { [second!.id]: 'yes' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().voter).toMatchObject({ guest: true, choices: [null, 'yes', null] });
    const after = await readAs(host, poll);
    expect(after.options.map((o) => [o.yes, o.ifNeedBe])).toEqual([
      [2, 0],
      [1, 0],
      [0, 0],
    ]);
    const empty = await manage('PUT', mine.manageToken, { votes: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(POLL_MSG.votesRequired);

    expect((await manage('DELETE', mine.manageToken)).statusCode).toBe(200);
    expect((await readAs(host, poll)).voterCount).toBe(2);
    expect((await manage('GET', mine.manageToken)).statusCode).toBe(404);
    // An event guest's manage route does not open a poll guest's link.
    expect((await call('GET', `/api/guest-rsvps/${other.manageToken}`)).statusCode).toBe(404);
  });

  it('is refused readably where guests may not vote, and after the host turns it off', async () => {
    const closed = await createPoll({ allowGuestVotes: false });
    const refused = await ask(closed.id, { email: email('no'), votes: { [closed.options[0]!.id]: 'yes' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POLL_MSG.guestVotesNotAllowed);
    expect((await ask('not-a-uuid', { email: email('no'), votes: {} })).statusCode).toBe(404);

    const poll = await createPoll();
    const token = await guestVoteConfirmToken(t, poll.id, email('late'), { [poll.options[0]!.id]: 'yes' });
    await call('PATCH', `/api/polls/${poll.id}`, host, { allowGuestVotes: false });
    const late = await confirm(token);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(POLL_MSG.guestVotesNotAllowed);
    expect((await readAs(host, poll)).voterCount).toBe(0);
  });
});

describe('abuse', () => {
  it('drops honeypot hits and forms sent too fast, and refuses forged form tokens', async () => {
    const poll = await createPoll();
    const votes = { [poll.options[0]!.id]: 'yes' };
    const address = email('bot');
    await expectGuestFormGuards(t, {
      send: (body) => ask(poll.id, { email: address, votes, ...body }),
      email: address,
      formId: poll.id,
      otherFormId: (await createPoll()).id,
    });
  });

  it('limits requests per address (with guest answers) and per client address', async () => {
    const poll = await createPoll();
    const votes = { [poll.options[0]!.id]: 'yes' };
    const address = email('many');
    const perAddress = [];
    for (let i = 0; i < 6; i++) perAddress.push((await ask(poll.id, { email: address, votes })).statusCode);
    expect(perAddress).toEqual([202, 202, 202, 202, 202, 429]);
    const ip = nextIp();
    const perIp = [];
    for (let i = 0; i < 21; i++)
      perIp.push((await ask(poll.id, { email: email('ip'), votes }, ip)).statusCode);
    expect(perIp.filter((s) => s === 202)).toHaveLength(20);
    expect(perIp.at(-1)).toBe(429);
  });
});

describe('bad input', () => {
  it('answers 400 with a readable message, never 500', async () => {
    const poll = await createPoll();
    const id = poll.options[0]!.id;
    for (const [body, message] of [
      [{ email: 'not an e-mail', votes: { [id]: 'yes' } }, undefined],
      [{ email: email('x'), name: '', votes: { [id]: 'yes' } }, undefined],
      [{ email: email('x'), name: ['array'], votes: { [id]: 'yes' } }, undefined],
      [{ email: email('x'), votes: {} }, POLL_MSG.votesRequired],
      [{ email: email('x'), votes: { [id]: 'maybe' } }, POLL_MSG.voteInvalid],
      [{ email: email('x'), votes: { nope: 'yes' } }, POLL_MSG.optionUnknown],
      [{ email: email('x'), votes: 'yes' }, POLL_MSG.votesInvalid],
      [{ email: email('x') }, undefined],
      [{ email: email('x'), votes: { [id]: 'yes' }, formToken: 42 }, undefined],
    ] as const) {
      const res = await ask(poll.id, body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
      if (message) expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    for (const token of ['', 'x'.repeat(500)]) {
      expect((await confirm(token)).statusCode).toBe(400);
      const put = await manage('PUT', 'made-up', { votes: { [id]: 'nope' } });
      expect(put.statusCode).toBe(400);
    }
  });
});

describe('when the date is kept', () => {
  it('tells the guests who said yes or if need be by e-mail, with a link to the event', async () => {
    const poll = await createPoll();
    const [first] = poll.options;
    const yes = email('yes');
    const no = email('no');
    await guestVote(t, poll.id, yes, { [first!.id]: 'yes' });
    await guestVote(t, poll.id, no, { [first!.id]: 'no' });
    const res = await call('POST', `/api/polls/${poll.id}/finalize`, host, { optionId: first!.id });
    expect(res.statusCode, res.body).toBe(200);
    const eventId = res.json().event.id as string;
    const told = await eventually(async () => {
      const mail = t.sent.find((m) => m.to === yes && m.link?.includes(`/event/${eventId}`));
      if (!mail) throw new Error('no poll_finalized e-mail to the guest yet');
      return mail;
    });
    expect(told.text).toContain(poll.title);
    expect(told.text).toContain('/guest-votes/manage?token=');
    expect(t.sent.filter((m) => m.to === no && m.link?.includes(`/event/${eventId}`))).toHaveLength(0);
  });
});

describe('an account with the same address', () => {
  it('takes over the guest votes when verified, keeping the member’s own answer where both voted', async () => {
    const address = email('later');
    const onlyGuest = await createPoll();
    const both = await createPoll();
    await call('PUT', `/api/polls/${onlyGuest.id}/votes`, member, {
      votes: { [onlyGuest.options[1]!.id]: 'yes' },
    });
    await guestVote(t, onlyGuest.id, address, { [onlyGuest.options[0]!.id]: 'yes' });
    await guestVote(t, both.id, address, { [both.options[0]!.id]: 'yes' });
    const user = await createUser(t, { email: address, fullName: 'Robin Member' });
    await call('PUT', `/api/polls/${both.id}/votes`, user, {
      votes: { [both.options[1]!.id]: 'if_need_be' },
    });
    expect((await readAs(host, both)).voterCount).toBe(2);

    const verified = await call('POST', '/api/auth/verify-email', undefined, {
      token: await lastTokenTo(t, address, 'Confirm your email address'),
    });
    expect(verified.statusCode, verified.body).toBe(200);

    // The guest's answers are the member's now, in the same place in the list.
    const first = await readAs(user, onlyGuest);
    expect(first.voters.map((v) => [v.user.id, v.guest ?? false])).toEqual([
      [member.user.id, false],
      [user.user.id, false],
    ]);
    expect(first.mine?.choices).toEqual(['yes', null, null]);
    expect(first.options[0]?.yes).toBe(1);
    // Where both answered, the member's answer is kept and the guest's counted no more.
    const second = await readAs(user, both);
    expect(second.voterCount).toBe(1);
    expect(second.mine?.choices).toEqual([null, 'if_need_be', null]);
    expect(second.options.map((o) => o.yes + o.ifNeedBe + o.no)).toEqual([0, 1, 0]);
    const guests = await t.db.execute(sql`select 1 from event_guests where email = ${address}`);
    expect(guests.rows).toHaveLength(0);
  });
});
