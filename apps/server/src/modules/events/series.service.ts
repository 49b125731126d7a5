import {
  type CreateSeriesInput,
  EVENT_MSG,
  formatLocal,
  fromWallTime,
  parseLocal,
  SERIES_MSG,
  type SeriesDto,
  type UpdateEventInput,
  type WallTime,
  wallTime,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { EventRow, SeriesRow, UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findUserById } from '../../platform/people.ts';
import { capacityValues } from './capacity.ts';
import { type EventsService, whereValues } from './events.service.ts';
import { HORIZON_MS } from './horizon.ts';
import * as repo from './series.repository.ts';

export { HORIZON_MS };
/** Hosts are asked to confirm occurrences starting within this window. */
export const CONFIRM_WINDOW_MS = 7 * 86_400_000;

const wallMs = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const fromWallMs = (ms: number): WallTime => {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: 0,
  };
};

/**
 * Start and end of occurrence `index`: the same wall-clock time in the series' zone every
 * `interval` weeks, or every `interval` months on the same day (the month's last day when it is
 * shorter, so a series on the 31st runs on 30 April).
 */
export function occurrenceTimes(series: SeriesRow, index: number): { start: Date; end: Date } {
  const first = parseLocal(series.startLocal);
  let local: WallTime;
  if (series.freq === 'weekly') {
    local = fromWallMs(wallMs(first) + index * series.interval * 7 * 86_400_000);
  } else {
    const months = first.month - 1 + index * series.interval;
    const year = first.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    local = { ...first, year, month, day: Math.min(first.day, lastDay) };
  }
  const start = fromWallTime(series.timeZone, local);
  return { start, end: new Date(start.getTime() + series.durationMinutes * 60_000) };
}

/** Creates the series' missing occurrences up to the horizon, as drafts; the caller holds its lock. */
async function extendOne(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  series: SeriesRow,
  now: Date,
) {
  let index = series.generated;
  const horizon = now.getTime() + HORIZON_MS;
  for (;;) {
    const { start, end } = occurrenceTimes(series, index);
    if (start.getTime() > horizon) break;
    if (series.until && start > series.until) break;
    // An occurrence already over when first reached (a series started in the past) is skipped.
    if (end > now)
      await repo.insertOccurrence(db, {
        creatorId: series.creatorId,
        communityId: series.communityId,
        seriesId: series.id,
        seriesIndex: index,
        title: series.title,
        description: series.description,
        location: series.location,
        placeId: series.placeId,
        addressVisibility: series.addressVisibility,
        online: series.online,
        onlineUrl: series.onlineUrl,
        startDate: start,
        endDate: end,
        cost: series.cost,
        isFree: series.isFree,
        visibility: series.visibility,
        tags: series.tags,
        imageUrl: series.imageUrl,
        timeZone: series.timeZone,
        capacity: series.capacity,
        offerHours: series.offerHours,
        maxGuests: series.maxGuests,
        allowTransfers: series.allowTransfers,
        questions: series.questions,
        status: 'DRAFT',
      });
    index++;
  }
  if (index !== series.generated) await repo.updateSeries(db, series.id, { generated: index });
  return index - series.generated;
}

/**
 * The rolling horizon: every active series gets its occurrences up to 8 weeks after `now`.
 * Idempotent (each series is locked and remembers how far it got), so it can run on every
 * instance and as often as wanted. Returns how many occurrences it created.
 */
export async function extendSeries(db: Database, now: Date): Promise<number> {
  let created = 0;
  for (const id of await repo.activeSeriesIds(db, now)) {
    created += await db.transaction(async (tx) => {
      const series = await repo.lockSeries(tx, id);
      return series ? extendOne(tx, series, now) : 0;
    });
  }
  return created;
}

/**
 * The confirmation job (a pg-boss cron, app.ts): asks the hosts of every unconfirmed date that
 * has entered the confirmation window, the one the dashboard card shows. `ask` notifies with a
 * key per occurrence, so however often it runs, on however many instances, each host is asked
 * once per date. A series set to publish by itself (decision 057) has its date published through
 * `publish` instead; when that cannot be done (the creator's e-mail is not verified), the hosts
 * are asked as usual. Returns how many dates it asked about or published.
 */
export async function askHostsToConfirm(
  db: Database,
  now: Date,
  ask: (event: EventRow, hostIds: string[]) => Promise<void>,
  publish?: (event: EventRow) => Promise<boolean>,
): Promise<number> {
  const due = await repo.occurrencesToConfirm(db, now, new Date(now.getTime() + CONFIRM_WINDOW_MS));
  for (const { event, hostIds, autoPublish } of due) {
    if (autoPublish && publish && (await publish(event))) continue;
    await ask(event, hostIds);
  }
  return due.length;
}

export type SeriesServiceDeps = {
  db: Database;
  events: EventsService;
  isOwnImage: (url: string, ownerId: string) => Promise<boolean>;
  assertCanHost: (communityId: string, userId: string) => Promise<void>;
  now?: () => Date;
};

