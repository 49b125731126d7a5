import {
  type CreateSignupInput,
  describeClaim,
  SIGNUP_LIMITS,
  SIGNUP_MSG,
  type SignupItem,
  type UpdateSignupInput,
} from '@townsquare/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventRow, SignupItemRow, UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { people, presentPerson } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { hostIds } from '../access/events.ts';
import { channels } from '../chat/chat.service.ts';
import type { NotifyManyInput } from '../notifications/notify.ts';
import * as repo from './signups.repository.ts';

export type SignupsDeps = {
  db: Database;
  publisher: Pick<Publisher, 'toChannel'>;
  /** The event row if the viewer may see it (`visibleTo`); throws 404 otherwise. */
  findVisibleEvent: (eventId: string, viewerId: string) => Promise<EventRow>;
  isHost: (event: Pick<EventRow, 'id' | 'creatorId'>, userId: string) => Promise<boolean>;
  /** The one notification path. */
  notifyMany: (input: NotifyManyInput) => Promise<unknown>;
  log: { warn: (obj: object, msg: string) => void };
};

export type SignupsService = ReturnType<typeof createSignups>;
export type Released = { item: SignupItemRow; quantity: number }[];

/** Releases of one event told to its hosts together: one notification per person per window. */
const RELEASE_WINDOW_MS = 15 * 60_000;

function presentItem(row: SignupItemRow, claims: repo.ClaimRow[]): SignupItem {
  const mine = claims.filter((c) => c.itemId === row.id);
  return {
    id: row.id,
    name: row.name,
    note: row.note,
    kind: row.kind,
    quantity: row.quantity,
    ...(row.startsAt ? { startsAt: row.startsAt.toISOString() } : {}),
    ...(row.endsAt ? { endsAt: row.endsAt.toISOString() } : {}),
    claimed: mine.reduce((sum, c) => sum + c.quantity, 0),
    claims: mine.map((c) => ({
      user: presentPerson(c.userId, {
        id: c.userId,
        username: c.username,
        fullName: c.fullName,
        profileImage: c.profileImage,
      }),
      quantity: c.quantity,
    })),
  };
}

const describe = (released: Released, timeZone: string) =>
  released.map((r) => describeClaim(r.item, r.quantity, timeZone)).join('; ');

/**
 * Sign-up sheets (decision 037): hosts list what is needed; people going claim it. A
 * claim is counted under a lock on its item, so it never exceeds what is left; changes reach the
 * event's room (`signup-updated`), whose sockets were let in by `visibleTo`.
 */
