import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPACITY_MSG, COMMUNITY_MSG, communityResponse, subgroup } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../platform/people.ts';
import {
  created,
  createEvent,
  makeFriends,
  requestAs,
  type TestUser,
  useUsers,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSubgroupsService } from '../subgroups/subgroups.service.ts';
import { type GroupRules, groupKinds, type Transition } from './kinds.ts';
import { findCohost, findMembership } from './membership.repository.ts';
import { createMemberships } from './membership.service.ts';

/**
 * The one membership writer (decision 067): every kind's changes are decided by the rules table.
 * Each test hands the writer a rules table that differs from `groupKinds` in one cell and shows
 * that the kind's service or the writer follows that cell.
 */
const t = useTestApp();
const [owner, organiser, member, friend] = useUsers(t, 4);
const call = requestAs(t);

/** The rules table with one transition of one kind replaced. */
function rulesWith<K extends keyof GroupRules>(kind: K, action: string, transition: Transition): GroupRules {
  const row = groupKinds[kind];
  return {
    ...groupKinds,
    [kind]: { ...row, transitions: { ...row.transitions, [action]: transition } },
  };
}

function writer(rules?: GroupRules) {
  return createMemberships({
    db: t.db,
    publisher: { removeFromChannel: () => {} },
    chat: {
      postToRoom: () => Promise.reject(new Error('no chat here')),
      roomHistory: () => Promise.reject(new Error('no chat here')),
    },
    friendsAmong: async (_userId, ids) => new Set(ids),
    rules,
  });
}

const me = async (u: TestUser) => {
  const row = await findUserById(t.db, u.user.id);
  if (!row) throw new Error('no such user');
  return row;
};

beforeAll(async () => {
  await makeFriends(t, owner, member);
  await makeFriends(t, owner, friend);
});

describe('the rules table has rows for roles and owner transfer', () => {
  it('transfer is the owner’s change; the owner is out of the organisers’ reach', () => {
    expect(groupKinds.community.transitions.transferOwnership.who).toEqual(['owner']);
    expect(groupKinds.community.roles.owner).toBe('OWNER');
    expect(groupKinds.community.roles.formerOwner).toBe('ORGANIZER');
    expect(groupKinds.community.roles.guarded.OWNER?.remove?.other?.message).toBe(
      COMMUNITY_MSG.ownerUntouchable,
    );
    expect(groupKinds.subgroup.transitions.remove?.who).toEqual(['manager']);
  });
});