export type SeriesService = ReturnType<typeof createSeriesService>;

export function createSeriesService(deps: SeriesServiceDeps) {
  const { db, events } = deps;
  const now = deps.now ?? (() => new Date());

  async function present(series: SeriesRow, viewerId: string): Promise<SeriesDto> {
    const [standing, standingCount] = await Promise.all([
      repo.standingOf(db, series.id, viewerId),
      repo.standingCount(db, series.id),
    ]);
    return {
      id: series.id,
      creatorId: series.creatorId,
      title: series.title,
      freq: series.freq,
      interval: series.interval,
      until: series.until?.toISOString() ?? null,
      timeZone: series.timeZone,
      standing,
      standingCount,
      autoPublish: series.autoPublish,
    };
  }

  /** The series if the viewer created it or sees one of its occurrences; otherwise 404. */
  async function visibleSeries(id: string, viewerId: string): Promise<SeriesRow> {
    const series = isUuid(id) ? await repo.findSeries(db, id) : undefined;
    if (!series) throw notFound(SERIES_MSG.notFound);
    if (series.creatorId !== viewerId && !(await repo.seesSeries(db, id, viewerId)))
      throw notFound(SERIES_MSG.notFound);
    return series;
  }

  /** An occurrence the caller created (404 / 403 as for any event), with its series. */
  async function ownedOccurrence(user: UserRow, id: string): Promise<{ event: EventRow; series: SeriesRow }> {
    const event = await events.findVisibleRow(id, user.id);
    if (event.creatorId !== user.id) throw forbidden(EVENT_MSG.notCreator);
    const series = event.seriesId ? await repo.findSeries(db, event.seriesId) : undefined;
    if (!series || event.seriesIndex === null) throw badRequest(SERIES_MSG.notOccurrence);
    return { event, series };
  }

  /** Counts everyone going to the whole series as going to this (confirmed) occurrence. */
  async function applyStanding(event: EventRow) {
    if (!event.seriesId) return;
    for (const userId of await repo.standingUserIds(db, event.seriesId)) {
      if (userId !== event.creatorId) await repo.writeStandingRsvp(db, event.id, userId);
    }
  }

  /** Deletes a draft occurrence; a published one is cancelled, so calendars show it called off. */
  async function removeOccurrence(user: UserRow, event: EventRow) {
    if (event.status === 'DRAFT') return events.remove(user, event.id);
    if (!event.cancelledAt) await events.setCancelled(event, now(), user.id);
    return events.get(event.id, user.id);
  }

  return {
    /** A new series: its template and the drafts of its first 8 weeks. */
    async create(user: UserRow, input: CreateSeriesInput) {
      if (input.imageUrl && !(await deps.isOwnImage(input.imageUrl, user.id)))
        throw badRequest(EVENT_MSG.imageInvalid);
      if (input.communityId) await deps.assertCanHost(input.communityId, user.id);
      // Its place, address visibility and online link, as an event's (the place's zone by default).
      const where = await whereValues(db, input, user.id);
      const { timeZone } = where;
      const isFree = input.isFree ?? !input.cost;
      const series = await repo.insertSeries(db, {
        ...where,
        creatorId: user.id,
        communityId: input.communityId || null,
        freq: input.freq,
        interval: input.interval ?? 1,
        until: input.until ?? null,
        timeZone,
        startLocal: formatLocal(wallTime(timeZone, input.startDate)),
        durationMinutes: Math.round((input.endDate.getTime() - input.startDate.getTime()) / 60_000),
        title: input.title,
        description: input.description,
        isFree,
        cost: isFree ? 0 : (input.cost ?? 0),
        visibility: input.visibility ?? 'PUBLIC',
        tags: input.tags ?? [],
        imageUrl: input.imageUrl ?? null,
        autoPublish: input.autoPublish ?? false,
        ...capacityValues(input),
      });
      await db.transaction(async (tx) => {
        const locked = await repo.lockSeries(tx, series.id);
        if (locked) await extendOne(tx, locked, now());
      });
      const rows = await repo.occurrencesFrom(db, series.id, 0);
      return { series: await present(series, user.id), events: await events.present(rows, user.id) };
    },

    get: async (user: UserRow, id: string) => present(await visibleSeries(id, user.id), user.id),

    /** The caller's draft occurrences starting in the next 7 days ("Confirm next week's dates?"). */
    async pending(user: UserRow) {
      const from = now();
      const rows = await repo.pendingOccurrences(
        db,
        user.id,
        from,
        new Date(from.getTime() + CONFIRM_WINDOW_MS),
      );
      return events.present(rows, user.id);
    },

    /** A host confirms an occurrence: it goes live (verified e-mail needed) and standing RSVPs apply. */
    async confirm(user: UserRow, id: string) {
      const { event } = await ownedOccurrence(user, id);
      if (event.cancelledAt || event.status !== 'DRAFT') throw conflict(SERIES_MSG.confirmNotDraft);
      await events.publish(user, event.id);
      await applyStanding(event);
      return events.get(event.id, user.id);
    },

    /** Its creator switches between "publish automatically" and "ask me each time". */
    async setAutoPublish(user: UserRow, id: string, autoPublish: boolean) {
      const series = await visibleSeries(id, user.id);
      if (series.creatorId !== user.id) throw forbidden(SERIES_MSG.notCreator);
      await repo.updateSeries(db, series.id, { autoPublish });
      return present({ ...series, autoPublish }, user.id);
    },

    /**
     * The confirmation job's `publish` for a series that publishes by itself: the date goes live
     * through the one publish path as its creator, and standing RSVPs apply, as when confirmed.
     * False when it cannot (the creator is gone or may not publish yet): the hosts are asked.
     */
    async publishDue(event: EventRow): Promise<boolean> {
      const creator = await findUserById(db, event.creatorId);
      if (!creator) return false;
      try {
        await events.publish(creator, event.id);
      } catch {
        return false;
      }
      await applyStanding(event);
      return true;
    },

    /** "Going to the whole series" on or off. Off also ends "going" on its upcoming occurrences. */
    async setStanding(user: UserRow, id: string, status: 'going' | 'none') {
      const series = await visibleSeries(id, user.id);
      if (series.creatorId === user.id) throw badRequest(SERIES_MSG.standingOwn);
      if (status === 'going') {
        await repo.addStanding(db, series.id, user.id);
        for (const event of await repo.upcomingConfirmed(db, series.id, now())) {
          // Only occurrences this person may see (a private series' friends, a community's members).
          if (await events.isVisible(event.id, user.id)) await repo.writeStandingRsvp(db, event.id, user.id);
        }
      } else {
        await repo.removeStanding(db, series.id, user.id);
        // Places it frees are offered as `place.offered` events in the same transactions (decision 065).
        await repo.dropUpcomingGoing(db, series.id, user.id, now());
      }
      return present(series, user.id);
    },

    /**
     * PUT /api/events/:id with a scope. "this" is an ordinary event update. "following" applies
     * the same change to this occurrence, every later one, and the template of those not yet
     * created; a new time moves each of them by the same wall-clock shift.
     */
    async update(user: UserRow, id: string, input: UpdateEventInput, scope: 'this' | 'following') {
      if (scope === 'this') return events.update(user, id, input);
      const { event, series } = await ownedOccurrence(user, id);
      const updated = await events.update(user, id, input);
      const newStart = new Date(updated.startDate);
      const newEnd = new Date(updated.endDate);
      const newZone = updated.timeZone ?? event.timeZone;
      const shift = wallMs(wallTime(newZone, newStart)) - wallMs(wallTime(event.timeZone, event.startDate));
      const duration = newEnd.getTime() - newStart.getTime();
      // Cancelling is per date (a later one is still a draft, which cannot be cancelled).
      const { status: _status, startDate: _s, endDate: _e, cancelled: _c, ...shared } = input;
      for (const later of await repo.occurrencesFrom(db, series.id, (event.seriesIndex ?? 0) + 1)) {
        if (later.cancelledAt) continue;
        const start = fromWallTime(
          newZone,
          fromWallMs(wallMs(wallTime(later.timeZone, later.startDate)) + shift),
        );
        await events.update(user, later.id, {
          ...shared,
          startDate: start,
          endDate: new Date(start.getTime() + duration),
        });
      }
      const isFree = updated.isFree;
      await repo.updateSeries(db, series.id, {
        title: updated.title,
        description: updated.description,
        location: updated.location,
        placeId: updated.placeId ?? null,
        addressVisibility: updated.addressVisibility,
        online: updated.online,
        onlineUrl: updated.onlineUrl ?? null,
        visibility: updated.visibility,
        tags: updated.tags,
        imageUrl: updated.imageUrl ?? null,
        isFree,
        cost: isFree ? 0 : updated.cost,
        timeZone: newZone,
        startLocal: formatLocal(fromWallMs(wallMs(parseLocal(series.startLocal)) + shift)),
        durationMinutes: Math.round(duration / 60_000),
        // Future runs take the new capacity rules too (only those sent, as for an event).
        ...capacityValues(input, series.questions),
      });
      return events.get(id, user.id);
    },

    /**
     * DELETE /api/events/:id with a scope. On an occurrence, a draft is deleted and a published
     * one cancelled; "following" does so for every later occurrence too and ends the series.
     */
    async remove(user: UserRow, id: string, scope: 'this' | 'following') {
      const row = await events.findVisibleRow(id, user.id);
      if (!row.seriesId) {
        if (scope === 'following') throw badRequest(SERIES_MSG.notOccurrence);
        return events.remove(user, id);
      }
      const { event, series } = await ownedOccurrence(user, id);
      if (scope === 'following') {
        await repo.updateSeries(db, series.id, { until: new Date(event.startDate.getTime() - 1) });
        for (const later of await repo.occurrencesFrom(db, series.id, (event.seriesIndex ?? 0) + 1))
          await removeOccurrence(user, later);
      }
      return removeOccurrence(user, event);
    },
  };
}
