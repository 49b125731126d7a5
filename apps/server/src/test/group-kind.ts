import { CHAT_LIMITS, CHAT_MSG, roomMessage } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, type Method, makeFriends, requestAs, type TestUser } from './factories.ts';
import { ids, memberIds, storedMessages, UNKNOWN } from './group-chat.ts';
import type { TestApp } from './test-app.ts';

/**
 * The people of a group kind's tests: its manager (named `managerName`), three of the manager's
 * friends, and a stranger who is a friend of the first friend only (so never allowed in through
 * the manager).
 */
export async function groupPeople(t: TestApp, managerName: string) {
  const [manager, friendA, friendB, friendC, stranger] = await Promise.all([
    createUser(t, { fullName: managerName }),
    createUser(t, { fullName: 'Ada Friend' }),
    createUser(t, { fullName: 'Ben Friend' }),
    createUser(t, { fullName: 'Cleo Friend' }),
    createUser(t, { fullName: 'Sam Stranger' }),
  ]);
  for (const friend of [friendA, friendB, friendC]) await makeFriends(t, manager, friend);
  await makeFriends(t, friendA, stranger);
  return { manager, friendA, friendB, friendC, stranger };
}

export type GroupPeople = Awaited<ReturnType<typeof groupPeople>>;

/** `groupPeople`, made before the file's tests: the object is filled in then, for the tests to read. */
export function useGroupPeople(t: TestApp, managerName: string): GroupPeople {
  const people = {} as GroupPeople;
  beforeAll(async () => {
    Object.assign(people, await groupPeople(t, managerName));
  });
  return people;
}

/**
 * A kind of group whose members are picked by hand (friend groups, event sub-groups), as the
 * shared tests below see it. Its people are those of `groupPeople`: the manager creates the groups.
 */
export type GroupKindUnderTest = {
  t: TestApp;
  /** `<base>` creates; `<base>/:id/add-member`, `…/remove-member` and `…/messages`. */
  base: string;
  /** Its chat channels are `<room>:<id>`. */
  room: string;
  /** The message field that names the group. */
  groupField: 'groupId' | 'subGroupId';
  /** The table its groups are stored in. */
  table: 'friend_groups' | 'event_subgroups';
  /** The group in an answer. */
  schema: { parse: (body: unknown) => { id: string; members: { id: string }[] } };
  people: () => GroupPeople;
  /** A new group, created by the manager, with `members` (and the manager) in it. */
  newGroup: (members: TestUser[]) => Promise<{ id: string }>;
  /** What every body that creates one carries besides its name and members. */
  createBody?: () => Record<string, unknown>;
  /** Its 404 message. */
  notFound: string;
  /** Its 403 messages: a member who is not the manager adds someone; removes someone. */
  notManager: string;
  notAllowedToRemove: string;
  /** Whether a member may remove themselves (leave). */
  membersLeave: boolean;
};

/** The kind, checked against what the tests below need of it. */
export const groupKind = (kind: GroupKindUnderTest) => kind;

/**
 * Creating a group of the kind with each body of `invalid` (over `createBody`) answers 400 with the
 * message and stores no group. In member lists, `A`, `MANAGER` and `STRANGER` stand for the ids of
 * the first friend, the manager and the stranger.
 */
