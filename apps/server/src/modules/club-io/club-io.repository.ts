import { CLUB_IO_LIMITS, type Locale } from '@townsquare/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { rowById } from '../../db/rows.ts';
import {
  communities,
  communityExports,
  communityImports,
  communityInvitations,
  emailSuppressions,
  eventSeries,
  events,
  places,
  rsvps,
  users,
} from '../../db/schema/index.ts';
import { IMPORT_PACE, pacer } from '../../platform/pace.ts';
import type { ImportedEvent, ImportedFields, ImportedSeries } from './ics-import.ts';

/**
 * Rows of one INSERT of imported events: small enough that neither building it nor PostgreSQL's
 * writing it holds the machine long (a paced import rests between statements, never inside one).
 */
const CHUNK = 100;

export async function insertImport(db: Executor, values: Omit<typeof communityImports.$inferInsert, 'id'>) {
  return (
    await db
      .insert(communityImports)
      .values({ id: uuidv7(), ...values })
      .returning()
  )[0]!;
}

export async function findImport(db: Executor, id: string) {
  return rowById(db, communityImports, id);
}

export async function importsOf(db: Executor, communityId: string, limit = 20) {
  return db
    .select()
    .from(communityImports)
    .where(eq(communityImports.communityId, communityId))
    .orderBy(desc(communityImports.createdAt))
    .limit(limit);
}

export async function updateImport(
  db: Executor,
  id: string,
  values: PgUpdateSetSource<typeof communityImports>,
) {
  return (await db.update(communityImports).set(values).where(eq(communityImports.id, id)).returning())[0];
}

export async function subscribedImportIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: communityImports.id })
    .from(communityImports)
    .where(eq(communityImports.subscribed, true));
  return rows.map((r) => r.id);
}

const eventValues = (communityId: string, creatorId: string, e: ImportedEvent, now: Date) => ({
  id: uuidv7(),
  communityId,
  creatorId,
  importUid: e.uid,
  title: e.title,
  description: e.description,
  location: e.location,
  startDate: e.start,
  endDate: e.end,
  allDay: e.allDay,
  tags: e.tags,
  visibility: e.visibility,
  timeZone: e.timeZone,
  status: e.draft ? ('DRAFT' as const) : ('LIVE' as const),
  cancelledAt: e.cancelled ? now : null,
});

const upsertSet = {
  title: sql`excluded.title`,
  description: sql`excluded.description`,
  location: sql`excluded.location`,
  startDate: sql`excluded.start_date`,
  endDate: sql`excluded.end_date`,
  allDay: sql`excluded.all_day`,
  tags: sql`excluded.tags`,
  visibility: sql`excluded.visibility`,
  timeZone: sql`excluded.time_zone`,
  // A cancellation keeps its first time; an event no longer cancelled is restored.
  cancelledAt: sql`case when excluded.cancelled_at is null then null else coalesce(${events.cancelledAt}, excluded.cancelled_at) end`,
  updatedAt: sql`now()`,
};

