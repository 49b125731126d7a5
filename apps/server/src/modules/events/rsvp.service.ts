import {
  type Attendee,
  CAPACITY_MSG,
  EVENT_MSG,
  type EventDto,
  type FullRsvpStatus,
  type HostRef,
  type RsvpStatus,
  type ViewerRsvp,
} from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { EventRow, UserRow } from '../../db/schema/index.ts';
import type { Background } from '../../platform/background.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import { isUuid } from '../users/users.repository.ts';
import { attendeesCsv } from './attendees-csv.ts';
import { loadTicketSecret, readTicket, ticketCode } from './checkin.ts';
import { addCohost, endCohostingBetween, isHost, mayCohost, removeCohost } from './cohosts.ts';
import { effectiveStatus } from './events.presenter.ts';
import { findEvent } from './events.repository.ts';
import { expireOffers, fillPlaces, lockEvent, type Offer, refillEvent, setRsvp } from './rsvp.ts';

export type RsvpServiceDeps = {
  db: Database;
  background: Background;
  publicUrl: string;
  /** The one notification path (modules/notifications): offers are told in the app, by e-mail and push. */
  notify: (input: NotifyInput) => Promise<unknown>;
};

export type RsvpService = ReturnType<typeof createRsvpService>;

type AttendeeRow = {
  user_id: string;
  username: string | null;
  full_name: string;
  status: FullRsvpStatus;
  guests: string[];
  answers: Record<string, string>;
  position: number | null;
  offer_expires_at: string | null;
  checked_in_at: string | null;
};

const toAttendee = (r: AttendeeRow): Attendee => ({
  userId: r.user_id,
  username: r.username,
  fullName: r.full_name,
  status: r.status,
  guests: r.guests,
  answers: r.answers,
  waitlistPosition: r.position,
  offerExpiresAt: r.offer_expires_at ? new Date(r.offer_expires_at).toISOString() : null,
  checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
});

/** Answers of one event (or one person) with the waitlist position of those waiting. */
async function readAttendees(db: Database, eventId: string, userId?: string): Promise<Attendee[]> {
  const one = userId ? sql` and r.user_id = ${userId}` : sql``;
  const result =
    await db.execute<AttendeeRow>(sql`select r.user_id, u.username, u.full_name, r.status, r.guests,
      r.answers, r.offer_expires_at, r.checked_in_at,
      case when r.status = 'waitlisted' then (select count(*)::int from rsvps w
        where w.event_id = r.event_id and w.status = 'waitlisted' and w.queued_at <= r.queued_at) end as position
    from rsvps r join users u on u.id = r.user_id
    where r.event_id = ${eventId}${one}
    order by case r.status when 'going' then 0 when 'offered' then 1 when 'waitlisted' then 2 when 'maybe' then 3 else 4 end,
      r.queued_at nulls last, u.full_name, r.user_id`);
  return result.rows.map(toAttendee);
}

/**
 * Capacity with a fair waitlist, guests, transfers, co-hosts, questions and check-in (decision
 * 022). RSVP writes go through `setRsvp` (rsvp.ts); this service checks who may do what, answers
 * the extra routes and notifies the offers.
 */
