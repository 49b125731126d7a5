import type { Database } from '../../../db/client.ts';
import { eventWhen } from '../../../platform/i18n.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import { findVisibleEvent } from '../../access/events.ts';
import type { NotifyInput } from '../../notifications/notify.ts';
import { shownLocations } from '../events.service.ts';

/**
 * `place.offered` → `waitlist_offer`: tells the person a place was offered (or given) to them,
 * through the one notification path; a guest without an account is told by e-mail (modules/guests).
 */
export function placeOffered(deps: {
  db: Database;
  notify: (input: NotifyInput) => Promise<unknown>;
  guestOffer: (offer: { eventId: string; guestId: string; offerExpiresAt: string | null }) => Promise<void>;
}): Subscriber<'place.offered'> {
  return {
    name: 'place-offered',
    on: 'place.offered',
    async handle(offer) {
      const { userId, guestId } = offer;
      if (userId === null) {
        if (guestId !== null) await deps.guestOffer({ ...offer, guestId });
        return;
      }
      const event = await findVisibleEvent(deps.db, offer.eventId, userId);
      if (!event) return;
      const until = offer.offerExpiresAt;
      // Which event, when (in its zone, named) and where, as this person may read it: someone
      // offered a place is not going yet, so an ATTENDEES address shows as the city (decision 044).
      const where = (await shownLocations(deps.db, [event], userId)).get(event.id) ?? event.location;
      const params = {
        title: event.title,
        when: eventWhen(event),
        where,
      };
      await deps.notify({
        userId,
        kind: 'waitlist_offer',
        subject: { type: 'event', id: offer.eventId },
        message: until
          ? {
              key: 'notification.placeOffered',
              params: { ...params, until: { at: until, zone: event.timeZone } },
            }
          : { key: 'notification.placeGranted', params },
        url: `/event/${offer.eventId}`,
        dedupeKey: `waitlist_offer:${offer.eventId}:${until ?? 'going'}`,
      });
    },
  };
}
