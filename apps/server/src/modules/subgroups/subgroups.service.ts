import { CHAT_MSG, type CreateSubgroupInput, type Subgroup, type UserSubgroup } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findVisibleEvent } from '../access/events.ts';
import { actorOf, groupKinds } from '../groups/kinds.ts';
import type { Memberships } from '../groups/membership.service.ts';
import { presentSubgroup, presentUserSubgroup } from './subgroups.presenter.ts';
import * as repo from './subgroups.repository.ts';

export type SubgroupsServiceDeps = {
  db: Database;
  memberships: Memberships;
};

const MEMBERS = groupKinds.subgroup;

export type SubgroupsService = ReturnType<typeof createSubgroupsService>;

type Access = { subgroup: repo.SubgroupRow; organizerId: string; isMember: boolean };

/** The original event page asks with the literal id "undefined" before it has an event. */
const isMissingId = (id: string) => id === 'undefined' || id === 'null' || id === '';

/**
 * Smaller circles inside an event, with their own chat (`subgroup:<id>`). The organizer (the
 * event's creator) creates, renames and deletes them and manages their members, who are chosen
 * from the organizer's friends. Members and the organizer see a sub-group; anyone else, and anyone
 * who cannot see the event, gets 404. A member attempting an organizer's action gets 403.
 */
export function createSubgroupsService(deps: SubgroupsServiceDeps) {
  const { db, memberships } = deps;

  const { all: present, one: presentOne } = memberships.presenter(MEMBERS, presentSubgroup);

  async function find(id: string, userId: string): Promise<Access | undefined> {
    const found = isUuid(id) ? await repo.findSubgroupFor(db, id, userId) : undefined;
    return found && (found.isMember || found.organizerId === userId) ? found : undefined;
  }

  /** Members and the organizer; 404 for everyone else. */
  async function visible(id: string, userId: string): Promise<Access> {
    const found = await find(id, userId);
    if (!found) throw notFound(CHAT_MSG.subgroupNotFound);
    return found;
  }

  /** The organizer only: 404 for strangers, 403 for members. */
  async function managed(id: string, userId: string): Promise<Access> {
    const found = await visible(id, userId);
    if (found.organizerId !== userId) throw forbidden(CHAT_MSG.notOrganizer);
    return found;
  }

  return {
    /** Socket joins of `subgroup:<id>`: members and the organizer. */
    async canJoin(subgroupId: string, userId: string): Promise<boolean> {
      return (await find(subgroupId, userId)) !== undefined;
    },

    /** Ids of the event's sub-groups: their rooms are rechecked with the event's. */
    async idsOfEvent(eventId: string): Promise<string[]> {
      return (await repo.listForEvent(db, eventId, undefined)).map((r) => r.id);
    },

    /** The event's sub-groups that include the caller; all of them for the organizer. */
    async listForEvent(me: UserRow, eventId: string): Promise<Subgroup[]> {
      if (isMissingId(eventId)) return [];
      const event = isUuid(eventId) ? await findVisibleEvent(db, eventId, me.id) : undefined;
      if (!event) throw notFound(CHAT_MSG.eventNotFound);
      const organizer = event.creatorId === me.id;
      return present(await repo.listForEvent(db, event.id, organizer ? undefined : me.id));
    },

    async listMine(me: UserRow): Promise<UserSubgroup[]> {
      const rows = await repo.listOfMember(db, me.id);
      const presented = await present(rows.map((r) => r.subgroup));
      return presented.map((base, i) => presentUserSubgroup(base, rows[i]?.eventTitle ?? null));
    },

    /** The organizer is always a member; the others must be the organizer's friends. */
    async create(me: UserRow, input: CreateSubgroupInput): Promise<Subgroup> {
      const event = isUuid(input.eventId) ? await findVisibleEvent(db, input.eventId, me.id) : undefined;
      if (!event) throw notFound(CHAT_MSG.eventNotFound);
      if (event.creatorId !== me.id) throw forbidden(CHAT_MSG.notOrganizer);
      const others = [...new Set(input.members.map((id) => id.trim()))].filter((id) => id !== me.id);
      const row = await db.transaction(async (tx) => {
        const subgroup = await repo.insertSubgroup(tx, {
          eventId: event.id,
          name: input.name,
          createdBy: me.id,
        });
        await memberships.found('subgroup', subgroup.id, me.id, others, tx);
        return subgroup;
      });
      return presentOne(row);
    },

    async rename(me: UserRow, id: string, name: string): Promise<Subgroup> {
      const { subgroup } = await managed(id, me.id);
      return presentOne((await repo.renameSubgroup(db, subgroup.id, name)) ?? subgroup);
    },

    /** Deletes the sub-group and its history; every member's sockets leave the room. */
    async remove(me: UserRow, id: string): Promise<void> {
      const { subgroup, organizerId } = await managed(id, me.id);
      const channel = MEMBERS.room.channel(subgroup.id);
      const members = await db.transaction(async (tx) => {
        const list = (await memberships.peopleByGroup(MEMBERS, [subgroup.id], tx)).get(subgroup.id) ?? [];
        await repo.deleteSubgroup(tx, subgroup.id);
        return list;
      });
      memberships.evict([organizerId, ...members.map((m) => m.id)], channel);
    },

    async addMember(me: UserRow, id: string, userId: string): Promise<Subgroup> {
      const { subgroup, organizerId } = await visible(id, me.id);
      const actor = actorOf(me.id, [organizerId], userId);
      const row = await db.transaction(async (tx) => {
        await memberships.change(
          'subgroup',
          { groupId: subgroup.id, userId, actorId: me.id, actor, actions: ['add'] },
          tx,
        );
        return repo.touchSubgroup(tx, subgroup.id);
      });
      return presentOne(row ?? subgroup);
    },

    /**
     * Removes a member; their sockets leave the room at once. The organizer keeps seeing the
     * sub-group (and its live chat) even when not listed as a member.
     */
    async removeMember(me: UserRow, id: string, userId: string): Promise<Subgroup> {
      const { subgroup, organizerId } = await visible(id, me.id);
      const actor = actorOf(me.id, [organizerId], userId);
      const { removed, row } = await db.transaction(async (tx) => {
        const { written: removed } = await memberships.change(
          'subgroup',
          { groupId: subgroup.id, userId, actorId: me.id, actor, actions: ['remove'] },
          tx,
        );
        return { removed, row: removed ? await repo.touchSubgroup(tx, subgroup.id) : subgroup };
      });
      if (removed && userId !== organizerId) memberships.evict([userId], MEMBERS.room.channel(subgroup.id));
      return presentOne(row ?? subgroup);
    },

    /** The chat (`subgroup:<id>`, `new-subgroup-message`): members and the organizer. */
    ...memberships.chatFor(MEMBERS, async (me, id) => (await visible(id, me.id)).subgroup.id),
  };
}
