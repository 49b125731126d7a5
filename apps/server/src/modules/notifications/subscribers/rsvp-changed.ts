import type { Subscriber } from '../../../platform/outbox.ts';
import { people } from '../../../platform/people.ts';
import { hostIds } from '../../access/events.ts';
import { nameGoneBy, QUEUES, type RsvpJob, type TriggerContext } from '../context.ts';
import * as repo from '../notifications.repository.ts';
import * as q from '../triggers.repository.ts';

type HostKey = 'notification.rsvpCancelled' | 'notification.rsvpGoing' | 'notification.rsvpWaitlisted';

/**
 * `rsvp.changed` → `rsvp`: hosts hear of someone going, member or guest without an account, at
 * once (those who chose so) or in one digest per event per window (the `rsvp-digest` job), and at
 * once of someone joining the waitlist and of someone going who no longer is. People are named as
 * they go by (their full name; a guest by the name they gave).
 */
export function rsvpChanged(ctx: TriggerContext): Subscriber<'rsvp.changed'> {
  const { db, jobs } = ctx.deps;
  return {
    name: 'notify-rsvp',
    on: 'rsvp.changed',
    async handle({ eventId, userId, guestId, name: guestName, status, previous }, { at }) {
      const event = await q.eventRow(db, eventId);
      const attendeeId = userId ?? guestId;
      if (!event || !attendeeId || userId === event.creatorId) return;
      const wasGoing = previous === 'going';
      const joinedWaitlist = status === 'waitlisted' && previous !== 'waitlisted';
      if (wasGoing === (status === 'going') && !joinedWaitlist) return;
      const hosts = (await hostIds(db, event)).filter((id) => id !== userId);
      const person = userId ? (await people(db, [userId])).get(userId) : undefined;
      const name = person ? nameGoneBy(person) : (guestName ?? '');
      if (!name) return;
      const minute = Math.floor(at.getTime() / 60_000);
      // The hosts told at once of this person's answer, once a minute.
      const tell = (userIds: string[], key: HostKey, dedupe: string) =>
        ctx.sendMany({
          userIds,
          kind: 'rsvp',
          ...(userId ? { actorId: userId } : {}),
          subject: { type: 'event', id: event.id },
          message: { key, params: { name, title: event.title } },
          url: `/event/${event.id}`,
          dedupeKey: `${dedupe}:${event.id}:${attendeeId}:${minute}`,
        });
      if (wasGoing) {
        // Someone going cancelled: every host is told at once, whatever their choice.
        await tell(hosts, 'notification.rsvpCancelled', 'rsvp_cancelled');
        return;
      }
      if (joinedWaitlist) {
        // A place wanted where there is none: every host is told at once, as of a cancellation.
        await tell(hosts, 'notification.rsvpWaitlisted', 'rsvp_waitlisted');
        return;
      }
      const instant = await repo.instantRsvpHosts(db, hosts);
      if (instant.size > 0) await tell([...instant], 'notification.rsvpGoing', 'rsvp_instant');
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