export function createSignups(deps: SignupsDeps) {
  const { db } = deps;

  async function hosted(eventId: string, user: UserRow): Promise<EventRow> {
    const event = await deps.findVisibleEvent(eventId, user.id);
    if (!(await deps.isHost(event, user.id))) throw forbidden(SIGNUP_MSG.notHost);
    return event;
  }

  async function present(row: SignupItemRow): Promise<SignupItem> {
    return presentItem(row, await repo.claimsOf(db, [row.id]));
  }

  function publish(eventId: string, itemId: string, item: SignupItem | null): void {
    deps.publisher.toChannel(channels.event(eventId), 'signup-updated', { eventId, itemId, item });
  }

  const itemId = (id: string) => (isUuid(id) ? id : undefined);

  return {
    async list(user: UserRow, eventId: string): Promise<{ items: SignupItem[] }> {
      const event = await deps.findVisibleEvent(eventId, user.id);
      const rows = await repo.listItems(db, event.id);
      const claims = await repo.claimsOf(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => presentItem(r, claims)) };
    },

    async create(user: UserRow, eventId: string, input: CreateSignupInput): Promise<SignupItem> {
      const event = await hosted(eventId, user);
      if ((await repo.countItems(db, event.id)) >= SIGNUP_LIMITS.itemsMax)
        throw badRequest(SIGNUP_MSG.tooManyItems);
      const row = await repo.insertItem(db, {
        eventId: event.id,
        name: input.name,
        note: input.note ?? '',
        kind: input.kind ?? 'quantity',
        quantity: input.quantity,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
      });
      const item = presentItem(row, []);
      publish(event.id, row.id, item);
      return item;
    },

    async update(user: UserRow, eventId: string, id: string, input: UpdateSignupInput): Promise<SignupItem> {
      const event = await hosted(eventId, user);
      if (Object.values(input).every((v) => v === undefined)) throw badRequest(SIGNUP_MSG.nothingToChange);
      const row = await db.transaction(async (tx) => {
        const found = itemId(id) && (await repo.lockItem(tx, event.id, id));
        if (!found) throw notFound(SIGNUP_MSG.notFound);
        if (found.kind === 'quantity' && (input.startsAt || input.endsAt))
          throw badRequest(SIGNUP_MSG.timesOnlyForSlots);
        const startsAt = input.startsAt ?? found.startsAt;
        const endsAt = input.endsAt ?? found.endsAt;
        if (startsAt && endsAt && endsAt <= startsAt) throw badRequest(SIGNUP_MSG.slotEndBeforeStart);
        if (input.quantity !== undefined) {
          const claimed = await repo.claimedTotal(tx, found.id);
          if (input.quantity < claimed) throw badRequest(SIGNUP_MSG.belowClaimed(claimed));
        }
        return repo.updateItem(tx, found.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
          startsAt,
          endsAt,
        });
      });
      if (!row) throw notFound(SIGNUP_MSG.notFound);
      const item = await present(row);
      publish(event.id, row.id, item);
      return item;
    },

    async remove(user: UserRow, eventId: string, id: string): Promise<{ message: string }> {
      const event = await hosted(eventId, user);
      const found = itemId(id) && (await repo.findItem(db, event.id, id));
      if (!found) throw notFound(SIGNUP_MSG.notFound);
      await repo.deleteItem(db, found.id);
      publish(event.id, found.id, null);
      return { message: SIGNUP_MSG.deleted };
    },

    /**
     * Sets how many of the item the caller takes (0: none). People going and hosts only. The item
     * row is locked while the claims are counted, so 50 people claiming the last 3 places at once
     * are taken one after another: 3 get a place, the rest a 409 saying how many are left.
     */
    async claim(user: UserRow, eventId: string, id: string, quantity: number): Promise<SignupItem> {
      const event = await deps.findVisibleEvent(eventId, user.id);
      const host = await deps.isHost(event, user.id);
      const row = await db.transaction(async (tx) => {
        const found = itemId(id) && (await repo.lockItem(tx, event.id, id));
        if (!found) throw notFound(SIGNUP_MSG.notFound);
        if (found.kind === 'slot' && quantity > 1) throw badRequest(SIGNUP_MSG.slotOnePlace);
        if (!host && (await repo.rsvpStatusLocked(tx, event.id, user.id)) !== 'going')
          throw forbidden(SIGNUP_MSG.notGoing);
        if (quantity > 0) {
          const left = found.quantity - (await repo.claimedByOthers(tx, found.id, user.id));
          if (quantity > left) throw conflict(SIGNUP_MSG.full(Math.max(0, left)));
        }
        await repo.setClaim(tx, { itemId: found.id, eventId: event.id, userId: user.id, quantity });
        return found;
      });
      const item = await present(row);
      publish(event.id, row.id, item);
      return item;
    },

    /** Inside the RSVP's transaction: someone stopped going, so their claims go back on the sheet. */
    releaseWithin: (tx: Executor, eventId: string, userId: string): Promise<Released> =>
      repo.releaseClaims(tx, eventId, userId),

    /**
     * After that commit (the `signup.released` subscriber): the sheet updates live and the hosts
     * hear what is free again, one notification per person per window counted from `at`.
     */
    async released(
      eventId: string,
      userId: string,
      given: { itemId: string; quantity: number }[],
      at: Date,
    ): Promise<void> {
      if (given.length === 0) return;
      const rows = await repo.listItems(db, eventId);
      const claims = await repo.claimsOf(
        db,
        rows.map((r) => r.id),
      );
      // Items deleted since are no longer told.
      const released: Released = given.flatMap(({ itemId, quantity }) => {
        const item = rows.find((r) => r.id === itemId);
        return item ? [{ item, quantity }] : [];
      });
      for (const { item } of released) publish(eventId, item.id, presentItem(item, claims));
      const event = await repo.eventRow(db, eventId);
      if (!event || released.length === 0) return;
      const person = (await people(db, [userId])).get(userId);
      const window = Math.floor(at.getTime() / RELEASE_WINDOW_MS) * RELEASE_WINDOW_MS;
      // Thrown errors retry the subscriber's job (decision 065); notify is idempotent by its key.
      await deps.notifyMany({
        userIds: await hostIds(db, event),
        kind: 'signup_released',
        actorId: userId,
        subject: { type: 'event', id: eventId },
        message: {
          key: 'notification.signupReleased',
          params: {
            name: person?.username ??
              person?.fullName ?? { list: [{ key: 'notification.someone' }], separator: '' },
            title: event.title,
            items: describe(released, event.timeZone),
          },
        },
        url: `/event/${eventId}`,
        dedupeKey: `signup_released:${eventId}:${userId}:${window}`,
      });
    },

    /** "2 × Chairs; Set-up crew 18:00–19:00" per person, for reminders and the attendee CSV. */
    async bringing(event: Pick<EventRow, 'id' | 'timeZone'>): Promise<Map<string, string>> {
      const byPerson = await repo.claimsByPerson(db, event.id);
      return new Map([...byPerson].map(([userId, claims]) => [userId, describe(claims, event.timeZone)]));
    },
  };
}
