import type { NotificationKind } from '@townsquare/contracts';
import type { Database } from '../../../db/client.ts';
import type { Message } from '../../../platform/i18n.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import { findVisibleEvent } from '../../access/events.ts';
import type { NotifyManyInput } from '../../notifications/notify.ts';
import { attendeeIds } from '../albums.repository.ts';

type Deps = {
  db: Database;
  notifyMany: (input: NotifyManyInput) => Promise<unknown>;
};

/** The day (UTC) an event was recorded: at most one notification of a kind per event and day. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

async function tell(
  deps: Deps,
  o: { eventId: string; actorId: string; kind: NotificationKind; key: Message['key']; url: string; at: Date },
) {
  // Read as the actor sees it: an event gone or hidden since tells nobody.
  const event = await findVisibleEvent(deps.db, o.eventId, o.actorId);
  if (!event) return;
  await deps.notifyMany({
    userIds: await attendeeIds(deps.db, event.id),
    kind: o.kind,
    actorId: o.actorId,
    // notify() checks each attendee against the event's visibility (visibleTo) and drops blocks.
    subject: { type: 'event', id: event.id },
    message: { key: o.key, params: { title: event.title } },
    url: o.url,
    dedupeKey: `${o.kind}:${event.id}:${dayOf(o.at)}`,
  });
}

/** `album.first_photos` → `event_photos`: the hosts and everyone going hear the photos are up. */
export function firstPhotos(deps: Deps): Subscriber<'album.first_photos'> {
  return {
    name: 'notify-event-photos',
    on: 'album.first_photos',
    handle: ({ eventId, actorId }, { at }) =>
      tell(deps, {
        eventId,
        actorId,
        kind: 'event_photos',
        key: 'notification.eventPhotos',
        url: `/event/${eventId}#photos`,
        at,
      }),
  };
}

/** `recap.published` → `event_recap`: the hosts and everyone going hear of a recap, once a day per event. */
export function recapPublished(deps: Deps): Subscriber<'recap.published'> {
  return {
    name: 'notify-event-recap',
    on: 'recap.published',
    handle: ({ eventId, actorId, recapId }, { at }) =>
      tell(deps, {
        eventId,
        actorId,
        kind: 'event_recap',
        key: 'notification.eventRecap',
        url: `/recaps/${recapId}`,
        at,
      }),
  };
}
