import type { Federation } from '@fedify/fedify';
import { Event } from '@fedify/vocab';
import type { Locale } from '@townsquare/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { type FederationAttendeeRow, users } from '../../../db/schema/index.ts';
import type { EventSnapshot } from '../../../platform/domain-events.ts';
import { t } from '../../../platform/i18n.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import { shownLocations } from '../../events/events.service.ts';
import { directNote, recipientOf } from '../direct-messages.ts';
import { federatedEvent } from '../federation.repository.ts';
import { personRefused } from '../inbox-guard.ts';

/** What moves an event for the people answering it: its time or its place. */
const MOVING = ['startDate', 'endDate', 'timeZone', 'placeId', 'location'] as const;

const moved = (before: EventSnapshot, after: EventSnapshot) =>
  MOVING.some((key) => (before[key] ?? null) !== (after[key] ?? null));

/** Remote attendees still answering (going, maybe, offered a place, in line). */
async function answering(db: Database, eventId: string): Promise<FederationAttendeeRow[]> {
  const result = await db.execute<{
    guest_id: string;
    event_id: string;
    actor_uri: string;
    handle: string;
    inbox: string;
    shared_inbox: string | null;
    join_id: string | null;
    created_at: Date;
  }>(sql`select fa.* from federation_attendees fa join rsvps r on r.guest_id = fa.guest_id
    where fa.event_id = ${eventId} and r.status in ('going', 'maybe', 'offered', 'waitlisted')`);
  return result.rows.map((r) => ({
    guestId: r.guest_id,
    eventId: r.event_id,
    actorUri: r.actor_uri,
    handle: r.handle,
    inbox: r.inbox,
    sharedInbox: r.shared_inbox,
    joinId: r.join_id,
    createdAt: r.created_at,
  }));
}

/**
 * A changed time or place, or a calling-off, told to each remote attendee by a direct `Note`
 * from the event's Group (decision 080): Mastodon ignores `Update`s of events, and a direct
 * message reaches the person whatever their server shows. One more `event.changed` subscriber
 * (decision 065); the Note's id comes from the domain event, so a retried job repeats it.
 */
export function remoteAttendeesChangedSubscriber(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  /** Blocked domains and private addresses: a person there is told nothing. */
  guard: { allowPrivate: boolean; isBlocked: (host: string) => boolean };
}): Subscriber<'event.changed'> {
  return {
    name: 'federation-remote-attendees-changed',
    on: 'event.changed',
    async handle({ before, after }, meta) {
      if (!before || !after) return;
      const cancelled = !before.cancelledAt && Boolean(after.cancelledAt);
      if (!cancelled && !moved(before, after)) return;
      const event = await federatedEvent(deps.db, after.id);
      if (!event) return;
      const people = (await answering(deps.db, event.id)).filter((p) => !personRefused(p, deps.guard));
      if (people.length === 0) return;
      const ctx = deps.federation.createContext(new URL(deps.publicUrl));
      const eventUri = ctx.getObjectUri(Event, { id: event.id });
      const [host] = await deps.db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.id, event.creatorId));
      const locale: Locale = host?.locale ?? 'en';
      const where = (await shownLocations(deps.db, [event], undefined)).get(event.id) ?? event.location ?? '';
      const params = {
        title: event.title,
        when: { at: event.startDate.toISOString(), zone: event.timeZone },
        where,
        url: eventUri.href,
      };
      const text = t(locale, cancelled ? 'federation.changed.cancelled' : 'federation.changed.moved', params);
      for (const person of people)
        await directNote(
          ctx,
          {
            slug: event.community.slug,
            event: eventUri,
            recipient: recipientOf(person),
            handle: person.handle,
          },
          text,
          `changed-${meta.id}-${person.guestId}`,
        );
    },
  };
}