export function createRsvpService(deps: RsvpServiceDeps) {
  const { db } = deps;
  let ticketSecret: Promise<string> | undefined;
  const secret = () => {
    ticketSecret ??= loadTicketSecret(db).catch((err: unknown) => {
      ticketSecret = undefined;
      throw err;
    });
    return ticketSecret;
  };

  /** Tells the person a place was offered (or given) to them, through the one notification path. */
  function notifyOffer(offer: Offer): void {
    deps.background.run('place offer notification', async () => {
      const result = await db.execute<{ title: string }>(
        sql`select title from events where id = ${offer.eventId}`,
      );
      const title = result.rows[0]?.title;
      if (!title) return;
      const until = offer.offerExpiresAt;
      await deps.notify({
        userId: offer.userId,
        kind: 'waitlist_offer',
        subject: { type: 'event', id: offer.eventId },
        text: until
          ? `A place is free for you at ${title}: accept it before ${until.toUTCString()}`
          : `A place opened up at ${title} and you were first in line: you are going`,
        url: `/event/${offer.eventId}`,
        dedupeKey: `waitlist_offer:${offer.eventId}:${until ? until.toISOString() : 'going'}`,
      });
    });
  }
  const notifyAll = (offers: Offer[]) => {
    for (const offer of offers) notifyOffer(offer);
  };

  async function visible(id: string, viewerId: string): Promise<EventRow> {
    const row = isUuid(id) ? await findEvent(db, id, viewerId) : undefined;
    if (!row) throw notFound(EVENT_MSG.notFound);
    return row;
  }

  /** Visible and hosted by the caller: 404 for strangers, 403 for other viewers. */
  async function hosted(id: string, userId: string): Promise<EventRow> {
    const row = await visible(id, userId);
    if (!(await isHost(db, row, userId))) throw forbidden(CAPACITY_MSG.notHost);
    return row;
  }

  return {
    isHost: (event: Pick<EventRow, 'id' | 'creatorId'>, userId: string | undefined) =>
      isHost(db, event, userId),

    /** A block between `a` and `b` (in its transaction): each stops co-hosting the other's events. */
    endCohosting: (tx: Executor, a: string, b: string) => endCohostingBetween(tx, a, b),
    hosted,
    notifyOffer,

    /** Lazy offer expiry on reads and RSVPs of one event: one indexed probe when nothing lapsed. */
    async settle(eventId: string, now = new Date()): Promise<void> {
      if (!isUuid(eventId)) return;
      notifyAll(await expireOffers(db, now, eventId));
    },

    /** The periodic sweep (a setInterval in buildApp until the job queue takes it over at merge). */
    async sweep(now = new Date()): Promise<number> {
      const offers = await expireOffers(db, now);
      notifyAll(offers);
      return offers.length;
    },

    /**
     * Inside a transaction that freed places (account deletion, once its answers are gone): the
     * places go to the people waiting in the same commit. Answers what tells them, to call after
     * the commit.
     */
    async refillWithin(tx: Executor, eventIds: string[], now = new Date()): Promise<() => void> {
      const offers: Offer[] = [];
      // In id order, so two such transactions never wait on each other.
      for (const id of [...eventIds].sort()) {
        const event = await lockEvent(tx, id);
        if (event) offers.push(...(await fillPlaces(tx, event, now)));
      }
      return () => notifyAll(offers);
    },

    /** After a host's edit: raising the capacity (or removing it) offers the new places. */
    async refill(eventId: string): Promise<void> {
      notifyAll(await refillEvent(db, eventId));
    },

    /** The caller's RSVP (the route already checked draft, ended and own event). */
    async respond(
      user: UserRow,
      eventId: string,
      body: { status?: RsvpStatus; guests?: string[]; answers?: Record<string, string> },
    ): Promise<FullRsvpStatus | null> {
      const outcome = await db.transaction((tx) =>
        setRsvp(tx, {
          eventId,
          userId: user.id,
          status: body.status ?? 'toggle',
          guests: body.guests,
          answers: body.answers,
        }),
      );
      notifyAll(outcome.offers);
      return outcome.status;
    },

    /**
     * Capacity, hosts and the viewer's own answer, added to an event already presented: one
     * round trip (places taken, people waiting, hosts, and the viewer's answer with their place).
     */
    async decorate<T extends EventDto | Omit<EventDto, 'rsvps'>>(
      dto: T,
      row: EventRow,
      viewerId: string | undefined,
    ): Promise<T> {
      const result = await db.execute<{
        taken: number;
        waiting: number;
        hosts: Array<{ id: string; username: string | null; fullName: string; profileImage: string | null }>;
        mine: (AttendeeRow & { user_id: string }) | null;
      }>(sql`select
        (select coalesce(sum(1 + cardinality(guests)), 0)::int from rsvps
          where event_id = ${row.id} and status in ('going', 'offered')) as taken,
        (select count(*)::int from rsvps where event_id = ${row.id} and status = 'waitlisted') as waiting,
        (select json_agg(json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name,
            'profileImage', u.profile_image) order by (u.id = ${row.creatorId}) desc, c.added_at)
          from users u left join event_cohosts c on c.user_id = u.id and c.event_id = ${row.id}
          where u.id = ${row.creatorId} or c.event_id is not null) as hosts,
        (select row_to_json(m) from (select r.user_id, ''::text as username, ''::text as full_name, r.status,
            r.guests, r.answers, r.offer_expires_at, r.checked_in_at,
            case when r.status = 'waitlisted' then (select count(*)::int from rsvps w
              where w.event_id = r.event_id and w.status = 'waitlisted' and w.queued_at <= r.queued_at) end as position
          from rsvps r where r.event_id = ${row.id} and r.user_id = ${viewerId ?? null}::uuid) m) as mine`);
      const { taken = 0, waiting = 0, hosts = [], mine: own = null } = result.rows[0] ?? {};
      const mine = own ? toAttendee(own) : undefined;
      const viewerRsvp: ViewerRsvp | null = mine
        ? {
            status: mine.status,
            waitlistPosition: mine.waitlistPosition,
            offerExpiresAt: mine.offerExpiresAt,
            guests: mine.guests,
            answers: mine.answers,
            checkedIn: mine.checkedInAt !== null,
          }
        : null;
      const hostRefs: HostRef[] = (hosts ?? []).map((h) => ({
        id: h.id,
        username: h.username ?? undefined,
        fullName: h.fullName,
        profileImage: h.profileImage,
        creator: h.id === row.creatorId,
      }));
      return {
        ...dto,
        placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - taken),
        waitlistCount: waiting,
        hosts: hostRefs,
        viewerRsvp,
        isHost: viewerId !== undefined && hostRefs.some((h) => h.id === viewerId),
      };
    },

    /** Hands the caller's place to a friend who can see the event (when the host allows it). */
    async transfer(user: UserRow, eventId: string, toUserId: string): Promise<void> {
      const row = await visible(eventId, user.id);
      if (!row.allowTransfers) throw badRequest(CAPACITY_MSG.transfersOff);
      if (effectiveStatus(row) === 'PAST') throw badRequest(EVENT_MSG.rsvpPast);
      if (toUserId === user.id) throw badRequest(CAPACITY_MSG.transferSelf);
      if (!isUuid(toUserId)) throw badRequest(CAPACITY_MSG.transferNotFriend);
      const friend = await db.execute(
        sql`select 1 from friendships where user_id = ${user.id} and friend_id = ${toUserId}`,
      );
      if (friend.rows.length === 0 || !(await findEvent(db, row.id, toUserId)) || toUserId === row.creatorId)
        throw badRequest(CAPACITY_MSG.transferNotFriend);
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from events where id = ${row.id} for update`);
        const states = await tx.execute<{ user_id: string; status: FullRsvpStatus }>(
          sql`select user_id, status from rsvps where event_id = ${row.id} and user_id in (${user.id}, ${toUserId})`,
        );
        const of = (id: string) => states.rows.find((r) => r.user_id === id)?.status;
        if (of(user.id) !== 'going') throw badRequest(CAPACITY_MSG.transferNotGoing);
        const theirs = of(toUserId);
        if (theirs === 'going' || theirs === 'offered') throw conflict(CAPACITY_MSG.transferTargetGoing);
        // The giver's place (without their guests) goes to the friend before anyone in line: the
        // friend takes it first, then the giver leaves, so only the guests' places are offered.
        const took = await setRsvp(tx, {
          eventId: row.id,
          userId: toUserId,
          status: 'going',
          guests: [],
          answers: {},
          skipQueue: true,
        });
        const gave = await setRsvp(tx, { eventId: row.id, userId: user.id, status: 'not_going', guests: [] });
        return [...took.offers, ...gave.offers];
      });
      notifyAll(outcome);
    },

    async addCohost(user: UserRow, eventId: string, userId: string): Promise<void> {
      const row = await visible(eventId, user.id);
      if (row.creatorId !== user.id) throw forbidden(EVENT_MSG.notCreator);
      if (userId === row.creatorId) throw badRequest(CAPACITY_MSG.cohostIsCreator);
      if (!isUuid(userId) || !(await mayCohost(db, row, userId)))
        throw badRequest(CAPACITY_MSG.cohostNotAllowed);
      await addCohost(db, row.id, userId);
    },

    async removeCohost(user: UserRow, eventId: string, userId: string): Promise<void> {
      const row = await visible(eventId, user.id);
      if (row.creatorId !== user.id) throw forbidden(EVENT_MSG.notCreator);
      if (!isUuid(userId) || !(await removeCohost(db, row.id, userId)))
        throw notFound(CAPACITY_MSG.cohostNotFound);
    },

    async ticket(user: UserRow, eventId: string): Promise<{ code: string }> {
      const row = await visible(eventId, user.id);
      const mine = await db.execute<{ status: string }>(
        sql`select status from rsvps where event_id = ${row.id} and user_id = ${user.id}`,
      );
      if (mine.rows[0]?.status !== 'going') throw forbidden(CAPACITY_MSG.ticketNotGoing);
      return { code: ticketCode(await secret(), row.id, user.id) };
    },

    /** A host checks a person in by ticket code or by id; once only (409 the second time). */
    async checkIn(
      user: UserRow,
      eventId: string,
      body: { code?: string; userId?: string },
    ): Promise<Attendee> {
      const row = await hosted(eventId, user.id);
      let personId = body.userId;
      if (body.code !== undefined) {
        const ticket = readTicket(await secret(), body.code);
        if (!ticket) throw badRequest(CAPACITY_MSG.ticketInvalid);
        if (ticket.eventId !== row.id) throw badRequest(CAPACITY_MSG.ticketOtherEvent);
        personId = ticket.userId;
      }
      if (!personId || !isUuid(personId)) throw badRequest(CAPACITY_MSG.notOnList);
      const updated = await db.execute(sql`update rsvps set checked_in_at = now()
        where event_id = ${row.id} and user_id = ${personId} and status = 'going' and checked_in_at is null`);
      const person = (await readAttendees(db, row.id, personId))[0];
      if (person?.status !== 'going') throw conflict(CAPACITY_MSG.notOnList);
      if ((updated.rowCount ?? 0) === 0)
        throw conflict(CAPACITY_MSG.alreadyCheckedIn(`${person.checkedInAt?.slice(11, 16) ?? ''} UTC`));
      return person;
    },

    /** Hosts only: everyone who answered, their answers and check-ins. */
    async attendees(user: UserRow, eventId: string) {
      const row = await hosted(eventId, user.id);
      const attendees = await readAttendees(db, row.id);
      const going = attendees.filter((a) => a.status === 'going');
      return {
        attendees,
        questions: row.questions,
        going: going.length,
        came: going.filter((a) => a.checkedInAt !== null).length,
        ended: effectiveStatus(row) === 'PAST',
      };
    },

    async csv(user: UserRow, eventId: string): Promise<{ body: string; filename: string }> {
      const row = await hosted(eventId, user.id);
      const body = attendeesCsv(await readAttendees(db, row.id), row.questions);
      return { body, filename: `attendees-${row.id}.csv` };
    },
  };
}