describe('each kind goes through the one writer’s rules', () => {
  it('a sub-group: a rules table that lets a member leave is honoured by the sub-groups service', async () => {
    const eventId = await createEvent(t, owner, { title: 'Dune walk' });
    const made = subgroup.parse(
      created(
        await call('POST', '/api/event-subgroups', owner, {
          eventId,
          name: 'Walkers',
          members: [member.user.id],
        }),
        'create sub-group',
      ),
    );
    // With the shipped table, a member may not take themselves out.
    const refused = await call('POST', `/api/event-subgroups/${made.id}/remove-member`, member, {
      userId: member.user.id,
    });
    expect(refused.statusCode).toBe(403);
    const rules = rulesWith('subgroup', 'remove', {
      who: ['manager', 'self'],
      from: { none: 'stay', member: 'remove' },
    });
    const subgroups = createSubgroupsService({ db: t.db, memberships: writer(rules) });
    await subgroups.removeMember(await me(member), made.id, member.user.id);
    expect(await findMembership(t.db, made.id, member.user.id)).toBeUndefined();
  });

  it('a community: a rules table that lets organisers hand over is what decides the transfer', async () => {
    const { community: club } = communityResponse.parse(
      created(await call('POST', '/api/communities', owner, { name: 'Rowing' }), 'club'),
    );
    expect((await call('POST', `/api/communities/${club.slug}/join`, organiser)).statusCode).toBe(200);
    expect((await call('POST', `/api/communities/${club.slug}/join`, member)).statusCode).toBe(200);
    const promoted = await call(
      'PATCH',
      `/api/communities/${club.slug}/members/${organiser.user.id}`,
      owner,
      {
        role: 'ORGANIZER',
      },
    );
    expect(promoted.statusCode).toBe(200);
    const change = {
      groupId: club.id,
      userId: member.user.id,
      actorId: organiser.user.id,
      actor: 'manager',
      actions: ['transferOwnership'],
    } as const;
    // The shipped row: only the owner hands over.
    await expect(writer().change('community', change)).rejects.toMatchObject({
      message: COMMUNITY_MSG.notOwner,
    });
    const rules = rulesWith('community', 'transferOwnership', {
      ...groupKinds.community.transitions.transferOwnership,
      who: ['manager'],
    });
    await writer(rules).change('community', change);
    expect((await findMembership(t.db, club.id, member.user.id))?.role).toBe('OWNER');
    expect((await findMembership(t.db, club.id, owner.user.id))?.role).toBe('ORGANIZER');
  });

  it('a friend group: a rules table that lets any member add is honoured', async () => {
    const group = created(
      await call('POST', '/api/friend-groups', owner, { name: 'Supper club', members: [member.user.id] }),
      'friend group',
    ) as { id: string };
    const change = {
      groupId: group.id,
      userId: friend.user.id,
      actorId: member.user.id,
      actor: 'member',
      actions: ['add'],
    } as const;
    await expect(writer().change('friendGroup', change)).rejects.toMatchObject({ statusCode: 403 });
    const rules = rulesWith('friendGroup', 'add', { who: ['manager', 'member'], from: { none: 'member' } });
    await writer(rules).change('friendGroup', change);
    expect((await findMembership(t.db, group.id, friend.user.id))?.state).toBe('member');
  });

  it('event co-hosts: rows written by the writer, by the co-host row of the rules table', async () => {
    const eventId = await createEvent(t, owner, { title: 'Harbour lights' });
    const added = await call('POST', `/api/events/${eventId}/cohosts/${friend.user.id}`, owner);
    expect(added.statusCode).toBe(200);
    const stepDown = {
      groupId: eventId,
      userId: friend.user.id,
      actorId: friend.user.id,
      actor: 'self',
      actions: ['remove'],
    } as const;
    await expect(writer().change('cohost', stepDown)).rejects.toMatchObject({ statusCode: 403 });
    const rules = rulesWith('cohost', 'remove', {
      who: ['manager', 'self'],
      from: { none: { refuse: 404, message: CAPACITY_MSG.cohostNotFound }, member: 'remove' },
    });
    const { written } = await writer(rules).change('cohost', stepDown);
    expect(written).toBe(true);
    expect(await findCohost(t.db, eventId, friend.user.id)).toBeUndefined();
  });
});

describe('no second writer', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  async function sources(dir: string): Promise<string[]> {
    const out: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'migrations' && entry.name !== 'test') out.push(...(await sources(full)));
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
    }
    return out;
  }

  it('only membership.repository writes member and co-host rows, and only the writer calls it', async () => {
    const writes =
      /\b(insert\s+into|update|delete\s+from)\s+(\$\{)?\s*(group_members|groupMembers|event_cohosts|eventCohosts)\b|\.(insert|update|delete)\(\s*(groupMembers|eventCohosts)\s*\)|\b(insertRow|updateRow|deleteRows)\(\s*\w+,\s*(groupMembers|eventCohosts)\b/i;
    const writers =
      /\b(putMembership|putCohost|addMembers|removeMember|deleteRow|dropAllMemberships|removeEachOther|endCohostingBetween|setEventNotifications|setShareEmail)\b/;
    const offenders: string[] = [];
    for (const file of await sources(src)) {
      const name = path.relative(src, file);
      const text = await readFile(file, 'utf8');
      if (name !== path.join('modules', 'groups', 'membership.repository.ts') && writes.test(text))
        offenders.push(`${name}: SQL`);
      const fromRepo = text.match(/import[^;]*from '[^']*membership\.repository\.ts';/g) ?? [];
      if (
        !name.startsWith(path.join('modules', 'groups')) &&
        fromRepo.some((line) => writers.test(line) && !/import type/.test(line))
      )
        offenders.push(`${name}: imports a write`);
    }
    expect(offenders).toEqual([]);
  });
});
