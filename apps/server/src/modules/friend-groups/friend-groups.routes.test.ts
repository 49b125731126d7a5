import { CHAT_LIMITS, CHAT_MSG, friendGroup, GROUP_MSG } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { created, requestAs, type TestUser } from '../../test/factories.ts';
import { anonymousRefusalTests, ids, memberIds, storedMessages, UNKNOWN } from '../../test/group-chat.ts';
import { chatTests, creationTests, groupKind, memberTests, useGroupPeople } from '../../test/group-kind.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const people = useGroupPeople(t, 'Olive Owner');

const inject = requestAs(t);

async function createGroup(by: TestUser, members: TestUser[], name = 'Board games') {
  const res = await inject('POST', '/api/friend-groups', by, {
    name,
    members: members.map((m) => m.user.id),
  });
  return friendGroup.parse(created(res, 'create group'));
}

const kind = groupKind({
  t,
  base: '/api/friend-groups',
  room: 'group',
  groupField: 'groupId',
  table: 'friend_groups',
  schema: friendGroup,
  people: () => people,
  newGroup: (members) => createGroup(people.manager, members),
  notFound: 'Group not found',
  notManager: 'Not authorized to add members to this group',
  notAllowedToRemove: 'Not authorized to remove this member',
  membersLeave: true,
});

describe('anonymous callers', () => {
  anonymousRefusalTests(t, [
    ['GET', '/api/friend-groups', undefined],
    ['POST', '/api/friend-groups', { name: 'Crew', members: [UNKNOWN] }],
    ['POST', `/api/friend-groups/${UNKNOWN}/add-member`, { userId: UNKNOWN }],
    ['POST', `/api/friend-groups/${UNKNOWN}/remove-member`, { userId: UNKNOWN }],
    ['GET', `/api/friend-groups/${UNKNOWN}/messages`, undefined],
    ['POST', `/api/friend-groups/${UNKNOWN}/messages`, { content: 'hello' }],
  ]);
});

describe('creating a friend group', () => {
  it('answers 201 with the group: name trimmed, the creator a member, members populated without e-mail', async () => {
    const res = await inject('POST', '/api/friend-groups', people.manager, {
      name: '  Sunday hikers  ',
      members: [people.friendA.user.id, people.friendA.user.id, people.manager.user.id],
    });
    expect(res.statusCode).toBe(201);
    const group = friendGroup.parse(res.json());
    expect(group.id).toBe(group._id);
    expect(group.name).toBe('Sunday hikers');
    expect(memberIds(group)).toEqual(ids(people.manager, people.friendA));
    expect(group.createdBy).toMatchObject({
      _id: people.manager.user.id,
      id: people.manager.user.id,
      fullName: 'Olive Owner',
    });
    expect(group.createdBy.username).toBe(people.manager.user.username);
    const member = group.members.find((m) => m.id === people.friendA.user.id);
    expect(member).toMatchObject({ _id: people.friendA.user.id, fullName: 'Ada Friend', profileImage: null });
    expect(res.body).not.toContain(people.manager.email);
    expect(res.body).not.toContain(people.friendA.email);
    expect(Date.parse(group.createdAt)).not.toBeNaN();
    expect(Date.parse(group.updatedAt)).not.toBeNaN();
  });

  creationTests(kind, [
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
    ['only the creator', { name: 'Crew', members: ['MANAGER'] }, CHAT_MSG.membersRequired],
    ['a stranger', { name: 'Crew', members: ['A', 'STRANGER'] }, CHAT_MSG.membersMustBeFriends],
    ['a malformed id', { name: 'Crew', members: ['not-a-user'] }, CHAT_MSG.membersMustBeFriends],
    ['an unknown id', { name: 'Crew', members: [UNKNOWN] }, CHAT_MSG.membersMustBeFriends],
    ['a member that is not text', { name: 'Crew', members: [42] }, 'Member must be text'],
    ['too many members', { name: 'Crew', members: Array(101).fill('A') }, GROUP_MSG.tooManyMembers],
  ]);
});

describe('listing friend groups', () => {
  it('shows each caller only the groups they belong to, newest first', async () => {
    const first = await createGroup(people.manager, [people.friendB], 'Climbing');
    const second = await createGroup(people.manager, [people.friendA, people.friendB], 'Book club');
    const mine = z
      .array(friendGroup)
      .parse((await inject('GET', '/api/friend-groups', people.manager)).json());
    const mineIds = mine.map((g) => g.id);
    expect(mineIds).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(mineIds.indexOf(second.id)).toBeLessThan(mineIds.indexOf(first.id));

    const forB = z
      .array(friendGroup)
      .parse((await inject('GET', '/api/friend-groups', people.friendB)).json());
    expect(forB.map((g) => g.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const forA = z
      .array(friendGroup)
      .parse((await inject('GET', '/api/friend-groups', people.friendA)).json());
    expect(forA.map((g) => g.id)).toContain(second.id);
    expect(forA.map((g) => g.id)).not.toContain(first.id);
    expect(forA.find((g) => g.id === second.id)?.members).toHaveLength(3);

    const forStranger = await inject('GET', '/api/friend-groups', people.stranger);
    expect(forStranger.statusCode).toBe(200);
    expect(forStranger.json()).toEqual([]);
  });
});

describe('adding and removing members', () => {
  memberTests(kind);

  it('names its refusals as the contract does', () => {
    expect(CHAT_MSG.notGroupCreator).toBe('Not authorized to add members to this group');
    expect(CHAT_MSG.notAllowedToRemove).toBe('Not authorized to remove this member');
  });

  it('moves updatedAt when a member is added', async () => {
    const group = await createGroup(people.manager, [people.friendA]);
    const res = await inject('POST', `/api/friend-groups/${group.id}/add-member`, people.manager, {
      userId: people.friendB.user.id,
    });
    expect(res.statusCode).toBe(201);
    expect(Date.parse(friendGroup.parse(res.json()).updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(group.updatedAt),
    );
  });

  it('leaves the group out of the list of a member who left', async () => {
    const group = await createGroup(people.manager, [people.friendA, people.friendB]);
    const leave = await inject('POST', `/api/friend-groups/${group.id}/remove-member`, people.friendB, {
      userId: people.friendB.user.id,
    });
    expect(leave.statusCode).toBe(201);
    const listB = (await inject('GET', '/api/friend-groups', people.friendB)).json() as { id: string }[];
    expect(listB.map((g) => g.id)).not.toContain(group.id);
  });

  it('deletes a group, with its history, once its last member has left', async () => {
    const group = await createGroup(people.manager, [people.friendA]);
    await inject('POST', `/api/friend-groups/${group.id}/messages`, people.friendA, { content: 'bye all' });
    expect(await storedMessages(t, `group:${group.id}`)).toBe(1);
    const url = `/api/friend-groups/${group.id}/remove-member`;
    expect((await inject('POST', url, people.friendA, { userId: people.friendA.user.id })).statusCode).toBe(
      201,
    );
    const last = await inject('POST', url, people.manager, { userId: people.manager.user.id });
    expect(last.statusCode).toBe(201);
    expect(friendGroup.parse(last.json()).members).toEqual([]);
    const rows = await t.db.execute(sql`select 1 from friend_groups where id = ${group.id}`);
    expect(rows.rows).toHaveLength(0);
    expect(await storedMessages(t, `group:${group.id}`)).toBe(0);
  });
});

describe('friend group chat', () => {
  chatTests(kind, {
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
});
