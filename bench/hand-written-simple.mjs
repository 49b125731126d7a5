// THE OLD, SIMPLER BASELINE, kept only as a second reference (bench/lists.ts prints it as
// "simpler SQL, unprepared"): Fastify + pg + jose on the same database, but with a simpler query
// than Townsquare's (no blocks, communities, suspensions or hidden events; no friends-going or
// host join) sent unprepared, so PostgreSQL plans it on every request, and a smaller JSON. The
// ratio against it mixes database work with the layers; the bar is judged against
// bench/hand-written.mjs, which sends Townsquare's very statements.
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? ''));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

// The page of visible events, then its creators and its answers (the answering users joined once
// per page): the same SQL Townsquare runs, so the ratio measures the layers, not the query.
const VISIBLE = `(e.creator_id = $1 or (e.status <> 'DRAFT' and (e.visibility = 'PUBLIC'
    or exists (select 1 from friendships f where f.user_id = e.creator_id and f.friend_id = $1)
    or exists (select 1 from rsvps r where r.event_id = e.id and r.user_id = $1))))`;
const withRelations = (selection) => `with page as materialized (${selection}),
  answers as (
    select r.event_id, json_agg(json_build_array(r.user_id, r.status, u.username, u.full_name) order by r.created_at) as list
    from rsvps r join users u on u.id = r.user_id where r.event_id in (select id from page) group by r.event_id)
  select page.*, c.username as c_username, c.full_name as c_full_name, c.profile_image as c_profile_image,
    coalesce(a.list, '[]') as attendees
  from page join users c on c.id = page.creator_id left join answers a on a.event_id = page.id
  order by page.start_date, page.id`;
const LIVE = withRelations(
  `select * from events e where ${VISIBLE} and e.status = 'LIVE' and e.end_date >= now() order by e.start_date, e.id limit $2`,
);
const ALL = withRelations(`select * from events e where ${VISIBLE} order by e.start_date, e.id limit $2`);

const present = (row, viewerId, now) => {
  const going = [];
  let maybe = 0;
  let mine = null;
  for (const [userId, status, username, fullName] of row.attendees) {
    if (status === 'going') going.push({ id: userId, username: username ?? fullName, status });
    else if (status === 'maybe') maybe++;
    if (userId === viewerId) mine = status;
  }
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(),
    location: row.location,
    cost: row.is_free ? 0 : Number(row.cost),
    isFree: row.is_free,
    status: row.status === 'LIVE' && row.end_date.getTime() < now ? 'PAST' : row.status,
    visibility: row.visibility,
    recurrence: row.recurrence,
    tags: row.tags,
    ...(row.image_url ? { imageUrl: row.image_url } : {}),
    creatorId: row.creator_id,
    creator: {
      _id: row.creator_id,
      id: row.creator_id,
      ...(row.c_username ? { username: row.c_username } : {}),
      fullName: row.c_full_name,
      profileImage: row.c_profile_image,
    },
    attendeeCount: going.length,
    maybeCount: maybe,
    myRsvp: mine,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    rsvps: going,
  };
};

const app = Fastify();
app.get('/api/events', async (request, reply) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  let claims;
  try {
    claims = token ? (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload : undefined;
  } catch {}
  if (!claims) return reply.code(401).send({ error: 'Invalid token' });
  const live = await pool.query(
    'select 1 from sessions where id = $1 and user_id = $2 and revoked_at is null and expires_at > now()',
    [claims.sid, claims.sub],
  );
  if (live.rowCount === 0) return reply.code(401).send({ error: 'Invalid token' });
  const limit = Math.min(100, Number(request.query.limit ?? 100) || 100);
  const { rows } = await pool.query(request.query.status === 'LIVE' ? LIVE : ALL, [claims.sub, limit + 1]);
  const now = Date.now();
  const page = rows.slice(0, limit);
  reply.type('application/json');
  return JSON.stringify({
    events: page.map((row) => present(row, claims.sub, now)),
    nextCursor:
      rows.length > limit
        ? Buffer.from(`${page.at(-1).start_date.toISOString()}|${page.at(-1).id}`).toString('base64url')
        : null,
  });
});
app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send?.(app.server.address().port));
// A normal exit on SIGTERM, so that a CPU profile (BENCH_CPU_PROF) is written.
process.on('SIGTERM', () => process.exit(0));