/** One statement writing `chunk`: the rows it inserted or changed (unchanged ones are not returned). */
function upsertChunk(
  db: Executor,
  o: { communityId: string; creatorId: string; now: Date },
  chunk: ImportedEvent[],
) {
  return db
    .insert(events)
    .values(chunk.map((e) => eventValues(o.communityId, o.creatorId, e, o.now)))
    .onConflictDoUpdate({
      target: [events.communityId, events.importUid],
      targetWhere: sql`import_uid is not null`,
      set: upsertSet,
      setWhere: sql`(${events.title}, ${events.description}, ${events.location}, ${events.startDate}, ${events.endDate}, ${events.allDay}, ${events.tags}, ${events.visibility}, ${events.timeZone}, ${events.cancelledAt} is null)
        is distinct from (excluded.title, excluded.description, excluded.location, excluded.start_date, excluded.end_date, excluded.all_day, excluded.tags, excluded.visibility, excluded.time_zone, excluded.cancelled_at is null)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
}

/**
 * Writes imported events, matched on (community, UID): new ones are inserted, changed ones
 * updated, unchanged ones left alone (their SEQUENCE and feed bytes stay). One statement per
 * `CHUNK` events; `progress` is called after each. A chunk the database refuses is written again
 * one event at a time, and each event it still refuses is handed to `refused` (decision 070).
 */
export async function upsertEvents(
  db: Executor,
  o: { communityId: string; creatorId: string; now: Date },
  items: ImportedEvent[],
  progress: (counts: { created: number; updated: number; unchanged: number }) => Promise<void>,
  refused: (item: ImportedEvent) => void = () => {},
) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const count = (rows: { inserted: boolean }[], size: number) => {
    const created = rows.filter((r) => r.inserted).length;
    counts.created += created;
    counts.updated += rows.length - created;
    counts.unchanged += size - rows.length;
  };
  // Written in paced slices, the database's time included: readers meanwhile keep their speed.
  const pace = pacer(IMPORT_PACE);
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    try {
      count(await upsertChunk(db, o, chunk), chunk.length);
    } catch {
      for (const item of chunk) {
        try {
          count(await upsertChunk(db, o, [item]), 1);
        } catch {
          refused(item);
        }
      }
    }
    await progress(counts);
    await pace();
  }
  return counts;
}

const templateOf = (s: ImportedFields) => ({
  title: s.title,
  description: s.description,
  location: s.location,
  tags: s.tags,
  visibility: s.visibility,
});

/**
 * A recurring VEVENT as a series, matched on (community, UID). A known series takes the feed's
 * text, length and end; its rule and first start stay (they number its occurrences).
 */
export async function upsertSeries(
  db: Executor,
  o: { communityId: string; creatorId: string },
  s: ImportedSeries,
  /** Whether a new series publishes its dates by itself (decision 057; a known one keeps its own). */
  autoPublish = false,
): Promise<{ id: string; outcome: 'created' | 'updated' | 'unchanged' }> {
  const found = (
    await db
      .select()
      .from(eventSeries)
      .where(and(eq(eventSeries.communityId, o.communityId), eq(eventSeries.importUid, s.uid)))
      .limit(1)
  )[0];
  if (!found) {
    const [row] = await db
      .insert(eventSeries)
      .values({
        id: uuidv7(),
        communityId: o.communityId,
        creatorId: o.creatorId,
        importUid: s.uid,
        freq: s.freq,
        interval: s.interval,
        until: s.until,
        timeZone: s.timeZone,
        startLocal: s.startLocal,
        durationMinutes: s.durationMinutes,
        autoPublish,
        ...templateOf(s),
      })
      .onConflictDoNothing()
      .returning({ id: eventSeries.id });
    if (row) return { id: row.id, outcome: 'created' };
    return upsertSeries(db, o, s, autoPublish);
  }
  const next = { ...templateOf(s), until: s.until, durationMinutes: s.durationMinutes };
  const same =
    found.title === next.title &&
    found.description === next.description &&
    found.location === next.location &&
    found.visibility === next.visibility &&
    found.durationMinutes === next.durationMinutes &&
    (found.until?.getTime() ?? null) === (next.until?.getTime() ?? null) &&
    found.tags.join('\u0000') === next.tags.join('\u0000');
  if (same) return { id: found.id, outcome: 'unchanged' };
  await db
    .update(eventSeries)
    .set({ ...next, updatedAt: sql`now()` })
    .where(eq(eventSeries.id, found.id));
  return { id: found.id, outcome: 'updated' };
}

/** The series' occurrence that starts at `at` (its original start), if it exists. */
export async function occurrenceAt(db: Executor, seriesId: string, at: Date) {
  return (
    await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.seriesId, seriesId), eq(events.startDate, at)))
      .limit(1)
  )[0];
}

/** A changed occurrence (RECURRENCE-ID) of an imported series, written onto its row. */
export async function applyOverride(
  db: Executor,
  seriesId: string,
  at: Date,
  o: ImportedFields & { uid: string; start: Date; end: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(events)
    .set({
      ...templateOf(o),
      importUid: o.uid,
      startDate: o.start,
      endDate: o.end,
      allDay: o.allDay,
      cancelledAt: o.cancelled ? o.now : null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(events.seriesId, seriesId),
        // Found by its original start, or by the UID an earlier import gave it.
        sql`(${events.startDate} = ${at} or ${events.importUid} = ${o.uid})`,
      ),
    )
    .returning({ id: events.id });
  return rows.length > 0;
}

/**
 * Publishes the draft dates of imported series that publish themselves (decision 070): what the
 * calendar showed publicly is public here; a series its creator set to asking keeps its drafts.
 */
export async function publishSeriesDrafts(db: Executor, seriesIds: string[]): Promise<void> {
  if (seriesIds.length === 0) return;
  await db
    .update(events)
    .set({ status: 'LIVE', updatedAt: sql`now()` })
    .where(
      and(
        inArray(
          events.seriesId,
          db
            .select({ id: eventSeries.id })
            .from(eventSeries)
            .where(and(inArray(eventSeries.id, seriesIds), eq(eventSeries.autoPublish, true))),
        ),
        eq(events.status, 'DRAFT'),
        isNull(events.cancelledAt),
      ),
    );
}

/** Whether one of the community's imported series asks its hosts to confirm each date. */
export async function importedSeriesAsk(db: Executor, communityId: string): Promise<boolean> {
  const rows = await db
    .select({ id: eventSeries.id })
    .from(eventSeries)
    .where(
      and(
        eq(eventSeries.communityId, communityId),
        sql`${eventSeries.importUid} is not null`,
        eq(eventSeries.autoPublish, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Occurrences an EXDATE leaves out: cancelled (a draft nobody answered is simply not shown). */
export async function cancelOccurrences(db: Executor, seriesId: string, starts: Date[], now: Date) {
  if (starts.length === 0) return;
  await db
    .update(events)
    .set({ cancelledAt: now })
    .where(and(eq(events.seriesId, seriesId), inArray(events.startDate, starts), isNull(events.cancelledAt)));
}

// Invitations

/** An invitation link works this long after it was sent (decision 063). */
export const INVITATION_TTL = `${CLUB_IO_LIMITS.invitationTtlDays} days`;

/**
 * Writes the invitations; an address whose earlier invitation expired unanswered gets it renewed
 * (a new id, so a new token: the old link stays dead). Answers the rows written or renewed.
 */
export async function insertInvitations(
  db: Executor,
  rows: Omit<typeof communityInvitations.$inferInsert, 'id'>[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(communityInvitations)
    .values(rows.map((r) => ({ id: uuidv7(), ...r })))
    .onConflictDoUpdate({
      target: [communityInvitations.communityId, communityInvitations.email],
      set: {
        id: sql`excluded.id`,
        name: sql`excluded.name`,
        invitedBy: sql`excluded.invited_by`,
        tokenHash: sql`excluded.token_hash`,
        createdAt: sql`now()`,
      },
      setWhere: sql`${communityInvitations.acceptedAt} is null and ${communityInvitations.createdAt} <= now() - ${INVITATION_TTL}::interval`,
    })
    .returning({
      id: communityInvitations.id,
      email: communityInvitations.email,
      name: communityInvitations.name,
    });
}

/** The addresses of `emails` with an invitation to the community that was used or still works. */
export async function invitedEmails(
  db: Executor,
  communityId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: communityInvitations.email })
    .from(communityInvitations)
    .where(
      and(
        eq(communityInvitations.communityId, communityId),
        inArray(communityInvitations.email, emails),
        sql`(${communityInvitations.acceptedAt} is not null or ${communityInvitations.createdAt} > now() - ${INVITATION_TTL}::interval)`,
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/**
 * Holds the community's row until the transaction ends, so two lists of one community count
 * and write their invitations one after the other (the daily ceiling holds under a race).
 */
export async function lockCommunity(tx: Executor, communityId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${communities} where id = ${communityId} for update`);
}

/** Invitations the community sent since `since` (every list). */
export async function communityInvitesSince(db: Executor, communityId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(communityInvitations)
    .where(and(eq(communityInvitations.communityId, communityId), gt(communityInvitations.createdAt, since)));
  return row?.n ?? 0;
}

/** Invitations the person sent since `since`, from every community. */
export async function organiserInvitesSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(communityInvitations)
    .where(and(eq(communityInvitations.invitedBy, userId), gt(communityInvitations.createdAt, since)));
  return row?.n ?? 0;
}

