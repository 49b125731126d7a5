import type { Subscriber } from '../../../platform/outbox.ts';
import { people } from '../../../platform/people.ts';
import { hostIds } from '../../access/events.ts';
import { displayName, QUEUES, type RsvpJob, type TriggerContext } from '../context.ts';
import * as repo from '../notifications.repository.ts';
import * as q from '../triggers.repository.ts';

/**
 * `rsvp.changed` → `rsvp`: hosts hear of someone going, at once (those who chose so) or in one
 * digest per event per window (the `rsvp-digest` job), and at once of someone going who no longer is.
 */
export function rsvpChanged(ctx: TriggerContext): Subscriber<'rsvp.changed'> {
  const { db, jobs } = ctx.deps;
  return {
    name: 'notify-rsvp',
    on: 'rsvp.changed',
    async handle({ eventId, userId, status, previous }, { at }) {
      const event = await q.eventRow(db, eventId);
      if (!event || userId === event.creatorId) return;
      const wasGoing = previous === 'going';
      if (wasGoing === (status === 'going')) return;
      const hosts = (await hostIds(db, event)).filter((id) => id !== userId);
      const person = (await people(db, [userId])).get(userId);
      const minute = Math.floor(at.getTime() / 60_000);
      // The hosts told at once of this person's answer, once a minute.
      const tell = (
        userIds: string[],
        name: string,
        key: 'notification.rsvpCancelled' | 'notification.rsvpGoing',
        dedupe: string,
      ) =>
        ctx.sendMany({
          userIds,
          kind: 'rsvp',
          actorId: userId,
          subject: { type: 'event', id: event.id },
          message: { key, params: { name, title: event.title } },
          url: `/event/${event.id}`,
          dedupeKey: `${dedupe}:${event.id}:${userId}:${minute}`,
        });
      if (wasGoing) {
        // Someone going cancelled: every host is told at once, whatever their choice.
        if (person) await tell(hosts, displayName(person), 'notification.rsvpCancelled', 'rsvp_cancelled');
        return;
      }
      const instant = await repo.instantRsvpHosts(db, hosts);
      if (person && instant.size > 0)
        await tell([...instant], displayName(person), 'notification.rsvpGoing', 'rsvp_instant');
      if (instant.size === hosts.length) return;
      const from = Math.floor(at.getTime() / ctx.rsvpWindowMs) * ctx.rsvpWindowMs;
      const to = from + ctx.rsvpWindowMs;
      await jobs.send(
        QUEUES.rsvp,
        {
          eventId: event.id,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
        } satisfies RsvpJob,
        { key: `${event.id}:${from}`, startAfter: new Date(to) },
      );
    },
  };
}
