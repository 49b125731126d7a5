import { CHAT_LIMITS, CHAT_MSG, friendGroup, GROUP_MSG, roomMessage } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, makeFriends, type TestUser } from '../../test/factories.ts';
import {
  groupChatSendTests,
  ids,
  memberIds,
  requestAs,
  storedMessages as stored,
  UNKNOWN,
} from '../../test/group-chat.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let owner: TestUser;
let friendA: TestUser;
let friendB: TestUser;
let friendC: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [owner, friendA, friendB, friendC, stranger] = await Promise.all([
    createUser(t, { fullName: 'Olive Owner' }),
    createUser(t, { fullName: 'Ada Friend' }),
    createUser(t, { fullName: 'Ben Friend' }),
    createUser(t, { fullName: 'Cleo Friend' }),
    createUser(t, { fullName: 'Sam Stranger' }),
  ]);
  await makeFriends(t, owner, friendA);
  await makeFriends(t, owner, friendB);
  await makeFriends(t, owner, friendC);
  // A friend of a member, not of the creator: still not allowed in through the creator.
  await makeFriends(t, friendA, stranger);
});

const inject = requestAs(t);

async function createGroup(by: TestUser, members: TestUser[], name = 'Board games') {
  const res = await inject('POST', '/api/friend-groups', by, {
    name,
    members: members.map((m) => m.user.id),
  });
  if (res.statusCode !== 201) throw new Error(`create group failed: ${res.statusCode} ${res.body}`);
  return friendGroup.parse(res.json());
}

const storedMessages = (channel: string, clientMessageId?: string) => stored(t, channel, clientMessageId);

