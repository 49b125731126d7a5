import type { Federation } from '@fedify/fedify';
import { Announce, type Create, Delete, Event, Tombstone, type Update } from '@fedify/vocab';
import type { Database } from '../../../db/client.ts';
import type { EventSnapshot } from '../../../platform/domain-events.ts';
import type { Subscriber } from '../../../platform/outbox.ts';
import { CreateEvent, UpdateEvent } from '../activities.ts';
import { federatedEvent, publicCommunityById } from '../federation.repository.ts';
import { eventExtensions, eventJson, PUBLIC } from '../objects.ts';

/** One delivery per server (its shared inbox), each a job of the library's queue. */
const SEND = { preferSharedInbox: true, fanout: 'skip' } as const;

/** Whether a snapshot of an event was one that federates, as far as its row tells. */
const wasFederated = (row: EventSnapshot | undefined) =>
  Boolean(
    row &&
      row.status !== 'DRAFT' &&
      row.visibility === 'PUBLIC' &&
      typeof row.communityId === 'string' &&
      !row.hiddenAt,
  );

/**
 * Federation is one more subscriber of the domain events (decision 065): a change of an event that
 * federates goes to its community's followers (decision 073) through the library's queue, which
 * retries each delivery. New to the fediverse (published, or made public): `Create`; changed,
 * called off (`ical:status` CANCELLED) or restored: `Update`; deleted, hidden or no longer
 * public: `Delete` with a `Tombstone`. The Group `Announce`s each (FEP-1b12). Activity ids are
 * made from the domain event's id, so a retried job sends the same activity again, which peers
 * recognise.
 */
export function eventChangedSubscriber(deps: {
  db: Database;
  federation: Federation<void>;
  publicUrl: string;
}): Subscriber<'event.changed'> {
  return {
    name: 'federation-event-changed',
    on: 'event.changed',
    async handle({ before, after }, meta) {
      const id = (after ?? before)?.id;
      if (!id) return;
      const ctx = deps.federation.createContext(new URL(deps.publicUrl));
      const now = after ? await federatedEvent(deps.db, id) : undefined;
      const eventUri = ctx.getObjectUri(Event, { id });
      if (now) {
        const slug = now.community.slug;
        const group = ctx.getActorUri(slug);
        const followers = ctx.getFollowersUri(slug);
        const json = eventJson(now, { event: eventUri, group, followers, page: eventUri });
        const object = await Event.fromJsonLd(json, {
          documentLoader: ctx.documentLoader,
          contextLoader: ctx.contextLoader,
        });
        const activityId = new URL(`#${wasFederated(before) ? 'update' : 'create'}-${meta.id}`, eventUri);
        const values = {
          id: activityId,
          actor: group,
          object,
          to: new URL(PUBLIC),
          cc: followers,
          audience: group,
        };
        const activity = wasFederated(before) ? new UpdateEvent(values) : new CreateEvent(values);
        activity.extensions = eventExtensions(json);
        // Sent from here, not through a queued fan-out copy that would lose the extensions.
        await ctx.sendActivity({ identifier: slug }, 'followers', activity, SEND);
        await ctx.sendActivity(
          { identifier: slug },
          'followers',
          announce(group, followers, activity, meta.id),
          SEND,
        );
        return;
      }
      // Gone from the fediverse: it was there before, and is deleted or no longer public.
      if (!wasFederated(before) || !before) return;
      const community = await publicCommunityById(deps.db, String(before.communityId));
      if (!community) return;
      const group = ctx.getActorUri(community.slug);
      const followers = ctx.getFollowersUri(community.slug);
      const activity = new Delete({
        id: new URL(`#delete-${meta.id}`, eventUri),
        actor: group,
        object: new Tombstone({ id: eventUri }),
        to: new URL(PUBLIC),
        cc: followers,
        audience: group,
      });
      await ctx.sendActivity({ identifier: community.slug }, 'followers', activity, SEND);
      await ctx.sendActivity(
        { identifier: community.slug },
        'followers',
        announce(group, followers, activity, meta.id),
        SEND,
      );
    },
  };
}

/** The Group's `Announce` of what it published (FEP-1b12). */
function announce(group: URL, followers: URL, activity: Create | Update | Delete, eventId: string) {
  return new Announce({
    id: new URL(`#announce-${eventId}`, activity.id ?? group),
    actor: group,
    object: activity,
    to: new URL(PUBLIC),
    cc: followers,
    audience: group,
  });
}