export function creationTests(
  kind: GroupKindUnderTest,
  invalid: [label: string, body: Record<string, unknown>, message: string][],
) {
  const request = requestAs(kind.t);
  const count = async () =>
    (
      await kind.t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(kind.table)}`,
      )
    ).rows[0]?.n;
  it.each(invalid)('refuses %s with 400 and the spec message', async (_label, body, message) => {
    const { manager, friendA, stranger } = kind.people();
    const idOf: Record<string, string> = {
      A: friendA.user.id,
      MANAGER: manager.user.id,
      STRANGER: stranger.user.id,
    };
    const swap = (v: unknown) => (typeof v === 'string' ? (idOf[v] ?? v) : v);
    const fields = { ...kind.createBody?.(), ...body };
    const payload = {
      ...fields,
      ...(Array.isArray(fields.members) ? { members: fields.members.map(swap) } : {}),
    };
    const before = await count();
    const res = await request('POST', kind.base, manager, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message });
    expect(await count()).toBe(before);
  });
}

/** One more way a kind's members are added and removed: the request for each, and its success status. */
export type MemberRoutes = {
  label: string;
  add: (groupId: string, userId: string) => readonly [Method, string, object | undefined];
  remove: (groupId: string, userId: string) => readonly [Method, string, object | undefined];
  addStatus: number;
  removeStatus: number;
};

/**
 * The membership checks of every kind with hand-picked members, as tests of the calling
 * `describe`, for `add-member` / `remove-member` and each of `more` routes: the manager adds
 * friends (twice changes nothing) and nobody else; only friends can be added; who may remove whom;
 * outsiders and unknown groups get the kind's 404; a removed member can no longer read the chat.
 */
export function memberTests(kind: GroupKindUnderTest, more: MemberRoutes[] = []) {
  const request = requestAs(kind.t);
  const chat = (id: string) => `${kind.base}/${id}/messages`;
  const routes: MemberRoutes[] = [
    {
      label: 'add-member / remove-member with userId',
      add: (id, userId) => ['POST', `${kind.base}/${id}/add-member`, { userId }],
      remove: (id, userId) => ['POST', `${kind.base}/${id}/remove-member`, { userId }],
      addStatus: 201,
      removeStatus: 201,
    },
    ...more,
  ];
  const call = (spec: readonly [Method, string, object | undefined], user: TestUser) =>
    request(spec[0], spec[1], user, spec[2]);
  const membersOf = (body: unknown) => memberIds(kind.schema.parse(body));

  it.each(routes)('lets the manager add a friend; repeating it changes nothing ($label)', async (route) => {
    const { manager, friendA, friendB } = kind.people();
    const group = await kind.newGroup([friendA]);
    const added = await call(route.add(group.id, friendB.user.id), manager);
    expect(added.statusCode).toBe(route.addStatus);
    expect(membersOf(added.json())).toEqual(ids(manager, friendA, friendB));
    const again = await call(route.add(group.id, friendB.user.id), manager);
    expect(again.statusCode).toBe(route.addStatus);
    expect(membersOf(again.json())).toEqual(ids(manager, friendA, friendB));
  });

  it.each(routes)('refuses people who are not the manager’s friends ($label)', async (route) => {
    const { manager, friendA, stranger } = kind.people();
    const group = await kind.newGroup([friendA]);
    for (const userId of [stranger.user.id, UNKNOWN, 'nobody']) {
      const res = await call(route.add(group.id, userId), manager);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CHAT_MSG.membersMustBeFriends);
    }
  });

  it('requires a user id in the body', async () => {
    const { manager, friendA } = kind.people();
    const group = await kind.newGroup([friendA]);
    for (const suffix of ['add-member', 'remove-member']) {
      for (const body of [{}, { userId: '  ' }]) {
        const res = await request('POST', `${kind.base}/${group.id}/${suffix}`, manager, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(CHAT_MSG.userIdRequired);
      }
    }
  });

  it.each(routes)(
    'answers 403 to a member who adds someone and 404 to anyone outside the group ($label)',
    async (route) => {
      const { manager, friendA, friendB, friendC, stranger } = kind.people();
      const group = await kind.newGroup([friendA]);
      for (const [by, status, message] of [
        [friendA, 403, kind.notManager],
        [stranger, 404, kind.notFound],
      ] as const) {
        for (const userId of [friendC.user.id, stranger.user.id]) {
          const res = await call(route.add(group.id, userId), by);
          expect(res.statusCode).toBe(status);
          expect(res.json().message).toBe(message);
        }
      }
      for (const id of [UNKNOWN, 'not-an-id']) {
        const res = await call(route.add(id, friendB.user.id), manager);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(kind.notFound);
      }
      const members = await kind.t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from group_members where group_id = ${group.id}`,
      );
      expect(members.rows[0]?.n).toBe(2);
    },
  );

  it.each(routes)(
    `lets the manager remove anyone and ${kind.membersLeave ? 'a member leave' : 'no member, not even themselves'} ($label)`,
    async (route) => {
      const { manager, friendA, friendB, friendC, stranger } = kind.people();
      const group = await kind.newGroup([friendA, friendB, friendC]);

      for (const [by, whom] of [
        [friendA, friendB],
        [friendB, friendA],
      ] as const) {
        const other = await call(route.remove(group.id, whom.user.id), by);
        expect(other.statusCode).toBe(403);
        expect(other.json().message).toBe(kind.notAllowedToRemove);
      }
      const byStranger = await call(route.remove(group.id, stranger.user.id), stranger);
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json().message).toBe(kind.notFound);

      const leave = await call(route.remove(group.id, friendB.user.id), friendB);
      if (kind.membersLeave) {
        expect(leave.statusCode).toBe(route.removeStatus);
        expect(membersOf(leave.json())).toEqual(ids(manager, friendA, friendC));
        expect((await request('GET', chat(group.id), friendB)).statusCode).toBe(404);
      } else {
        expect(leave.statusCode).toBe(403);
        expect(leave.json().message).toBe(kind.notAllowedToRemove);
      }

      const kick = await call(route.remove(group.id, friendC.user.id), manager);
      expect(kick.statusCode).toBe(route.removeStatus);
      expect(membersOf(kick.json())).toEqual(
        kind.membersLeave ? ids(manager, friendA) : ids(manager, friendA, friendB),
      );
      const gone = await request('GET', chat(group.id), friendC);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(kind.notFound);
    },
  );
}

/**
 * The chat checks every kind of group shares (decision 034), as tests of the calling `describe`:
 * members post and read oldest first with the sender populated; outsiders and bad ids get the
 * kind's 404 (`hidden` adds callers the kind hides a group from); history pages back with
 * X-Next-Before; each of `invalid` is refused with 400 and stored nowhere; a `retried` send with
 * the same clientMessageId is stored once and answered with the same message.
 */
