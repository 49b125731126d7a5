import pg from 'pg';
import { api, type RunningServer } from '../apps/server/src/test/servers.ts';
import { fanOut, type Room, rawWsFanOut } from './fan-out.ts';

/**
 * Part of `npm run bench -- data`: 10,000 communities, one of them with 50,000 members,
 * on top of the 100k users the data part seeds. Member list and discovery pages one at a time
 * (bar p99 ≤ 20 ms), then community chat fan-out to 1,000 sockets in the big community's room
 * against raw `ws` in the same run (bar p99 ≤ 2.5 ×).
 */

const BIG = 'club-10000';
const SOCKETS = 1000;

async function seed(databaseUrl: string, memberIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const began = Date.now();
  try {
    await client.query(`
      insert into communities (id, slug, name, description, location, tags, visibility, join_policy, verified, member_count, created_by)
      select gen_random_uuid(), 'club-' || i, 'Club ' || i || case when i % 40 = 1 then ' runners' else '' end,
             'About club ' || i, 'Place ' || (i % 300), array['Tag' || (i % 200)],
             case when i % 9 = 0 then 'PRIVATE' else 'PUBLIC' end,
             case i % 3 when 0 then 'OPEN' when 1 then 'APPROVAL' else 'INVITE' end, i % 25 = 0, 1, u.id
      from generate_series(1, 10000) i
      join users u on u.email = 'u' || i || '@scale.example'`);
    await client.query(`
      insert into group_members (group_id, kind, user_id, role, state, added_at)
      select id, 'community', created_by, 'OWNER', 'member', now() - interval '400 days' from communities`);
    // 50,000 more people in the big one, in join order; every 100th is still asking.
    await client.query(
      `insert into group_members (group_id, kind, user_id, role, state, answers, added_at)
       select c.id, 'community', u.id, 'MEMBER', case when j % 100 = 0 then 'pending' else 'member' end,
              case when j % 100 = 0 then array['I like clubs'] else '{}'::text[] end,
              now() - (60000 - j) * interval '1 minute'
       from generate_series(10001, 60000) j
       join users u on u.email = 'u' || j || '@scale.example'
       cross join (select id from communities where slug = $1) c`,
      [BIG],
    );
    // The benchmark's own accounts: the poster organises, the listener is a member.
    await client.query(
      `insert into group_members (group_id, kind, user_id, role, state)
       select c.id, 'community', m.id::uuid, case when m.n = 1 then 'ORGANIZER' else 'MEMBER' end, 'member'
       from unnest($2::text[]) with ordinality as m(id, n)
       cross join (select id from communities where slug = $1) c`,
      [BIG, memberIds],
    );
    await client.query(
      `update communities set member_count =
         (select count(*) from group_members m where m.group_id = communities.id and m.state = 'member')
       where slug = $1`,
      [BIG],
    );
    await client.query('vacuum analyze communities, group_members');
    const { rows } = await client.query<{ id: string; member_count: number }>(
      'select id, member_count from communities where slug = $1',
      [BIG],
    );
    return { ms: Date.now() - began, id: rows[0]!.id, members: rows[0]!.member_count };
  } finally {
    await client.end();
  }
}

export async function benchCommunities(o: {
  app: RunningServer;
  databaseUrl: string;
  poster: { accessToken: string; user: { id: string } };
  listener: { accessToken: string; user: { id: string } };
  /** A fresh event room of the `chat` part, for comparison. */
  eventRoom: () => Promise<Room>;
  /** One request at a time, then 10 connections; reports the line. */
  probe: (label: string, url: string) => Promise<void>;
  report: (line: string) => void;
}) {
  const { app, report } = o;
  const big = await seed(o.databaseUrl, [o.poster.user.id, o.listener.user.id]);
  report(`seeded 10,000 communities, ${big.members} members in ${BIG}, in ${(big.ms / 1000).toFixed(1)} s`);

  // A cursor deep into the member list: 20 pages in.
  let deep: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page: { body: { nextCursor: string | null } } = await api<{ nextCursor: string | null }>(
      app.url,
      'GET',
      `/api/communities/${BIG}/members${deep ? `?cursor=${encodeURIComponent(deep)}` : ''}`,
      undefined,
      o.poster.accessToken,
    );
    deep = page.body.nextCursor;
  }
  const discoverPage2 = await api<{ nextCursor: string | null }>(
    app.url,
    'GET',
    '/api/communities?limit=20',
    undefined,
    o.poster.accessToken,
  );
  const probes: [string, string][] = [
    [`GET /api/communities/${BIG}/members (first page)`, `/api/communities/${BIG}/members`],
    [
      `GET /api/communities/${BIG}/members (page 21)`,
      `/api/communities/${BIG}/members?cursor=${encodeURIComponent(deep ?? '')}`,
    ],
    [
      `GET /api/communities/${BIG}/members?state=pending (organiser)`,
      `/api/communities/${BIG}/members?state=pending`,
    ],
    ['GET /api/communities?limit=20 (discovery)', '/api/communities?limit=20'],
    [
      'GET /api/communities (discovery, page 2)',
      `/api/communities?limit=20&cursor=${encodeURIComponent(discoverPage2.body.nextCursor ?? '')}`,
    ],
    ['GET /api/communities?q=runners', '/api/communities?q=runners'],
    ['GET /api/communities?tag=Tag42', '/api/communities?tag=Tag42'],
    ['GET /api/communities?verified=true', '/api/communities?verified=true'],
    [`GET /api/communities/${BIG}`, `/api/communities/${BIG}`],
    ['GET /api/communities/mine', '/api/communities/mine'],
  ];
  // The machine's floor in the same minute: a route that reads nothing.
  await o.probe('GET /api/health (floor: no auth, no database)', `${app.url}/api/health`);
  for (const [label, path] of probes) await o.probe(label, `${app.url}${path}`);

  const rawWs = await rawWsFanOut(SOCKETS, 10, 5);
  report(
    `raw ws broadcast to ${SOCKETS} sockets, 10 msg/s: p50 ${rawWs.p50} ms, p99 ${rawWs.p99} ms (baseline)`,
  );
  const room = {
    join: ['join-community-chat', { communityId: big.id }] as [string, object],
    delivered: 'new-community-message',
    post: `/api/communities/${BIG}/messages`,
    posterToken: o.poster.accessToken,
    listenerToken: o.listener.accessToken,
  };
  await fanOut(room, [app], [app], SOCKETS, 10, 2); // warm-up
  const community = await fanOut(room, [app], [app], SOCKETS, 10, 5);
  const ratio = community.p99 / Math.max(1, rawWs.p99);
  report(
    `community chat POST → ${SOCKETS} sockets of a ${big.members}-member community: p50 ${community.p50} ms, p99 ${community.p99} ms = ${ratio.toFixed(2)} × raw ws p99 (bar 2.5: ${ratio <= 2.5 ? 'met' : 'NOT MET'}), delivered ${community.delivered}/${community.expected}`,
  );
  // The event room of the same size in the same minute: what a community room adds, if anything.
  const event = await fanOut(await o.eventRoom(), [app], [app], SOCKETS, 10, 5);
  report(
    `event chat POST → ${SOCKETS} sockets (same run, for comparison): p50 ${event.p50} ms, p99 ${event.p99} ms = ${(event.p99 / Math.max(1, rawWs.p99)).toFixed(2)} × raw ws p99`,
  );
}
