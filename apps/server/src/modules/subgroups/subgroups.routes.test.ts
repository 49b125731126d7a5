import {
  CHAT_LIMITS,
  CHAT_MSG,
  GROUP_MSG,
  messageResponse,
  subgroup,
  userSubgroup,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  created,
  createEvent,
  createUser,
  makeFriends,
  requestAs,
  type TestUser,
} from '../../test/factories.ts';
import { anonymousRefusalTests, ids, memberIds, storedMessages, UNKNOWN } from '../../test/group-chat.ts';
import { chatTests, creationTests, groupKind, groupPeople, memberTests } from '../../test/group-kind.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let organizer: TestUser;
let friendA: TestUser;
let friendB: TestUser;
let friendC: TestUser;
let stranger: TestUser;
let eventId: string;
let privateEventId: string;
let draftEventId: string;
let strangersEventId: string;
let people: Awaited<ReturnType<typeof groupPeople>>;

beforeAll(async () => {
  people = await groupPeople(t, 'Orla Organizer');
  ({ manager: organizer, friendA, friendB, friendC, stranger } = people);
  eventId = await createEvent(t, organizer, { title: 'Harbour clean-up' });
  privateEventId = await createEvent(t, organizer, { title: 'Private supper', visibility: 'PRIVATE' });
  draftEventId = await createEvent(t, organizer, { title: 'Draft picnic', status: 'DRAFT' });
  strangersEventId = await createEvent(t, stranger, { title: "Sam's quiz night" });
});

const inject = requestAs(t);

async function createSubgroup(members: TestUser[], name = 'Beach team', event = eventId) {
  const res = await inject('POST', '/api/event-subgroups', organizer, {
    eventId: event,
    name,
    members: members.map((m) => m.user.id),
  });
  return subgroup.parse(created(res, 'create sub-group'));
}

const kind = groupKind({
  t,
  base: '/api/event-subgroups',
  room: 'subgroup',
  groupField: 'subGroupId',
  table: 'event_subgroups',
  schema: subgroup,
  people: () => people,
  newGroup: (members) => createSubgroup(members),
  createBody: () => ({ eventId }),
  notFound: CHAT_MSG.subgroupNotFound,
  notManager: CHAT_MSG.notOrganizer,
  notAllowedToRemove: CHAT_MSG.notOrganizer,
  membersLeave: false,
});

describe('anonymous callers', () => {
  anonymousRefusalTests(t, [
    ['GET', '/api/event-subgroups/user-subgroups', undefined],
    ['POST', '/api/event-subgroups', { eventId: UNKNOWN, name: 'Crew', members: [] }],
    ['POST', '/sub-groups', { eventId: UNKNOWN, name: 'Crew', members: [] }],
    ['PUT', `/api/event-subgroups/${UNKNOWN}`, { name: 'Crew' }],
    ['PUT', `/sub-groups/${UNKNOWN}`, { name: 'Crew' }],
    ['DELETE', `/api/event-subgroups/${UNKNOWN}`, undefined],
    ['DELETE', `/sub-groups/${UNKNOWN}`, undefined],
    ['POST', `/api/event-subgroups/${UNKNOWN}/members`, { memberId: UNKNOWN }],
    ['POST', `/sub-groups/${UNKNOWN}/members`, { memberId: UNKNOWN }],
    ['DELETE', `/api/event-subgroups/${UNKNOWN}/members/${UNKNOWN}`, undefined],
    ['DELETE', `/sub-groups/${UNKNOWN}/members/${UNKNOWN}`, undefined],
    ['POST', `/api/event-subgroups/${UNKNOWN}/add-member`, { userId: UNKNOWN }],
    ['POST', `/api/event-subgroups/${UNKNOWN}/remove-member`, { userId: UNKNOWN }],
    ['GET', `/api/event-subgroups/${UNKNOWN}/messages`, undefined],
    ['POST', `/api/event-subgroups/${UNKNOWN}/messages`, { content: 'hello' }],
  ]);

  // The original client's public event page asks for these signed out (contract §10 item 22).
  it.each(['/api/event-subgroups/event/', '/events/'])(
    "lists an event's sub-groups as empty without a token, 401 with a bad one (%s)",
    async (base) => {
      await createSubgroup([friendA], 'Visible crew');
      const url = base === '/events/' ? `/events/${eventId}/sub-groups` : `${base}${eventId}`;
      const anonymous = await inject('GET', url);
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual([]);
      const bad = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toBe('Invalid token');
    },
  );
});

