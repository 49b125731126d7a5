import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { eventGuests, type FederationAttendeeRow, federationAttendees } from '../../db/schema/index.ts';

/**
 * Remote attendees (decision 080): a person on another server who sent `Join` is a guest without
 * an account (an `event_guests` row, decision 040), so the one RSVP write path (`setRsvp`) counts,
 * queues and offers them like members and guests; `federation_attendees` says who they are and
 * where their server takes our answers. The guest is never "confirmed" (that is the e-mail link
 * of a guest who typed an address): nothing e-mails them, they are told by direct `Note`s.
 */

/** What an e-mailed guest would have in `email`: an address under the reserved `.invalid` TLD (RFC 2606), never delivered. */
const noAddress = (guestId: string) => `${guestId}@fediverse.invalid`;

export type RemotePerson = {
  actorUri: string;
  handle: string;
  name: string;
  inbox: string;
  sharedInbox: string | null;
  joinId: string | null;
};

/** Who answered `eventId` from `actorUri`, if they did. */
export async function remoteAttendee(
  db: Executor,
  eventId: string,
  actorUri: string,
): Promise<FederationAttendeeRow | undefined> {
  const rows = await db
    .select()
    .from(federationAttendees)
    .where(and(eq(federationAttendees.eventId, eventId), eq(federationAttendees.actorUri, actorUri)));
  return rows[0];
}

export async function remoteAttendeeByGuest(
  db: Executor,
  guestId: string,
): Promise<FederationAttendeeRow | undefined> {
  const rows = await db.select().from(federationAttendees).where(eq(federationAttendees.guestId, guestId));
  return rows[0];
}

/** The remote attendees of an event (for direct messages about its changes). */
export async function remoteAttendeesOf(db: Executor, eventId: string): Promise<FederationAttendeeRow[]> {
  return db.select().from(federationAttendees).where(eq(federationAttendees.eventId, eventId));
}

/**
 * The guest identity of a remote person for an event, made the first time they answer; a later
 * `Join` updates where to reach them and which `Join` to answer. Inside the answer's transaction.
 */
export async function remoteGuest(
  tx: Executor,
  event: { id: string; endDate: Date },
  person: RemotePerson,
): Promise<string> {
  const known = await remoteAttendee(tx, event.id, person.actorUri);
  if (known) {
    await tx
      .update(federationAttendees)
      .set({
        inbox: person.inbox,
        sharedInbox: person.sharedInbox,
        handle: person.handle,
        joinId: person.joinId ?? known.joinId,
      })
      .where(eq(federationAttendees.guestId, known.guestId));
    await tx
      .update(eventGuests)
      .set({ name: person.name, updatedAt: new Date() })
      .where(eq(eventGuests.id, known.guestId));
    return known.guestId;
  }
  const guestId = uuidv7();
  await tx.insert(eventGuests).values({
    id: guestId,
    eventId: event.id,
    name: person.name,
    email: noAddress(guestId),
    expiresAt: event.endDate,
  });
  await tx.insert(federationAttendees).values({
    guestId,
    eventId: event.id,
    actorUri: person.actorUri,
    handle: person.handle,
    inbox: person.inbox,
    sharedInbox: person.sharedInbox,
    joinId: person.joinId,
  });
  return guestId;
}

/** Forgets a remote person's guest identity (its `federation_attendees` row goes with it). */
export async function forgetRemoteGuest(tx: Executor, guestId: string): Promise<void> {
  await tx.delete(eventGuests).where(eq(eventGuests.id, guestId));
}
