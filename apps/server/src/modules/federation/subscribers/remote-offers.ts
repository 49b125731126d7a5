import type { Federation } from '@fedify/fedify';
import { Event } from '@fedify/vocab';
import type { Locale } from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { t } from '../../../platform/i18n.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import { shownLocations } from '../../events/events.service.ts';
import { answerJoin, directNote, recipientOf } from '../direct-messages.ts';
import { federatedEvent } from '../federation.repository.ts';
import { personRefused } from '../inbox-guard.ts';
import { remoteAttendeeByGuest } from '../remote-attendees.ts';

/**
 * `place.offered` to a remote attendee (decision 080): the place is told by a direct `Note` from
 * the event's Group, with the link of the event and until when it is held (to take it, they send
 * `Join` again, which the one RSVP path turns into "going"); a place given outright (the last
 * hours before the start) is also answered `Accept` of their `Join`. Members and e-mailed guests
 * are told by the events module's subscriber; this one passes over everyone else.
 */
export function remoteOffersSubscriber(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
  /** Blocked domains and private addresses: a person there is told nothing. */
  guard: { allowPrivate: boolean; isBlocked: (host: string) => boolean };
}): Subscriber<'place.offered'> {
  return {
    name: 'federation-remote-offers',
    on: 'place.offered',
    async handle(offer, meta) {
      if (!offer.guestId) return;
      const remote = await remoteAttendeeByGuest(deps.db, offer.guestId);
      if (!remote || personRefused(remote, deps.guard)) return;
      const event = await federatedEvent(deps.db, offer.eventId);
      if (!event) return;
      const ctx = deps.federation.createContext(new URL(deps.publicUrl));
      const eventUri = ctx.getObjectUri(Event, { id: event.id });
      const to = {
        slug: event.community.slug,
        event: eventUri,
        recipient: recipientOf(remote),
        joinId: remote.joinId,
        handle: remote.handle,
      };
      const [host] = await deps.db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.id, event.creatorId));
      const locale: Locale = host?.locale ?? 'en';
      // Offered, they are not going yet: an ATTENDEES address shows as its city (decision 044).
      const where = (await shownLocations(deps.db, [event], undefined)).get(event.id) ?? event.location ?? '';
      const params = {
        title: event.title,
        when: { at: event.startDate.toISOString(), zone: event.timeZone },
        where,
        url: eventUri.href,
      };
      if (offer.status === 'going') {
        await answerJoin(ctx, to, 'accept', `granted-${meta.id}`);
        await directNote(ctx, to, t(locale, 'federation.offer.granted', params), `granted-${meta.id}`);
        return;
      }
      const until = offer.offerExpiresAt ?? event.startDate.toISOString();
      await directNote(
        ctx,
        to,
        t(locale, 'federation.offer.until', { ...params, until: { at: until, zone: event.timeZone } }),
        `offer-${meta.id}`,
      );
    },
  };
}
