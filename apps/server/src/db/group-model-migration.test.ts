import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { createDb, type DbHandle } from './client.ts';
import { migrationsFolder } from './migrate.ts';

/**
 * Migration 0024: a database seeded with all three kinds of group before it — members,
 * a pending request, an invitation, a ban, roles, chat history — has the same groups, people,
 * states and messages after it, under the same ids, and the three member tables are gone.
 */
const ID = {
  owner: '00000000-0000-7000-8000-000000000001',
  member: '00000000-0000-7000-8000-000000000002',
  asker: '00000000-0000-7000-8000-000000000003',
  invitee: '00000000-0000-7000-8000-000000000004',
  banned: '00000000-0000-7000-8000-000000000005',
  event: '00000000-0000-7000-8000-0000000000e1',
  friendGroup: '00000000-0000-7000-8000-0000000000f1',
  subgroup: '00000000-0000-7000-8000-0000000000a1',
  community: '00000000-0000-7000-8000-0000000000c1',
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DbHandle;
let before: string;

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-migrations-'));
  await cp(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

const q = async <T>(text: string) => (await handle.pool.query(text)).rows as T[];

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  handle = createDb(database.url, { max: 2 });
  before = await migrationsBefore('0024_one_group_model');
  await migrate(handle.db, { migrationsFolder: before });
  const people = Object.entries(ID)
    .filter(([key]) => ['owner', 'member', 'asker', 'invitee', 'banned'].includes(key))
    .map(([key, id]) => `('${id}', '${key}@example.test', '${key}', '${key} person', 'x')`);
  await handle.pool.query(`
    insert into users (id, email, username, full_name, password_hash) values ${people.join(', ')};
    insert into events (id, creator_id, title, description, location, start_date, end_date, status)
      values ('${ID.event}', '${ID.owner}', 'Picnic', 'Food', 'Park', now() + interval '1 day', now() + interval '2 days', 'LIVE');
    insert into friend_groups (id, name, created_by) values ('${ID.friendGroup}', 'Close friends', '${ID.owner}');
    insert into friend_group_members (group_id, user_id, added_at) values
      ('${ID.friendGroup}', '${ID.owner}', '2026-01-01T10:00:00.123456Z'),
      ('${ID.friendGroup}', '${ID.member}', '2026-01-02T10:00:00Z');
    insert into event_subgroups (id, event_id, name, created_by) values ('${ID.subgroup}', '${ID.event}', 'Stall crew', '${ID.owner}');
    insert into subgroup_members (subgroup_id, user_id, added_at) values
      ('${ID.subgroup}', '${ID.owner}', '2026-02-01T10:00:00Z'),
      ('${ID.subgroup}', '${ID.member}', '2026-02-02T10:00:00Z');
    insert into communities (id, slug, name, join_policy, join_questions, member_count, created_by)
      values ('${ID.community}', 'night-owls', 'Night Owls', 'APPROVAL', '{Why?}', 2, '${ID.owner}');
    insert into community_members (community_id, user_id, role, state, answers, event_notifications, added_at) values
      ('${ID.community}', '${ID.owner}', 'OWNER', 'member', '{}', 'all', '2026-03-01T10:00:00Z'),
      ('${ID.community}', '${ID.member}', 'ORGANIZER', 'member', '{}', 'none', '2026-03-02T10:00:00Z'),
      ('${ID.community}', '${ID.asker}', 'MEMBER', 'pending', '{Because}', 'all', '2026-03-03T10:00:00Z'),
      ('${ID.community}', '${ID.invitee}', 'MEMBER', 'invited', '{}', 'all', '2026-03-04T10:00:00Z'),
      ('${ID.community}', '${ID.banned}', 'MEMBER', 'banned', '{}', 'all', '2026-03-05T10:00:00Z');
    insert into messages (id, channel, sender_id, content) values
      (gen_random_uuid(), 'group:${ID.friendGroup}', '${ID.member}', 'hi friends'),
      (gen_random_uuid(), 'subgroup:${ID.subgroup}', '${ID.owner}', 'hi crew'),
      (gen_random_uuid(), 'community:${ID.community}', '${ID.member}', 'hi owls');
  `);
  await migrate(handle.db, { migrationsFolder: migrationsFolder() });
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
  if (before) await rm(before, { recursive: true, force: true });
});

