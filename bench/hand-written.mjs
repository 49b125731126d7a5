// The same-SQL baseline of the list benchmarks (bench/lists.ts, QUALITY.md): Fastify + pg + jose
// doing an authenticated `GET /api/events` the plain way, on the same database, in its own
// process. It sends PostgreSQL the very statements Townsquare sends, under the same names as
// named prepared statements: the session check and the list query, whose text bench/lists.ts
// exports from Townsquare's repositories and hands over in STATEMENTS. It maps the rows to the
// same JSON (bench/lists.ts checks that both answer the same). So the database work is identical
// and the ratio measures Townsquare's own layers. The HMAC key is imported once.
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import { errors, jwtVerify } from 'jose';
import pg from 'pg';

const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? ''));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
/** `{ session, live, all }`: each `{ name, text, params: [{ placeholder } | { value }] }`. */
const STATEMENTS = JSON.parse(process.env.STATEMENTS ?? '{}');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const run = async (statement, values) =>
  (
    await pool.query({
      name: statement.name,
      text: statement.text,
      values: statement.params.map((p) => ('placeholder' in p ? values[p.placeholder] : p.value)),
    })
  ).rows;

const present = (row, viewerId, now) => {
  const going = [];
  let maybeCount = 0;
  let myRsvp = null;
  for (const answer of row.attendees) {
    if (answer[1] === 'going') going.push(answer);
    else if (answer[1] === 'maybe') maybeCount++;
    if (answer[0] === viewerId)
      myRsvp = answer[1] === 'waitlisted' || answer[1] === 'offered' ? null : answer[1];
  }
  const fg = row.friendsGoing;
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    location: row.location,
    cost: row.isFree ? 0 : Number(row.cost),
    isFree: row.isFree,
    status: row.status === 'LIVE' && row.endDate.getTime() < now ? 'PAST' : row.status,
    visibility: row.visibility,
    recurrence: row.recurrence,
    tags: row.tags,
    imageUrl: row.imageUrl || undefined,
    creatorId: row.creatorId,
    communityId: row.communityId,
    community:
      row.communityId && row.hostSlug !== null
        ? {
            _id: row.communityId,
            id: row.communityId,
            slug: row.hostSlug,
            name: row.hostName ?? '',
            verified: row.hostVerified ?? false,
          }
        : undefined,
    creator: {
      _id: row.creatorId,
      id: row.creatorId,
      username: row.creatorUsername || undefined,
      fullName: row.creatorFullName,
      profileImage: row.creatorProfileImage,
    },
    attendeeCount: going.length,
    maybeCount,
    myRsvp,
    timeZone: row.timeZone,
    sequence: row.sequence,
    cancelled: row.cancelledAt !== null,
    seriesId: row.seriesId,
    friendsGoing: fg
      ? {
          users: fg.users.map(([id, username, fullName, profileImage]) => ({
            _id: id,
            id,
            username: username || undefined,
            fullName,
            profileImage,
          })),
          total: fg.total,
        }
      : { users: [], total: 0 },
    placeId: row.placeId,
    addressVisibility: row.addressVisibility,
    online: row.online,
    // The link only for the host and people going (the list data has no ATTENDEES address, whose
    // city-only form Townsquare's presenter would also apply).
    onlineUrl:
      row.onlineUrl && (row.creatorId === viewerId || going.some((a) => a[0] === viewerId))
        ? row.onlineUrl
        : undefined,
    capacity: row.capacity,
    offerHours: row.offerHours,
    maxGuests: row.maxGuests,
    allowTransfers: row.allowTransfers,
    allowGuestRsvp: row.allowGuestRsvp,
    questions: row.questions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rsvps: going.map(([id, , username, fullName]) => ({
      id,
      username: username ?? fullName,
      status: 'going',
    })),
  };
};

const unauthorized = (reply) => reply.code(401).send({ error: 'Invalid token' });

const app = Fastify();
app.get('/api/events', async (request, reply) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  let claims;
  try {
    claims = token
      ? (await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] })).payload
      : undefined;
  } catch (error) {
    if (!(error instanceof errors.JOSEError)) throw error;
  }
  if (claims?.typ !== 'access' || !UUID.test(String(claims.sub)) || !UUID.test(String(claims.sid)))
    return unauthorized(reply);
  const [user] = await run(STATEMENTS.session, { sid: claims.sid, uid: claims.sub });
  if (!user) return unauthorized(reply);
  const limit = Math.min(100, Number(request.query.limit ?? 100) || 100);
  const rows = await run(request.query.status === 'LIVE' ? STATEMENTS.live : STATEMENTS.all, {
    viewer: user.id,
    limit: limit + 1,
  });
  const now = Date.now();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  reply.type('application/json');
  return JSON.stringify({
    events: page.map((row) => present(row, user.id, now)),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(`${last.startDate.toISOString()}|${last.id}`).toString('base64url')
        : null,
  });
});
app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send?.(app.server.address().port));
// A normal exit on SIGTERM, so that a CPU profile (BENCH_CPU_PROF) is written.
process.on('SIGTERM', () => process.exit(0));