/** Invitations each of `emails` received since `since`, from every community. */
export async function addressInvitesSince(
  db: Executor,
  emails: string[],
  since: Date,
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: communityInvitations.email, n: count() })
    .from(communityInvitations)
    .where(and(inArray(communityInvitations.email, emails), gt(communityInvitations.createdAt, since)))
    .groupBy(communityInvitations.email);
  return new Map(rows.map((r) => [r.email, r.n]));
}

/**
 * The addresses of `emails` that refused invitations: "never invite me again", or "never e-mail
 * me again" from a guest e-mail (both kinds of email_suppressions, decision 063).
 */
export async function suppressedEmails(db: Executor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, emails));
  return new Set(rows.map((r) => r.email));
}

/** Records "never invite me again" for the address. */
export async function suppressInvitations(db: Executor, email: string): Promise<void> {
  await db.insert(emailSuppressions).values({ email, kind: 'never_invite' }).onConflictDoNothing();
}

export async function findInvitation(db: Executor, id: string) {
  return rowById(db, communityInvitations, id);
}

/**
 * The language of an invitation (decision 064): an address that has an account gets the
 * account's language, as every mail to the account does (English while it has none); an address
 * without one gets the language of the organiser who sent it (they wrote the list, in the
 * language the club speaks); else none.
 */