describe('migration 0024: one group model', () => {
  it('keeps every group under its id, with its kind', async () => {
    expect(await q('select id, kind from groups order by id')).toEqual([
      { id: ID.subgroup, kind: 'event_subgroup' },
      { id: ID.community, kind: 'community' },
      { id: ID.friendGroup, kind: 'friend_group' },
    ]);
    expect(await q('select name from friend_groups')).toEqual([{ name: 'Close friends' }]);
    expect(await q('select name, event_id from event_subgroups')).toEqual([
      { name: 'Stall crew', event_id: ID.event },
    ]);
    expect(await q('select slug, join_questions, member_count from communities')).toEqual([
      { slug: 'night-owls', join_questions: ['Why?'], member_count: 2 },
    ]);
  });

  it('keeps every membership with its role, state, answers, choice and join time', async () => {
    const rows = await q(`select group_id, kind, user_id, role, state, answers, event_notifications,
      to_char(added_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as added_at
      from group_members order by added_at`);
    const row = (groupId: string, kind: string, userId: string, added: string, extra = {}) => ({
      group_id: groupId,
      kind,
      user_id: userId,
      role: 'MEMBER',
      state: 'member',
      answers: [],
      event_notifications: 'all',
      added_at: added,
      ...extra,
    });
    expect(rows).toEqual([
      row(ID.friendGroup, 'friend_group', ID.owner, '2026-01-01 10:00:00.123456'),
      row(ID.friendGroup, 'friend_group', ID.member, '2026-01-02 10:00:00.000000'),
      row(ID.subgroup, 'event_subgroup', ID.owner, '2026-02-01 10:00:00.000000'),
      row(ID.subgroup, 'event_subgroup', ID.member, '2026-02-02 10:00:00.000000'),
      row(ID.community, 'community', ID.owner, '2026-03-01 10:00:00.000000', { role: 'OWNER' }),
      row(ID.community, 'community', ID.member, '2026-03-02 10:00:00.000000', {
        role: 'ORGANIZER',
        event_notifications: 'none',
      }),
      row(ID.community, 'community', ID.asker, '2026-03-03 10:00:00.000000', {
        state: 'pending',
        answers: ['Because'],
      }),
      row(ID.community, 'community', ID.invitee, '2026-03-04 10:00:00.000000', { state: 'invited' }),
      row(ID.community, 'community', ID.banned, '2026-03-05 10:00:00.000000', { state: 'banned' }),
    ]);
  });

  it('keeps the chat history, and drops the three member tables', async () => {
    expect(await q('select channel, content from messages order by content')).toEqual([
      { channel: `subgroup:${ID.subgroup}`, content: 'hi crew' },
      { channel: `group:${ID.friendGroup}`, content: 'hi friends' },
      { channel: `community:${ID.community}`, content: 'hi owls' },
    ]);
    const tables = await q<{ name: string | null }>(`select to_regclass('friend_group_members')::text as name
      union all select to_regclass('subgroup_members')::text union all select to_regclass('community_members')::text`);
    expect(tables).toEqual([{ name: null }, { name: null }, { name: null }]);
  });

  it('a group row comes and goes with its kind row, and its members with it', async () => {
    await handle.pool.query(`delete from events where id = '${ID.event}'`);
    expect(await q(`select id from groups where id = '${ID.subgroup}'`)).toEqual([]);
    expect(await q(`select user_id from group_members where group_id = '${ID.subgroup}'`)).toEqual([]);
    await handle.pool.query(
      `insert into friend_groups (id, name, created_by) values (gen_random_uuid(), 'New', '${ID.owner}')`,
    );
    expect(await q(`select count(*)::int as n from groups where kind = 'friend_group'`)).toEqual([{ n: 2 }]);
  });
});
