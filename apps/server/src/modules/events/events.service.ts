import {
  addDays,
  type CreateEventInput,
  dayIn,
  EVENT_MSG,
  type EventDto,
  type EventStatus,
  fromWallTime,
  GUEST_MSG,
  isDateOnly,
  type LatLon,
  MSG,
  type PublicEventDto,
  type RsvpStatus,
  type UpdateEventInput,
  utcDay,
  wallTime,
} from '@townsquare/contracts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import type { EventRow, events, PlaceRow, UserRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { EventWithRelations } from '../../platform/event-rows.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { findVisibleEvent, knownWhereBy } from '../access/events.ts';
import { listNear, type RemoteEventsSource } from '../places/nearby.service.ts';
import { placeDisplayText, placeForBody, presentPlace, withPlaces } from '../places/places.service.ts';
import { capacityValues } from './capacity.ts';
import {
  applyAddressRule,
  effectiveStatus,
  knowsWhere,
  presentEvent,
  presentPublicEvent,
} from './events.presenter.ts';
import * as repo from './events.repository.ts';
import { fileSlug } from './file-name.ts';
import { eventToIcs } from './ics.ts';
import { cancelledAudience, rsvpStatus } from './rsvp.repository.ts';
import type { RsvpService } from './rsvp.service.ts';

/**
 * Guest answers are for public events only (decision 040): asking for them on a private event is
 * a 400; making an event private turns them off.
 */
function guestAnswers(allow: boolean, visibility: 'PUBLIC' | 'PRIVATE', implied = false): boolean {
  if (!allow || visibility === 'PUBLIC') return allow;
  if (implied) return false;
  throw badRequest(GUEST_MSG.onlyPublic);
}

export type EventsServiceDeps = {
  db: Database;
  publicUrl: string;
  /** True when `url` is an image `ownerId` uploaded to our storage. */
  isOwnImage: (url: string, ownerId: string) => Promise<boolean>;
  /** After an update that may hide the event from some viewers (visibility or status changed). */
  onVisibilityChanged?: (eventId: string) => Promise<void>;
  /** Resolves when `userId` may host events as this community; throws (403/404) otherwise. */
  assertCanHost: (communityId: string, userId: string) => Promise<void>;
  /** Capacity, waitlist, co-hosts and check-in (rsvp.service.ts, decision 022). */
  rsvps: RsvpService;
  /**
   * Notifications' reminders (queue jobs), in the transaction of a create, publish or update
   * (`before` absent for a new event) or before a delete (`after` absent).
   */
  remindersWithin?: (tx: Executor, change: { before?: EventRow; after?: EventRow }) => Promise<void>;
  /** Followed remote servers' events for near lists (decision 079), when federation runs. */
  remoteEvents?: () => RemoteEventsSource | undefined;
};

export type EventsService = ReturnType<typeof createEventsService>;

/** Create/Update Event sets LIVE, but PAST when the end is already over (spec section 4). */
function settle(status: EventStatus, endDate: Date): EventStatus {
  return status === 'LIVE' && endDate.getTime() < Date.now() ? 'PAST' : status;
}

const encodeCursor = (row: EventRow) =>
  Buffer.from(`${row.startDate.toISOString()}|${row.id}`).toString('base64url');

/** With `sort=friends` the cursor also carries the last event's friends-going count. */
const encodeFriendsCursor = (row: EventWithRelations) =>
  Buffer.from(`${row.friendsGoing?.total ?? 0}|${row.startDate.toISOString()}|${row.id}`).toString(
    'base64url',
  );