describe('anonymous callers', () => {
  // Valid bodies, so the answer is about the caller, not the input.
  it.each([
    ['GET', '/api/friend-groups', undefined],
    ['POST', '/api/friend-groups', { name: 'Crew', members: [UNKNOWN] }],
    ['POST', `/api/friend-groups/${UNKNOWN}/add-member`, { userId: UNKNOWN }],
    ['POST', `/api/friend-groups/${UNKNOWN}/remove-member`, { userId: UNKNOWN }],
    ['GET', `/api/friend-groups/${UNKNOWN}/messages`, undefined],
    ['POST', `/api/friend-groups/${UNKNOWN}/messages`, { content: 'hello' }],
  ] as const)('%s %s → 401', async (method, url, body) => {
    const res = await inject(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
});

describe('creating a friend group', () => {
  it('answers 201 with the group: name trimmed, the creator a member, members populated without e-mail', async () => {
    const res = await inject('POST', '/api/friend-groups', owner, {
      name: '  Sunday hikers  ',
      members: [friendA.user.id, friendA.user.id, owner.user.id],
    });
    expect(res.statusCode).toBe(201);
    const group = friendGroup.parse(res.json());
    expect(group.id).toBe(group._id);
    expect(group.name).toBe('Sunday hikers');
    expect(memberIds(group)).toEqual(ids(owner, friendA));
    expect(group.createdBy).toMatchObject({ _id: owner.user.id, id: owner.user.id, fullName: 'Olive Owner' });
    expect(group.createdBy.username).toBe(owner.user.username);
    const member = group.members.find((m) => m.id === friendA.user.id);
    expect(member).toMatchObject({ _id: friendA.user.id, fullName: 'Ada Friend', profileImage: null });
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain(friendA.email);
    expect(Date.parse(group.createdAt)).not.toBeNaN();
    expect(Date.parse(group.updatedAt)).not.toBeNaN();
  });

  it.each([
    ['no name', { members: ['A'] }, CHAT_MSG.nameRequired],
    ['a blank name', { name: '   ', members: ['A'] }, CHAT_MSG.nameRequired],
    ['a name that is not text', { name: ['x'], members: ['A'] }, 'Name must be text'],
    [
      'a name too long',
      { name: 'x'.repeat(CHAT_LIMITS.groupNameMax + 1), members: ['A'] },
      CHAT_MSG.nameTooLong,
    ],
    ['no members', { name: 'Crew' }, CHAT_MSG.membersRequired],
    ['members that are not a list', { name: 'Crew', members: 'A' }, CHAT_MSG.membersRequired],
    ['an empty member list', { name: 'Crew', members: [] }, CHAT_MSG.membersRequired],
    ['only the creator', { name: 'Crew', members: ['OWNER'] }, CHAT_MSG.membersRequired],
    ['a stranger', { name: 'Crew', members: ['A', 'STRANGER'] }, CHAT_MSG.membersMustBeFriends],
    ['a malformed id', { name: 'Crew', members: ['not-a-user'] }, CHAT_MSG.membersMustBeFriends],
    ['an unknown id', { name: 'Crew', members: [UNKNOWN] }, CHAT_MSG.membersMustBeFriends],
    ['a member that is not text', { name: 'Crew', members: [42] }, 'Member must be text'],
    ['too many members', { name: 'Crew', members: Array(101).fill('A') }, GROUP_MSG.tooManyMembers],
  ])('refuses %s with 400 and the spec message', async (_label, body, message) => {
    const swap = (v: unknown) =>
      v === 'A' ? friendA.user.id : v === 'OWNER' ? owner.user.id : v === 'STRANGER' ? stranger.user.id : v;
    const fields = body as Record<string, unknown>;
    const payload = {
      ...fields,
      ...(Array.isArray(fields.members) ? { members: fields.members.map(swap) } : {}),
    };
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from friend_groups`);
    const res = await inject('POST', '/api/friend-groups', owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message });
    const after = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from friend_groups`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('listing friend groups', () => {
  it('shows each caller only the groups they belong to, newest first', async () => {
    const first = await createGroup(owner, [friendB], 'Climbing');
    const second = await createGroup(owner, [friendA, friendB], 'Book club');
    const mine = z.array(friendGroup).parse((await inject('GET', '/api/friend-groups', owner)).json());
    const mineIds = mine.map((g) => g.id);
    expect(mineIds).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(mineIds.indexOf(second.id)).toBeLessThan(mineIds.indexOf(first.id));

    const forB = z.array(friendGroup).parse((await inject('GET', '/api/friend-groups', friendB)).json());
    expect(forB.map((g) => g.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const forA = z.array(friendGroup).parse((await inject('GET', '/api/friend-groups', friendA)).json());
    expect(forA.map((g) => g.id)).toContain(second.id);
    expect(forA.map((g) => g.id)).not.toContain(first.id);
    expect(forA.find((g) => g.id === second.id)?.members).toHaveLength(3);

    const forStranger = await inject('GET', '/api/friend-groups', stranger);
    expect(forStranger.statusCode).toBe(200);
    expect(forStranger.json()).toEqual([]);
  });
});

describe('adding members', () => {
  it('lets the creator add a friend; repeating it changes nothing', async () => {
    const group = await createGroup(owner, [friendA]);
    const res = await inject('POST', `/api/friend-groups/${group.id}/add-member`, owner, {
      userId: friendB.user.id,
    });
    expect(res.statusCode).toBe(201);
    const updated = friendGroup.parse(res.json());
    expect(memberIds(updated)).toEqual(ids(owner, friendA, friendB));
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(group.updatedAt));

    const again = await inject('POST', `/api/friend-groups/${group.id}/add-member`, owner, {
      userId: friendB.user.id,
    });
    expect(again.statusCode).toBe(201);
    expect(memberIds(friendGroup.parse(again.json()))).toEqual(ids(owner, friendA, friendB));
  });

  it('refuses members who are not the creator’s friends, and a missing user', async () => {
    const group = await createGroup(owner, [friendA]);
    const url = `/api/friend-groups/${group.id}/add-member`;
    for (const userId of [stranger.user.id, UNKNOWN, 'nobody']) {
      const res = await inject('POST', url, owner, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CHAT_MSG.membersMustBeFriends);
    }
    const missing = await inject('POST', url, owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CHAT_MSG.userIdRequired);
    const blank = await inject('POST', url, owner, { userId: '  ' });
    expect(blank.json().message).toBe(CHAT_MSG.userIdRequired);
  });

  it('answers 403 to a member who is not the creator and 404 to anyone outside the group', async () => {
    const group = await createGroup(owner, [friendA]);
    const url = `/api/friend-groups/${group.id}/add-member`;
    const byMember = await inject('POST', url, friendA, { userId: stranger.user.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('Not authorized to add members to this group');
    expect(CHAT_MSG.notGroupCreator).toBe('Not authorized to add members to this group');

    const byStranger = await inject('POST', url, stranger, { userId: stranger.user.id });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(CHAT_MSG.groupNotFound);

    for (const id of [UNKNOWN, 'not-an-id']) {
      const res = await inject('POST', `/api/friend-groups/${id}/add-member`, owner, {
        userId: friendB.user.id,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CHAT_MSG.groupNotFound);
    }
    const members = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from group_members where group_id = ${group.id}`,
    );
    expect(members.rows[0]?.n).toBe(2);
  });
});

describe('removing members', () => {
  it('lets the creator remove anyone and a member remove themselves; nobody else', async () => {
    const group = await createGroup(owner, [friendA, friendB, friendC]);
    const url = `/api/friend-groups/${group.id}/remove-member`;

    const other = await inject('POST', url, friendA, { userId: friendB.user.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(CHAT_MSG.notAllowedToRemove);
    expect(CHAT_MSG.notAllowedToRemove).toBe('Not authorized to remove this member');

    const byStranger = await inject('POST', url, stranger, { userId: stranger.user.id });
    expect(byStranger.statusCode).toBe(404);

    const leave = await inject('POST', url, friendB, { userId: friendB.user.id });
    expect(leave.statusCode).toBe(201);
    expect(memberIds(friendGroup.parse(leave.json()))).toEqual(ids(owner, friendA, friendC));
    expect((await inject('GET', `/api/friend-groups/${group.id}/messages`, friendB)).statusCode).toBe(404);
    const listB = (await inject('GET', '/api/friend-groups', friendB)).json() as { id: string }[];
    expect(listB.map((g) => g.id)).not.toContain(group.id);

    const kick = await inject('POST', url, owner, { userId: friendC.user.id });
    expect(kick.statusCode).toBe(201);
    expect(memberIds(friendGroup.parse(kick.json()))).toEqual(ids(owner, friendA));

    const missing = await inject('POST', url, owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CHAT_MSG.userIdRequired);
  });

  it('deletes a group, with its history, once its last member has left', async () => {
    const group = await createGroup(owner, [friendA]);
    await inject('POST', `/api/friend-groups/${group.id}/messages`, friendA, { content: 'bye all' });
    expect(await storedMessages(`group:${group.id}`)).toBe(1);
    const url = `/api/friend-groups/${group.id}/remove-member`;
    expect((await inject('POST', url, friendA, { userId: friendA.user.id })).statusCode).toBe(201);
    const last = await inject('POST', url, owner, { userId: owner.user.id });
    expect(last.statusCode).toBe(201);
    expect(friendGroup.parse(last.json()).members).toEqual([]);
    const rows = await t.db.execute(sql`select 1 from friend_groups where id = ${group.id}`);
    expect(rows.rows).toHaveLength(0);
    expect(await storedMessages(`group:${group.id}`)).toBe(0);
  });
});

describe('friend group chat', () => {
  it('lets members post and read, oldest first, with the sender populated', async () => {
    const group = await createGroup(owner, [friendA]);
    const url = `/api/friend-groups/${group.id}/messages`;
    const first = await inject('POST', url, owner, { content: '  Who is in for Saturday?  ' });
    expect(first.statusCode).toBe(201);
    const message = roomMessage.parse(first.json());
    expect(message).toMatchObject({ content: 'Who is in for Saturday?', groupId: group.id });
    expect(message.id).toBe(message._id);
    expect(message.sender).toMatchObject({
      _id: owner.user.id,
      username: owner.user.username,
      fullName: 'Olive Owner',
    });
    expect(message.timestamp).toBe(message.createdAt);
    const second = roomMessage.parse((await inject('POST', url, friendA, { content: 'Me!' })).json());

    const history = await inject('GET', url, friendA);
    expect(history.statusCode).toBe(200);
    const list = z.array(roomMessage).parse(history.json());
    expect(list.map((m) => m.id)).toEqual([message.id, second.id]);
    expect(list[1]?.sender.fullName).toBe('Ada Friend');
    expect(history.headers['x-next-before']).toBeUndefined();
  });

  groupChatSendTests({
    t,
    newGroup: () => createGroup(owner, [friendA]),
    sender: () => friendA,
    path: (id) => `/api/friend-groups/${id}/messages`,
    channel: (id) => `group:${id}`,
    invalid: [
      ['whitespace only', { content: '   ' }, CHAT_MSG.contentRequired],
      ['no content', {}, CHAT_MSG.contentRequired],
      ['too long', { content: 'x'.repeat(CHAT_LIMITS.contentMax + 1) }, CHAT_MSG.contentTooLong],
      [
        'a long clientMessageId',
        { content: 'hi', clientMessageId: 'x'.repeat(65) },
        CHAT_MSG.clientIdInvalid,
      ],
    ],
    retried: { content: 'Bringing snacks', clientMessageId: 'retry-fg-1' },
  });

  it('answers 404 "Group not found" to non-members, unknown and malformed ids', async () => {
    const group = await createGroup(owner, [friendA]);
    for (const [user, id] of [
      [stranger, group.id],
      [friendB, group.id],
      [owner, UNKNOWN],
      [owner, 'nonsense'],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await inject(
          method,
          `/api/friend-groups/${id}/messages`,
          user,
          method === 'POST' ? { content: 'hello?' } : undefined,
        );
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, message: 'Group not found' });
      }
    }
    expect(await storedMessages(`group:${group.id}`)).toBe(0);
  });

  it('pages back through history with X-Next-Before', async () => {
    const group = await createGroup(owner, [friendC]);
    const url = `/api/friend-groups/${group.id}/messages`;
    const sent: string[] = [];
    for (let i = 1; i <= 5; i++) {
      sent.push(
        roomMessage.parse((await inject('POST', url, friendC, { content: `message ${i}` })).json()).id,
      );
    }
    const pages: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const res = await inject('GET', `${url}?limit=2${before ? `&before=${before}` : ''}`, owner);
      expect(res.statusCode).toBe(200);
      pages.push(
        z
          .array(roomMessage)
          .parse(res.json())
          .map((m) => m.id),
      );
      const next = res.headers['x-next-before'];
      if (typeof next !== 'string') break;
      before = next;
    }
    expect(pages).toEqual([sent.slice(3, 5), sent.slice(1, 3), sent.slice(0, 1)]);

    const badCursor = await inject('GET', `${url}?before=yesterday`, owner);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe('Invalid cursor');
    const badLimit = await inject('GET', `${url}?limit=0`, owner);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe(`Limit must be between 1 and ${CHAT_LIMITS.historyMax}`);
  });
});