describe('creating sub-groups', () => {
  it('answers 201 with the sub-group: organizer always a member, members populated', async () => {
    const res = await inject('POST', '/api/event-subgroups', organizer, {
      eventId,
      name: '  Kayak crew ',
      members: [friendA.user.id, friendA.user.id, organizer.user.id],
    });
    expect(res.statusCode).toBe(201);
    const created = subgroup.parse(res.json());
    expect(created.id).toBe(created._id);
    expect(created).toMatchObject({ eventId, name: 'Kayak crew' });
    expect(memberIds(created)).toEqual(ids(organizer, friendA));
    expect(created.createdBy).toMatchObject({ id: organizer.user.id, fullName: 'Orla Organizer' });
    expect(created.members.find((m) => m.id === friendA.user.id)).toMatchObject({
      _id: friendA.user.id,
      username: friendA.user.username,
      fullName: 'Ada Friend',
    });
    expect(res.body).not.toContain(friendA.email);
  });

  it('makes the organizer the only member when no members are given; the legacy path works too', async () => {
    const res = await inject('POST', '/sub-groups', organizer, { eventId, name: 'Just me' });
    expect(res.statusCode).toBe(201);
    expect(memberIds(subgroup.parse(res.json()))).toEqual(ids(organizer));
  });

  creationTests(kind, [
    ['no name', { members: [] }, CHAT_MSG.nameRequired],
    ['a blank name', { name: '  ' }, CHAT_MSG.nameRequired],
    ['a name that is not text', { name: 7 }, 'Name must be text'],
    ['a name too long', { name: 'x'.repeat(CHAT_LIMITS.groupNameMax + 1) }, CHAT_MSG.nameTooLong],
    ['no event', { eventId: undefined, name: 'Crew' }, GROUP_MSG.eventIdRequired],
    ['members that are not a list', { name: 'Crew', members: 'A' }, CHAT_MSG.membersRequired],
    ['a stranger as member', { name: 'Crew', members: ['A', 'STRANGER'] }, CHAT_MSG.membersMustBeFriends],
    ['a malformed member id', { name: 'Crew', members: ['nobody'] }, CHAT_MSG.membersMustBeFriends],
    ['too many members', { name: 'Crew', members: Array(101).fill('A') }, GROUP_MSG.tooManyMembers],
  ]);

  it('answers 403 to anyone but the organizer, and 404 for events the caller cannot see', async () => {
    const notOrganizer = await inject('POST', '/api/event-subgroups', friendA, {
      eventId,
      name: 'Mine',
      members: [],
    });
    expect(notOrganizer.statusCode).toBe(403);
    expect(notOrganizer.json().message).toBe(CHAT_MSG.notOrganizer);
    const legacy = await inject('POST', '/sub-groups', stranger, { eventId, name: 'Mine' });
    expect(legacy.statusCode).toBe(403);

    for (const [user, id] of [
      [stranger, privateEventId],
      [friendA, draftEventId],
      [organizer, UNKNOWN],
      [organizer, 'not-an-event'],
    ] as const) {
      const res = await inject('POST', '/api/event-subgroups', user, { eventId: id, name: 'Mine' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CHAT_MSG.eventNotFound);
    }
    const rows = await t.db.execute(sql`select 1 from event_subgroups where name = 'Mine'`);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('listing sub-groups', () => {
  it('shows members their sub-groups of the event and the organizer all of them, on both paths', async () => {
    const event = await createEvent(t, organizer, { title: 'Lantern walk' });
    const withA = await createSubgroup([friendA], 'Front', event);
    const withB = await createSubgroup([friendB], 'Back', event);

    for (const path of [`/api/event-subgroups/event/${event}`, `/events/${event}/sub-groups`]) {
      const all = await inject('GET', path, organizer);
      expect(all.statusCode).toBe(200);
      expect(
        z
          .array(subgroup)
          .parse(all.json())
          .map((g) => g.id),
      ).toEqual([withA.id, withB.id]);
      const forA = z.array(subgroup).parse((await inject('GET', path, friendA)).json());
      expect(forA.map((g) => g.id)).toEqual([withA.id]);
      expect(memberIds(forA[0]!)).toEqual(ids(organizer, friendA));
      const forStranger = await inject('GET', path, stranger);
      expect(forStranger.statusCode).toBe(200);
      expect(forStranger.json()).toEqual([]);
    }
  });

  it("answers [] for the literal id 'undefined' and 404 for events the caller cannot see", async () => {
    const res = await inject('GET', '/api/event-subgroups/event/undefined', friendA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await inject('GET', '/events/undefined/sub-groups', friendA)).json()).toEqual([]);
    for (const [user, id] of [
      [stranger, privateEventId],
      [friendA, UNKNOWN],
      [friendA, 'garbage'],
    ] as const) {
      const hidden = await inject('GET', `/api/event-subgroups/event/${id}`, user);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(CHAT_MSG.eventNotFound);
    }
  });

  it("lists the caller's sub-groups with their event, leaving out events they cannot see", async () => {
    const visible = await createSubgroup([friendC], 'Litter pickers');
    const onDraft = await createSubgroup([friendC], 'Draft helpers', draftEventId);
    const res = await inject('GET', '/api/event-subgroups/user-subgroups', friendC);
    expect(res.statusCode).toBe(200);
    const list = z.array(userSubgroup).parse(res.json());
    expect(list.map((g) => g.id)).toContain(visible.id);
    expect(list.map((g) => g.id)).not.toContain(onDraft.id);
    const item = list.find((g) => g.id === visible.id);
    expect(item).toMatchObject({
      _id: visible.id,
      name: 'Litter pickers',
      eventId: { _id: eventId, id: eventId, title: 'Harbour clean-up' },
      eventTitle: 'Harbour clean-up',
    });
    expect(memberIds(item!)).toEqual(ids(organizer, friendC));
    expect(item?.createdBy.id).toBe(organizer.user.id);

    const mine = z
      .array(userSubgroup)
      .parse((await inject('GET', '/api/event-subgroups/user-subgroups', organizer)).json());
    expect(mine.map((g) => g.id)).toEqual(expect.arrayContaining([visible.id, onDraft.id]));
    expect((await inject('GET', '/api/event-subgroups/user-subgroups', stranger)).json()).toEqual([]);
  });
});

describe('renaming and deleting', () => {
  it.each(['/api/event-subgroups', '/sub-groups'])('lets only the organizer rename (%s)', async (base) => {
    const group = await createSubgroup([friendA]);
    const res = await inject('PUT', `${base}/${group.id}`, organizer, { name: '  Sunrise crew ' });
    expect(res.statusCode).toBe(200);
    const renamed = subgroup.parse(res.json());
    expect(renamed).toMatchObject({ id: group.id, name: 'Sunrise crew', eventId });
    expect(memberIds(renamed)).toEqual(ids(organizer, friendA));

    for (const name of ['', '   ']) {
      const blank = await inject('PUT', `${base}/${group.id}`, organizer, { name });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Name is required');
    }
    const missing = await inject('PUT', `${base}/${group.id}`, organizer, {});
    expect(missing.json().message).toBe(CHAT_MSG.nameRequired);

    const byMember = await inject('PUT', `${base}/${group.id}`, friendA, { name: 'Taken over' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(CHAT_MSG.notOrganizer);
    const byStranger = await inject('PUT', `${base}/${group.id}`, stranger, { name: 'Taken over' });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(CHAT_MSG.subgroupNotFound);
    const unknown = await inject('PUT', `${base}/${UNKNOWN}`, organizer, { name: 'Nothing' });
    expect(unknown.statusCode).toBe(404);

    const [row] = (
      await t.db.execute<{ name: string }>(sql`select name from event_subgroups where id = ${group.id}`)
    ).rows;
    expect(row?.name).toBe('Sunrise crew');
  });

  it.each(['/api/event-subgroups', '/sub-groups'])(
    'lets only the organizer delete, with its history (%s)',
    async (base) => {
      const group = await createSubgroup([friendA]);
      await inject('POST', `/api/event-subgroups/${group.id}/messages`, friendA, {
        content: 'See you there',
      });
      expect(await storedMessages(t, `subgroup:${group.id}`)).toBe(1);

      const byMember = await inject('DELETE', `${base}/${group.id}`, friendA);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().message).toBe(CHAT_MSG.notOrganizer);
      const byStranger = await inject('DELETE', `${base}/${group.id}`, stranger);
      expect(byStranger.statusCode).toBe(404);

      const res = await inject('DELETE', `${base}/${group.id}`, organizer);
      expect(res.statusCode).toBe(200);
      expect(messageResponse.parse(res.json())).toEqual({ message: 'Sub-group deleted successfully' });
      expect(await storedMessages(t, `subgroup:${group.id}`)).toBe(0);
      const after = await inject('GET', `/api/event-subgroups/${group.id}/messages`, friendA);
      expect(after.statusCode).toBe(404);
      const again = await inject('DELETE', `${base}/${group.id}`, organizer);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(CHAT_MSG.subgroupNotFound);
    },
  );
});

describe('deleting the event', () => {
  // Written by a member, so nothing goes with the sender's account.
  async function eventWithChats(owner: TestUser) {
    const id = await createEvent(t, owner, { title: 'Short-lived fair' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/event-subgroups',
      headers: owner.auth,
      payload: { eventId: id, name: 'Stall crew', members: [friendA.user.id] },
    });
    const group = subgroup.parse(res.json());
    expect(
      (await inject('POST', `/api/event-messages/${id}`, friendA, { content: 'Event chat line' })).statusCode,
    ).toBe(201);
    expect(
      (await inject('POST', `/api/event-subgroups/${group.id}/messages`, friendA, { content: 'Crew line' }))
        .statusCode,
    ).toBe(201);
    expect(await storedMessages(t, `event:${id}`)).toBe(1);
    expect(await storedMessages(t, `subgroup:${group.id}`)).toBe(1);
    return { id, groupId: group.id };
  }

  it('removes its event chat and its sub-groups with their chats', async () => {
    const { id, groupId } = await eventWithChats(organizer);
    expect((await inject('DELETE', `/api/events/${id}`, organizer)).statusCode).toBe(200);
    expect(await storedMessages(t, `event:${id}`)).toBe(0);
    expect(await storedMessages(t, `subgroup:${groupId}`)).toBe(0);
  });

  it("removes them too when the organizer's account is deleted", async () => {
    const owner = await createUser(t);
    await makeFriends(t, owner, friendA);
    const { id, groupId } = await eventWithChats(owner);
    const res = await inject('DELETE', '/api/users/me', owner, { currentPassword: owner.password });
    expect(res.statusCode).toBe(200);
    expect(await storedMessages(t, `event:${id}`)).toBe(0);
    expect(await storedMessages(t, `subgroup:${groupId}`)).toBe(0);
  });
});

describe('managing members', () => {
  memberTests(kind, [
    {
      label: '/:id/members with memberId',
      add: (id, userId) => ['POST', `/api/event-subgroups/${id}/members`, { memberId: userId }],
      remove: (id, userId) => ['DELETE', `/api/event-subgroups/${id}/members/${userId}`, undefined],
      addStatus: 201,
      removeStatus: 200,
    },
    {
      label: 'legacy /sub-groups/:id/members',
      add: (id, userId) => ['POST', `/sub-groups/${id}/members`, { memberId: userId }],
      remove: (id, userId) => ['DELETE', `/sub-groups/${id}/members/${userId}`, undefined],
      addStatus: 201,
      removeStatus: 200,
    },
  ]);

  it('requires a member id in the body', async () => {
    const group = await createSubgroup([friendA]);
    const res = await inject('POST', `/api/event-subgroups/${group.id}/members`, organizer, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MSG.userIdRequired);
  });

  it('keeps the organizer in charge after removing themselves from the members', async () => {
    const group = await createSubgroup([friendA]);
    const res = await inject('POST', `/api/event-subgroups/${group.id}/remove-member`, organizer, {
      userId: organizer.user.id,
    });
    expect(res.statusCode).toBe(201);
    expect(memberIds(subgroup.parse(res.json()))).toEqual(ids(friendA));
    const post = await inject('POST', `/api/event-subgroups/${group.id}/messages`, organizer, {
      content: 'Still here',
    });
    expect(post.statusCode).toBe(201);
    const list = z
      .array(subgroup)
      .parse((await inject('GET', `/api/event-subgroups/event/${eventId}`, organizer)).json());
    expect(list.map((g) => g.id)).toContain(group.id);
    const back = await inject('POST', `/api/event-subgroups/${group.id}/add-member`, organizer, {
      userId: organizer.user.id,
    });
    expect(memberIds(subgroup.parse(back.json()))).toEqual(ids(organizer, friendA));
  });
});

describe('sub-group chat', () => {
  chatTests(kind, {
    // Members who cannot see the event, and the organizer of another event's sub-group.
    hidden: async () => {
      const onDraft = await createSubgroup([friendA], 'Draft crew', draftEventId);
      const othersEvent = await inject('POST', '/api/event-subgroups', stranger, {
        eventId: strangersEventId,
        name: 'Quiz team',
        members: [],
      });
      expect(othersEvent.statusCode).toBe(201);
      const quiz = subgroup.parse(othersEvent.json());
      return [
        [friendA, onDraft.id],
        [organizer, quiz.id],
      ];
    },
    invalid: [
      ['whitespace only', { content: '  \n ' }, CHAT_MSG.contentRequired],
      ['no content', {}, CHAT_MSG.contentRequired],
      ['too long', { content: 'y'.repeat(CHAT_LIMITS.contentMax + 1) }, CHAT_MSG.contentTooLong],
    ],
    retried: { content: 'Bringing gloves', clientMessageId: 'retry-sg-1' },
  });

  it('treats a member of a sub-group on a draft event as no member while the event is hidden from them', async () => {
    const onDraft = await createSubgroup([friendA], 'Draft crew', draftEventId);
    const renameDraft = await inject('PUT', `/api/event-subgroups/${onDraft.id}`, friendA, { name: 'x' });
    expect(renameDraft.statusCode).toBe(404);
  });
});