function decodeFriendsCursor(cursor: string | undefined) {
  if (!cursor) return { after: undefined, afterFriends: undefined };
  const [count, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const afterFriends = Number(count);
  if (!/^\d{1,9}$/.test(count ?? '')) throw badRequest(MSG.cursorInvalid);
  return { after: decodeCursor(Buffer.from(rest.join('|')).toString('base64url')), afterFriends };
}

function decodeCursor(cursor: string | undefined): { startDate: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [start, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const startDate = new Date(start ?? '');
  if (!id || !isUuid(id) || Number.isNaN(startDate.getTime())) throw badRequest(MSG.cursorInvalid);
  return { startDate, id };
}

/**
 * Each row's `location` as `viewerId` may read it (decision 044, the one rule in the presenter):
 * for paths that show event rows rather than presented events (calendar feeds, search,
 * notifications). Rows of PUBLIC events cost nothing.
 */
export async function shownLocations(
  db: Executor,
  rows: Pick<EventRow, 'id' | 'location' | 'placeId' | 'addressVisibility'>[],
  viewerId: string | undefined,
): Promise<Map<string, string>> {
  const shown = new Map(rows.map((r) => [r.id, r.location]));
  const restricted = rows.filter((r) => r.addressVisibility === 'ATTENDEES');
  if (restricted.length === 0) return shown;
  const insiders = await knownWhereBy(
    db,
    restricted.map((r) => r.id),
    viewerId,
  );
  for (const row of await withPlaces(db, restricted))
    shown.set(row.id, applyAddressRule(row, insiders.has(row.id)).location);
  return shown;
}

/**
 * An all-day event's span (decision 078): from the first day's 00:00 to the last day's 24:00 in
 * `timeZone`. A date alone (`2026-12-14`) is that day; a moment is the day it falls on there, and
 * an end that is already a midnight is taken as the end itself (what the API answered, sent back).
 * A 400 when the last day is before the first. `readIn` is the zone a moment is read in, when it is
 * not `timeZone` (an all-day event's own days, kept when only its zone changes).
 */
export function allDaySpan(
  start: Date,
  end: Date,
  timeZone: string,
  readIn: { start?: string; end?: string } = {},
): { startDate: Date; endDate: Date } {
  const dayOf = (d: Date, zone: string) => (isDateOnly(d) ? utcDay(d) : dayIn(zone, d));
  const first = dayOf(start, readIn.start ?? timeZone);
  const endZone = readIn.end ?? timeZone;
  const endWall = wallTime(endZone, end);
  const atMidnight = !isDateOnly(end) && endWall.hour === 0 && endWall.minute === 0 && endWall.second === 0;
  const after = atMidnight ? dayIn(endZone, end) : addDays(dayOf(end, endZone), 1);
  const startDate = fromWallTime(timeZone, first);
  const endDate = fromWallTime(timeZone, after);
  if (endDate.getTime() <= startDate.getTime()) throw badRequest(EVENT_MSG.allDayEndBeforeStart);
  return { startDate, endDate };
}

type WhereInput = Pick<
  CreateEventInput,
  'location' | 'placeId' | 'addressVisibility' | 'online' | 'onlineUrl' | 'timeZone'
>;

/**
 * Where a new event (or a series' template) happens, from its body: the place (a 400 when there is
 * none with that id), `location` filled from the place's display text (or "Online") when the host
 * typed none (the contract allows that only with a place or online), and the place's zone unless
 * the body gave one.
 */
export async function whereValues(db: Executor, input: WhereInput, viewerId: string) {
  const place = input.placeId ? await placeForBody(db, input.placeId, viewerId) : undefined;
  return {
    location:
      input.location ?? (place ? placeDisplayText(place) : input.online ? EVENT_MSG.onlineLocation : ''),
    placeId: place?.id ?? null,
    addressVisibility: input.addressVisibility ?? 'PUBLIC',
    online: input.online ?? false,
    onlineUrl: input.onlineUrl ?? null,
    timeZone: input.timeZone ?? place?.timeZone ?? 'UTC',
  };
}

/**
 * The publish rule: publishing (a new event that is not a draft, or a draft leaving DRAFT) needs a
 * verified e-mail address; drafts never do. Editing an event already published does not ask
 * again. The event form refuses (403); an import saves the events as drafts instead (club-io).
 */
export function mayPublish(user: Pick<UserRow, 'emailVerifiedAt'>): boolean {
  return Boolean(user.emailVerifiedAt);
}

/**
 * Records an event's change in its transaction (decision 065): `event.changed` (reminders, the
 * community's "new event", "what changed"), and when it is called off or deleted (`after`
 * absent; called before the row goes) the one `event.cancelled`, with who hears it read now.
 */
async function recordChange(tx: Executor, change: { before?: EventRow; after?: EventRow; actorId: string }) {
  await recordEvent(tx, 'event.changed', change);
  const { before, after, actorId } = change;
  // A draft concerned nobody; one already cancelled was announced then.
  if (!before || before.status === 'DRAFT' || before.cancelledAt) return;
  if (after && !after.cancelledAt) return;
  await recordEvent(tx, 'event.cancelled', {
    eventId: before.id,
    title: (after ?? before).title,
    actorId,
    ...(await cancelledAudience(tx, before.id)),
    // Called off (decision 028): it links to its page, still there; deleted: to the events list.
    ...(after ? { url: `/event/${after.id}`, cancelledAt: after.cancelledAt?.toISOString() } : {}),
  });
}

export function createEventsService(deps: EventsServiceDeps) {
  const { db } = deps;
  /** An event's change, in its transaction: its reminders (queue jobs) and its domain events. */
  const changed = async (tx: Executor, change: { before?: EventRow; after?: EventRow; actorId: string }) => {
    await deps.remindersWithin?.(tx, change);
    await recordChange(tx, change);
  };

  /** The event with its creator and attendees if the viewer may see it; otherwise 404. */
  async function withRelations(id: string, viewerId: string | undefined) {
    await deps.rsvps.settle(id);
    const row = isUuid(id) ? await repo.findEventWithRelations(db, id, viewerId) : undefined;
    if (!row) throw notFound(EVENT_MSG.notFound);
    return row;
  }

  /**
   * Presented events with their places, then the one address rule (decision 044) for this
   * viewer: every event this service answers with passes here.
   */
  async function shown<T extends EventDto | PublicEventDto>(
    items: { dto: T; row: EventWithRelations }[],
    viewerId: string | undefined,
  ): Promise<T[]> {
    const placed = await withPlaces(
      db,
      items.map((i) => i.dto),
    );
    // withPlaces returns one item per item given, in order.
    return placed.map((dto, n) => applyAddressRule(dto, knowsWhere(items[n]!.row, viewerId)));
  }

  /** Event rows (already known to be visible) as the API shows them, in the given order. */
  async function presentAs<T extends EventDto | PublicEventDto>(
    rows: EventRow[],
    viewerId: string | undefined,
    form: (row: EventWithRelations, viewerId: string | undefined) => T,
  ): Promise<T[]> {
    const full = new Map(
      (
        await repo.findManyWithRelations(
          db,
          rows.map((r) => r.id),
          viewerId,
        )
      ).map((r) => [r.id, r]),
    );
    return shown(
      rows.flatMap((row) => {
        const withRelations = full.get(row.id);
        return withRelations ? [{ dto: form(withRelations, viewerId), row: withRelations }] : [];
      }),
      viewerId,
    );
  }

  const present = (rows: EventRow[], viewerId: string | undefined) => presentAs(rows, viewerId, presentEvent);

  /**
   * Events already read with their relations and places (near lists, city pages) in `form` for
   * this viewer: no further query.
   */
  const presentRead = <T extends EventDto | PublicEventDto>(
    rows: (EventWithRelations & { place: PlaceRow | null })[],
    viewerId: string | undefined,
    form: (row: EventWithRelations, viewerId: string | undefined) => T,
  ) =>
    shown(
      rows.map((row) => ({
        dto: row.place ? { ...form(row, viewerId), place: presentPlace(row.place) } : form(row, viewerId),
        row,
      })),
      viewerId,
    );

  /** Events anyone may see, read with their relations and places (city pages), for a signed-out visitor. */
  const presentPublic = (rows: (EventWithRelations & { place: PlaceRow })[]) =>
    presentRead(rows, undefined, presentPublicEvent);

  /** The event if the viewer may see it; otherwise 404, whether it exists or not. */
  async function visible(id: string, viewerId: string | undefined): Promise<EventRow> {
    const row = isUuid(id) ? await findVisibleEvent(db, id, viewerId) : undefined;
    if (!row) throw notFound(EVENT_MSG.notFound);
    return row;
  }

  /** Visible and created by the caller: 404 for strangers, 403 for other viewers. */
  /** The publish rule (`mayPublish`) as the event form meets it: 403 EVENT_VERIFY_TO_PUBLISH. */
  function assertMayPublish(user: UserRow, next: EventStatus, previous?: EventStatus): void {
    const publishing = next !== 'DRAFT' && (previous === undefined || previous === 'DRAFT');
    if (publishing && !mayPublish(user)) throw forbidden(EVENT_MSG.verifyToPublish);
  }

  /** Visible and hosted (creator or co-host) by the caller: 404 for strangers, 403 for other viewers. */
  async function hosted(id: string, user: UserRow): Promise<EventRow> {
    const row = await visible(id, user.id);
    if (!(await deps.rsvps.isHost(row, user.id))) throw forbidden(EVENT_MSG.notCreator);
    return row;
  }

  async function owned(id: string, user: UserRow): Promise<EventRow> {
    const row = await visible(id, user.id);
    if (row.creatorId !== user.id) throw forbidden(EVENT_MSG.notCreator);
    return row;
  }

  /**
   * The `cancelledAt` a `{ cancelled }` update leaves: true on a published event calls it off
   * (again: no change), false restores it until it starts (decision 028). Drafts are deleted, not
   * cancelled, since nobody can see them yet; an event that has ended took place.
   */
  function cancellation(row: EventRow, cancelled: boolean, status: EventStatus): Date | null {
    if (cancelled) {
      if (row.cancelledAt) return row.cancelledAt;
      if (status === 'DRAFT') throw badRequest(EVENT_MSG.cancelDraft);
      if (row.endDate.getTime() <= Date.now()) throw badRequest(EVENT_MSG.cancelEnded);
      return new Date();
    }
    if (row.cancelledAt && row.startDate.getTime() <= Date.now()) throw badRequest(EVENT_MSG.uncancelStarted);
    return null;
  }

  async function checkImage(url: string | null | undefined, user: UserRow, current?: string | null) {
    if (url === undefined || url === null || url === current) return;
    if (!(await deps.isOwnImage(url, user.id))) throw badRequest(EVENT_MSG.imageInvalid);
  }

  return {
    async list(
      user: UserRow,
      query: {
        status?: EventStatus;
        scope: 'all' | 'mine';
        cursor?: string;
        limit: number;
        sort?: 'date' | 'friends' | 'distance';
        near?: LatLon;
        radiusKm?: number;
        includeOnline?: boolean;
      },
    ) {
      if (query.near) {
        // Near me: its own query in modules/places; visibleTo decides there too.
        return listNear(
          db,
          user.id,
          { ...query, near: query.near },
          (rows) => presentRead(rows, user.id, presentEvent),
          deps.remoteEvents?.(),
        );
      }
      // Sorting by friends going applies to the discovery list (every visible event, or LIVE ones).
      const byFriends =
        query.sort === 'friends' && query.scope !== 'mine' && (!query.status || query.status === 'LIVE');
      const position = byFriends
        ? decodeFriendsCursor(query.cursor)
        : { after: decodeCursor(query.cursor), afterFriends: undefined };
      const rows = await repo.listEvents(db, {
        viewerId: user.id,
        status: query.status,
        mine: query.scope === 'mine',
        ...position,
        sort: byFriends ? 'friends' : 'date',
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const next = byFriends ? encodeFriendsCursor : encodeCursor;
      return {
        events: await shown(
          page.map((row) => ({ dto: presentEvent(row, user.id), row })),
          user.id,
        ),
        nextCursor: rows.length > query.limit && last ? next(last) : null,
      };
    },

    counts: async (user: UserRow) => ({ ...(await repo.countEvents(db, user.id)), cap: repo.COUNT_CAP }),

    /** Resolves when the viewer may see the event; 404 otherwise. */
    async assertVisible(id: string, viewerId: string | undefined): Promise<void> {
      await visible(id, viewerId);
    },

    async get(id: string, viewerId: string | undefined) {
      const row = await withRelations(id, viewerId);
      const [event] = await shown([{ dto: presentEvent(row, viewerId), row }], viewerId);
      // shown returns one item per item given.
      return deps.rsvps.decorate(event!, row, viewerId);
    },

    /** The public-page form for a signed-out visitor, or undefined when they may not see it. */
    async findForAnonymous(id: string) {
      const row = isUuid(id) ? await repo.findEventWithRelations(db, id, undefined) : undefined;
      if (!row) return undefined;
      const [event] = await shown([{ dto: presentPublicEvent(row, undefined), row }], undefined);
      // shown returns one item per item given.
      return deps.rsvps.decorate(event!, row, undefined);
    },

    /** Upcoming events a signed-out visitor may see (id and last change), soonest first. */
    upcomingForAnonymous: (limit: number) => repo.listUpcomingPublic(db, limit),

    async getPublic(id: string, viewerId: string | undefined) {
      const row = await withRelations(id, viewerId);
      const [event] = await shown([{ dto: presentPublicEvent(row, viewerId), row }], viewerId);
      // shown returns one item per item given.
      return deps.rsvps.decorate(event!, row, viewerId);
    },

    /** Events rows as the API shows them to this viewer (community pages list them too). */
    present,
    presentPublic,

    async create(user: UserRow, input: CreateEventInput) {
      assertMayPublish(user, input.status ?? 'DRAFT');
      await checkImage(input.imageUrl, user);
      if (input.communityId) await deps.assertCanHost(input.communityId, user.id);
      const isFree = input.isFree ?? !input.cost;
      const where = await whereValues(db, input, user.id);
      const span = input.allDay
        ? allDaySpan(input.startDate, input.endDate, where.timeZone)
        : { startDate: input.startDate, endDate: input.endDate };
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertEvent(tx, {
          creatorId: user.id,
          title: input.title,
          description: input.description,
          ...where,
          ...span,
          allDay: input.allDay ?? false,
          isFree,
          cost: isFree ? 0 : (input.cost ?? 0),
          visibility: input.visibility ?? 'PUBLIC',
          recurrence: input.recurrence ?? 'NONE',
          status: settle(input.status ?? 'DRAFT', span.endDate),
          tags: input.tags ?? [],
          imageUrl: input.imageUrl ?? null,
          communityId: input.communityId || null,
          ...capacityValues(input),
          allowGuestRsvp: guestAnswers(input.allowGuestRsvp ?? false, input.visibility ?? 'PUBLIC'),
        });
        await changed(tx, { after: created, actorId: user.id });
        return created;
      });
      return this.get(row.id, user.id);
    },

    /** 404 or 403 unless the caller hosts this event (before an update's picture is even read). */
    async assertHosts(user: UserRow, id: string): Promise<void> {
      await hosted(id, user);
    },

    async update(user: UserRow, id: string, input: UpdateEventInput) {
      const row = await hosted(id, user);
      let startDate = input.startDate ?? row.startDate;
      let endDate = input.endDate ?? row.endDate;
      const allDay = input.allDay ?? row.allDay;
      if (!allDay && endDate.getTime() <= startDate.getTime()) throw badRequest(EVENT_MSG.endBeforeStart);
      if (input.status !== undefined) assertMayPublish(user, input.status, row.status);
      await checkImage(input.imageUrl, user, row.imageUrl);
      const values: PgUpdateSetSource<typeof events> = { allDay };
      if (input.title !== undefined) values.title = input.title;
      if (input.description !== undefined) values.description = input.description;
      if (input.location !== undefined) values.location = input.location;
      if (input.visibility !== undefined) values.visibility = input.visibility;
      if (input.recurrence !== undefined) values.recurrence = input.recurrence;
      if (input.tags !== undefined) values.tags = input.tags;
      if (input.imageUrl !== undefined) values.imageUrl = input.imageUrl;
      if (input.timeZone !== undefined) values.timeZone = input.timeZone;
      if (input.addressVisibility !== undefined) values.addressVisibility = input.addressVisibility;
      if (input.online !== undefined) values.online = input.online;
      if (input.onlineUrl !== undefined) values.onlineUrl = input.onlineUrl;
      if (input.placeId !== undefined && input.placeId !== row.placeId) {
        const place = input.placeId ? await placeForBody(db, input.placeId, user.id) : undefined;
        values.placeId = place?.id ?? null;
        // A new place brings its zone unless the host gave one.
        if (place && input.timeZone === undefined) values.timeZone = place.timeZone;
      }
      // All day, the days are read in the zone the event has after this update (decision 078).
      // An all-day event's own dates are its days where it was (a new zone keeps the days).
      if (allDay)
        ({ startDate, endDate } = allDaySpan(
          startDate,
          endDate,
          (values.timeZone as string) ?? row.timeZone,
          {
            start: row.allDay && input.startDate === undefined ? row.timeZone : undefined,
            end: row.allDay && input.endDate === undefined ? row.timeZone : undefined,
          },
        ));
      values.startDate = startDate;
      values.endDate = endDate;
      // Moved while people could see it: the old start is kept, for "rescheduled" in the
      // structured data; a draft's dates are not yet anyone's.
      if (row.status !== 'DRAFT' && startDate.getTime() !== row.startDate.getTime())
        values.previousStartDate = row.startDate;
      const isFree = input.isFree ?? (input.cost !== undefined ? input.cost === 0 : row.isFree);
      values.isFree = isFree;
      values.cost = isFree ? 0 : (input.cost ?? Number(row.cost));
      const status =
        input.status === 'PAST'
          ? 'PAST'
          : settle(input.status ?? (row.status === 'PAST' ? 'LIVE' : row.status), endDate);
      values.status = status;
      if (input.cancelled !== undefined) values.cancelledAt = cancellation(row, input.cancelled, status);
      Object.assign(values, capacityValues(input, row.questions));
      if (input.allowGuestRsvp !== undefined || input.visibility !== undefined)
        values.allowGuestRsvp = guestAnswers(
          input.allowGuestRsvp ?? row.allowGuestRsvp,
          input.visibility ?? row.visibility,
          input.allowGuestRsvp === undefined,
        );
      await db.transaction(async (tx) => {
        const updated = await repo.updateEvent(tx, row.id, values);
        if (updated) await changed(tx, { before: row, after: updated, actorId: user.id });
      });
      // Raising the capacity (or an earlier start) offers what became free.
      await deps.rsvps.refill(row.id);
      // Answered once the sockets that lost sight of the event have left its chat.
      const visibilityChanged = values.visibility !== undefined && values.visibility !== row.visibility;
      if (visibilityChanged || values.status !== row.status) await deps.onVisibilityChanged?.(row.id);
      return this.get(row.id, user.id);
    },

    async remove(user: UserRow, id: string) {
      const row = await owned(id, user);
      const event = await this.get(row.id, user.id);
      await db.transaction(async (tx) => {
        // Recorded before the row goes: who may see it can still be asked.
        await changed(tx, { before: row, actorId: user.id });
        await repo.deleteEvent(tx, row.id);
      });
      return event;
    },

    async publish(user: UserRow, id: string) {
      const row = await owned(id, user);
      assertMayPublish(user, 'LIVE', row.status);
      await db.transaction(async (tx) => {
        const updated = await repo.updateEvent(tx, row.id, { status: settle('LIVE', row.endDate) });
        if (updated) await changed(tx, { before: row, after: updated, actorId: user.id });
      });
      return this.get(row.id, user.id);
    },

    /**
     * With a status, sets the caller's RSVP; without one, toggles "going" (what the original
     * client expects). Drafts, ended events and the creator's own event cannot be answered.
     */
    async rsvp(
      user: UserRow,
      id: string,
      body: { status?: RsvpStatus; guests?: string[]; answers?: Record<string, string> } | null | undefined,
    ) {
      const row = await visible(id, user.id);
      if (row.status === 'DRAFT') throw badRequest(EVENT_MSG.rsvpDraft);
      if (effectiveStatus(row) === 'PAST') throw badRequest(EVENT_MSG.rsvpPast);
      if (row.creatorId === user.id) throw badRequest(EVENT_MSG.rsvpOwn);
      const previous = await rsvpStatus(db, row.id, user.id);
      // Hosts hear of it through the answer's `rsvp.changed` event (decision 065).
      await deps.rsvps.respond(user, row.id, body ?? {}, previous);
      return this.get(row.id, user.id);
    },

    async ics(id: string, viewerId: string | undefined) {
      const full = await withRelations(id, viewerId);
      // The calendar file says where as the event page does (decision 044).
      const [dto] = await shown([{ dto: presentEvent(full, viewerId), row: full }], viewerId);
      const row = { ...full, location: dto?.location ?? full.location };
      return {
        body: eventToIcs(row, { publicUrl: deps.publicUrl }),
        filename: `${fileSlug(row.title)}.ics`,
      };
    },

    persistPastStatus: () => repo.persistPastStatus(db),

    /** The row if the viewer may see it; 404 otherwise (series and calendar use it). */
    findVisibleRow: visible,

    isVisible: async (id: string, viewerId: string | undefined) =>
      isUuid(id) && (await findVisibleEvent(db, id, viewerId)) !== undefined,

    /**
     * Calls the event off; it stays readable, marked cancelled (STATUS:CANCELLED in calendars),
     * and attendees hear of it as with `{ cancelled: true }` (series use it for published dates).
     */
    async setCancelled(row: EventRow, at: Date, actorId: string) {
      await db.transaction(async (tx) => {
        const updated = await repo.updateEvent(tx, row.id, { cancelledAt: at });
        if (updated) await changed(tx, { before: row, after: updated, actorId });
      });
    },
  };
}