export function chatTests(
  kind: GroupKindUnderTest,
  chat: {
    invalid: [label: string, body: object, message: string][];
    retried: { content: string; clientMessageId: string };
    hidden?: () => Promise<(readonly [TestUser, string])[]>;
  },
) {
  const request = requestAs(kind.t);
  const path = (id: string) => `${kind.base}/${id}/messages`;
  const channel = (id: string) => `${kind.room}:${id}`;

  it('lets members post and read, oldest first, with the sender populated', async () => {
    const { manager, friendA: member } = kind.people();
    const group = await kind.newGroup([member]);
    const url = path(group.id);
    const first = await request('POST', url, member, { content: '  Meet at the pier  ' });
    expect(first.statusCode).toBe(201);
    const message = roomMessage.parse(first.json());
    expect(message).toMatchObject({ content: 'Meet at the pier', [kind.groupField]: group.id });
    expect(message.id).toBe(message._id);
    expect(message.timestamp).toBe(message.createdAt);
    expect(message.sender).toMatchObject({
      _id: member.user.id,
      id: member.user.id,
      username: member.user.username,
      fullName: member.user.fullName,
      profileImage: null,
    });
    const reply = roomMessage.parse((await request('POST', url, manager, { content: 'On my way' })).json());

    const history = await request('GET', url, member);
    expect(history.statusCode).toBe(200);
    const list = z.array(roomMessage).parse(history.json());
    expect(list.map((m) => [m.id, m.content])).toEqual([
      [message.id, 'Meet at the pier'],
      [reply.id, 'On my way'],
    ]);
    expect(list[1]?.sender.fullName).toBe(manager.user.fullName);
    expect(history.headers['x-next-before']).toBeUndefined();
  });

  it(`answers 404 "${kind.notFound}" to non-members, unknown and malformed ids`, async () => {
    const { manager, friendA, friendB, stranger } = kind.people();
    const group = await kind.newGroup([friendA]);
    const callers = [
      [stranger, group.id],
      [friendB, group.id],
      [manager, UNKNOWN],
      [friendA, UNKNOWN],
      [manager, 'nonsense'],
      [friendA, 'bogus'],
      ...((await chat.hidden?.()) ?? []),
    ] as const;
    for (const [user, id] of callers) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await request(
          method,
          path(id),
          user,
          method === 'POST' ? { content: 'hello?' } : undefined,
        );
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, message: kind.notFound });
      }
    }
    expect(await storedMessages(kind.t, channel(group.id))).toBe(0);
  });

  it('pages back through history with X-Next-Before, each cursor the oldest message of its page', async () => {
    const { manager, friendA: member } = kind.people();
    const group = await kind.newGroup([member]);
    const url = path(group.id);
    const sent: string[] = [];
    for (let i = 1; i <= 5; i++) {
      sent.push(
        roomMessage.parse((await request('POST', url, member, { content: `message ${i}` })).json()).id,
      );
    }
    const pagesOf = async (limit: number) => {
      const pages: string[][] = [];
      let before: string | undefined;
      for (;;) {
        const res = await request(
          'GET',
          `${url}?limit=${limit}${before ? `&before=${before}` : ''}`,
          manager,
        );
        expect(res.statusCode).toBe(200);
        const page = z
          .array(roomMessage)
          .parse(res.json())
          .map((m) => m.id);
        pages.push(page);
        const next = res.headers['x-next-before'];
        if (next === undefined) return pages;
        expect(next).toBe(page[0]);
        before = String(next);
      }
    };
    expect(await pagesOf(2)).toEqual([sent.slice(3, 5), sent.slice(1, 3), sent.slice(0, 1)]);
    expect(await pagesOf(3)).toEqual([sent.slice(2), sent.slice(0, 2)]);

    const badCursor = await request('GET', `${url}?before=yesterday`, manager);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe('Invalid cursor');
    const badLimit = await request('GET', `${url}?limit=0`, manager);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe(`Limit must be between 1 and ${CHAT_LIMITS.historyMax}`);
  });

  it.each(chat.invalid)('refuses a message %s with 400', async (_label, body, message) => {
    const { friendA: member } = kind.people();
    const group = await kind.newGroup([member]);
    const res = await request('POST', path(group.id), member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedMessages(kind.t, channel(group.id))).toBe(0);
  });

  it('stores a retried send with the same clientMessageId once and answers the same message', async () => {
    const { friendA: member } = kind.people();
    const group = await kind.newGroup([member]);
    const url = path(group.id);
    const body = chat.retried;
    const a = await request('POST', url, member, body);
    const b = await request('POST', url, member, body);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const first = roomMessage.parse(a.json());
    expect(roomMessage.parse(b.json())).toEqual(first);
    expect(first.clientMessageId).toBe(body.clientMessageId);
    expect(await storedMessages(kind.t, channel(group.id), body.clientMessageId)).toBe(1);
    expect(await storedMessages(kind.t, channel(group.id))).toBe(1);
  });
}