export async function invitationLocale(
  db: Executor,
  invitation: { email: string; invitedBy: string | null },
): Promise<Locale | undefined> {
  const result = await db.execute<{ locale: Locale | null }>(sql`select case
    when exists (select 1 from ${users} where email = ${invitation.email})
      then (select coalesce(locale, 'en') from ${users} where email = ${invitation.email})
    else (select locale from ${users} where id = ${invitation.invitedBy}) end as locale`);
  return result.rows[0]?.locale ?? undefined;
}

export async function invitationByHash(db: Executor, tokenHash: string) {
  return (
    await db.select().from(communityInvitations).where(eq(communityInvitations.tokenHash, tokenHash)).limit(1)
  )[0];
}

export async function setInvitationHash(db: Executor, id: string, tokenHash: string) {
  await db.update(communityInvitations).set({ tokenHash }).where(eq(communityInvitations.id, id));
}

/** Claims the invitation for `userId`: false when it was used already (one acceptance, ever). */
export async function markAccepted(db: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(communityInvitations)
    .set({ acceptedBy: userId, acceptedAt: sql`now()` })
    .where(and(eq(communityInvitations.id, id), isNull(communityInvitations.acceptedAt)))
    .returning({ id: communityInvitations.id });
  return rows.length > 0;
}

/** Gives a claim back (the join it was for was refused). */
export async function unmarkAccepted(db: Executor, id: string, userId: string): Promise<void> {
  await db
    .update(communityInvitations)
    .set({ acceptedBy: null, acceptedAt: null })
    .where(and(eq(communityInvitations.id, id), eq(communityInvitations.acceptedBy, userId)));
}

// Export

export async function findCommunity(db: Executor, id: string) {
  return rowById(db, communities, id);
}

/** Every event of the community (drafts, cancelled and hidden ones too), oldest first. */
export async function eventsOf(db: Executor, communityId: string) {
  return db
    .select()
    .from(events)
    .where(eq(events.communityId, communityId))
    .orderBy(asc(events.startDate), asc(events.id));
}

/** The time zone of a community's place (its city or venue), when it has one. */
export async function placeZoneOf(db: Executor, placeId: string | null): Promise<string | undefined> {
  if (!placeId) return undefined;
  const rows = await db.select({ timeZone: places.timeZone }).from(places).where(eq(places.id, placeId));
  return rows[0]?.timeZone;
}

export async function countEventsOf(db: Executor, communityId: string): Promise<number> {
  return db.$count(events, eq(events.communityId, communityId));
}

export async function seriesOf(db: Executor, communityId: string) {
  return db
    .select()
    .from(eventSeries)
    .where(eq(eventSeries.communityId, communityId))
    .orderBy(asc(eventSeries.createdAt));
}

/** RSVP counts per event of the community, by status. */
export async function rsvpCountsOf(db: Executor, communityId: string) {
  const rows = await db
    .select({ eventId: rsvps.eventId, status: rsvps.status, n: sql<number>`count(*)::int` })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(eq(events.communityId, communityId))
    .groupBy(rsvps.eventId, rsvps.status);
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const counts = out.get(r.eventId) ?? {};
    counts[r.status] = r.n;
    out.set(r.eventId, counts);
  }
  return out;
}

/** An export's state, without its file. */
const exportColumns = {
  id: communityExports.id,
  communityId: communityExports.communityId,
  requestedBy: communityExports.requestedBy,
  state: communityExports.state,
  createdAt: communityExports.createdAt,
  finishedAt: communityExports.finishedAt,
};

export async function insertExport(db: Executor, values: Omit<typeof communityExports.$inferInsert, 'id'>) {
  return (
    await db
      .insert(communityExports)
      .values({ id: uuidv7(), ...values })
      .returning(exportColumns)
  )[0]!;
}

export async function findExport(db: Executor, id: string) {
  return (
    await db.select(exportColumns).from(communityExports).where(eq(communityExports.id, id)).limit(1)
  )[0];
}

export async function exportFile(db: Executor, id: string) {
  return (
    await db
      .select({ file: communityExports.file })
      .from(communityExports)
      .where(eq(communityExports.id, id))
      .limit(1)
  )[0]?.file;
}

export async function updateExport(
  db: Executor,
  id: string,
  values: PgUpdateSetSource<typeof communityExports>,
) {
  await db.update(communityExports).set(values).where(eq(communityExports.id, id));
}
