import { FRIEND_MSG, friendRequestsResponse, friendsListResponse } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, createUsers, requestAs, type TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const call = requestAs(t);
const status = async (a: TestUser, b: TestUser) =>
  (await call('GET', `/api/friends/status/${b.user.id}`, a)).json().status;

describe('friend requests', () => {
  it('request → pending on both sides → accept → friends, with the contract shapes', async () => {
    const ada = await createUser(t, { username: 'ada_f' });
    const ben = await createUser(t, { username: 'ben_f' });
    const sent = await call('POST', '/api/friends/request', ada, { receiverId: ben.user.id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ message: 'Friend request sent successfully' });
    expect(await status(ada, ben)).toBe('pending_sent');
    expect(await status(ben, ada)).toBe('pending_received');
    expect(await status(ada, ada)).toBe('self');

    const requests = friendRequestsResponse.parse((await call('GET', '/api/friends/requests', ben)).json());
    expect(requests.received.map((r) => r._id)).toEqual([ada.user.id]);
    expect(requests.received[0]?.username).toBe('ada_f');
    expect(JSON.stringify(requests)).not.toContain('@');

    const accepted = await call('POST', '/api/friends/accept', ben, { requesterId: ada.user.id });
    expect(accepted.json()).toEqual({ message: 'Friend request accepted' });
    expect(await status(ada, ben)).toBe('friends');
    expect(await status(ben, ada)).toBe('friends');
    const list = friendsListResponse.parse((await call('GET', '/api/friends/list', ada)).json());
    expect(list.friends.map((f) => f.username)).toEqual(['ben_f']);
  });

  it('keeps the messages the original client matches on', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    const again = await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Friend request already sent');
    await call('POST', '/api/friends/accept', b, { requesterId: a.user.id });
    const friends = await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    expect(friends.json().message).toBe('Users are already friends');
    expect((await call('POST', '/api/friends/accept', b, { requesterId: a.user.id })).json().message).toBe(
      'Users are already friends',
    );
  });

  it('a request to someone who already asked you accepts theirs', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    const back = await call('POST', '/api/friends/request', b, { receiverId: a.user.id });
    expect(back.json().message).toBe(FRIEND_MSG.accepted);
    expect(await status(a, b)).toBe('friends');
  });

  it('decline, cancel and remove', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    expect((await call('POST', '/api/friends/decline', b, { requesterId: a.user.id })).json()).toEqual({
      message: 'Friend request declined',
    });
    expect(await status(a, b)).toBe('none');
    expect((await call('POST', '/api/friends/decline', b, { requesterId: a.user.id })).json().message).toBe(
      FRIEND_MSG.requestNotFound,
    );

    await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    expect((await call('DELETE', `/api/friends/request/${b.user.id}`, a)).statusCode).toBe(200);
    expect(await status(b, a)).toBe('none');

    await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
    await call('POST', '/api/friends/accept', b, { requesterId: a.user.id });
    expect((await call('DELETE', `/api/friends/${a.user.id}`, b)).statusCode).toBe(200);
    expect(await status(a, b)).toBe('none');
  });

  it('refuses bad targets with the contract messages', async () => {
    const a = await createUser(t);
    expect((await call('POST', '/api/friends/request', a, { receiverId: a.user.id })).json().message).toBe(
      FRIEND_MSG.self,
    );
    expect((await call('POST', '/api/friends/request', a, { receiverId: 'nope' })).json().message).toBe(
      FRIEND_MSG.invalidUser,
    );
    const ghost = await call('POST', '/api/friends/request', a, {
      receiverId: '01900000-0000-7000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe(FRIEND_MSG.notFound);
    expect((await call('POST', '/api/friends/request', a, {})).json().message).toBe(FRIEND_MSG.invalidUser);
    expect((await call('POST', '/api/friends/request', a, { receiverId: ['x'] })).statusCode).toBe(400);
    expect((await call('GET', '/api/friends/status/nope', a)).statusCode).toBe(400);
    expect((await call('GET', '/api/friends/requests')).statusCode).toBe(401);
  });
});

describe('simultaneous requests (one transaction per pair)', () => {
  const ROUNDS = 8;
  const pending = async (a: TestUser, b: TestUser) => {
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from friend_requests where (requester_id = ${a.user.id} and receiver_id = ${b.user.id})
          or (requester_id = ${b.user.id} and receiver_id = ${a.user.id})`,
    );
    return rows.rows[0]?.n;
  };

  it('A→B and B→A at once end as one friendship and no pending request', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await createUsers(t, 2);
      const answers = await Promise.all([
        call('POST', '/api/friends/request', a, { receiverId: b.user.id }),
        call('POST', '/api/friends/request', b, { receiverId: a.user.id }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(answers.map((r) => r.json().message).sort()).toEqual(
        [FRIEND_MSG.accepted, FRIEND_MSG.sent].sort(),
      );
      expect([await status(a, b), await status(b, a)]).toEqual(['friends', 'friends']);
      expect(await pending(a, b)).toBe(0);
    }
  });

  it('accept and decline at once: exactly one wins and the state matches it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await createUsers(t, 2);
      await call('POST', '/api/friends/request', a, { receiverId: b.user.id });
      const [accepted, declined] = await Promise.all([
        call('POST', '/api/friends/accept', b, { requesterId: a.user.id }),
        call('POST', '/api/friends/decline', b, { requesterId: a.user.id }),
      ]);
      const wins = [accepted, declined].filter((r) => r.statusCode === 201);
      expect(wins).toHaveLength(1);
      const loser = accepted.statusCode === 201 ? declined : accepted;
      expect(loser.statusCode).toBe(400);
      expect(loser.json().message).toBe(FRIEND_MSG.requestNotFound);
      expect(await status(a, b)).toBe(accepted.statusCode === 201 ? 'friends' : 'none');
      expect(await pending(a, b)).toBe(0);
    }
  });
});

describe('signed-out visitors (contract §10 item 22)', () => {
  it('get an empty friends list without a token, and 401 with a bad one', async () => {
    const anonymous = await call('GET', '/api/friends/list');
    expect(anonymous.statusCode).toBe(200);
    expect(friendsListResponse.parse(anonymous.json())).toEqual({ friends: [] });
    const bad = await call('GET', '/api/friends/list', undefined, undefined, {
      authorization: 'Bearer not-a-token',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid token');
  });
});
