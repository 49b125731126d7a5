import type { InboxContext } from '@fedify/fedify';
import { type Actor, Event, isActor, type Join, type Leave, type Undo } from '@fedify/vocab';
import type { Locale } from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { attendeeRows, lockEvent, type Offer, setRsvp } from '../events/rsvp.ts';
import { type Answer, answerJoin, directNote, recipientOf } from './direct-messages.ts';
import { type FederatedEvent, federatedEvent } from './federation.repository.ts';
import { inboxRefused } from './inbox-guard.ts';
import { forgetRemoteGuest, type RemotePerson, remoteAttendee, remoteGuest } from './remote-attendees.ts';

/** The instance's actor answers a `Join` of what is no event here (or not one that federates). */
const INSTANCE = '_instance';
/** A remote display name, as text, at most this long. */
const NAME_MAX = 100;

export type JoinDeps = {
  db: Database;
  isBlocked: (host: string) => boolean;
  allowPrivateAddress: boolean;
  /** Tells the event's room its guest list changed (the RSVP service's `announce`). */
  announce?: (eventId: string, offers: Offer[]) => void;
};

/** Remote HTML (a display name) as plain text: no tags, no entities, one line, bounded. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|amp|quot|#39);/g, (_m, e: string) =>
      e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : "'",
    )
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX);
}

/** The language a community's messages to remote people are written in: its event host's. */
async function hostLocale(db: Database, event: FederatedEvent): Promise<Locale> {
  const rows = await db.select({ locale: users.locale }).from(users).where(eq(users.id, event.creatorId));
  return rows[0]?.locale ?? 'en';
}

/**
 * RSVPs from the fediverse (decision 080): `Join` of a public, published event is an answer
 * "going" through the one RSVP write path (`setRsvp`: capacity, the fair waitlist, offers, no
 * extra guests), for the remote person as a guest without an account. Every `Join` is answered:
 * `Accept` (going), `TentativeAccept` plus a direct `Note` with the place in line (waitlisted),
 * or `Reject` (no such public event, called off, ended, questions to answer first — with a `Note`
 * linking the page — or refused by the RSVP rules). `Leave`, or `Undo` of the `Join`, removes the
 * answer; the place goes to the first in line (`place.offered`, told by `subscribers/remote-offers.ts`).
 */
export function createJoinHandlers(deps: JoinDeps) {
  const { db } = deps;
  const guard = { allowPrivate: deps.allowPrivateAddress, isBlocked: deps.isBlocked };

  /** The id of our event an activity's object names, if it names one. */
  function eventIdOf(ctx: InboxContext<void>, object: URL | null): string | undefined {
    const parsed = object ? ctx.parseUri(object) : null;
    return parsed?.type === 'object' && parsed.class === Event ? parsed.values.id : undefined;
  }

  /** The person behind an activity, if they can be answered (their own actor, reachable, not blocked). */
  async function personOf(
    ctx: InboxContext<void>,
    activity: Join | Leave | Undo,
  ): Promise<{ actor: Actor; person: RemotePerson } | undefined> {
    const actor = await activity.getActor(ctx);
    if (!isActor(actor) || !actor.id || !actor.inboxId) return undefined;
    if (actor.id.href !== activity.actorId?.href) return undefined;
    // A blocked domain's actor was refused by the bridge (403); one hosted on a blocked domain
    // under another name is not answered either: nothing is delivered to a blocked domain.
    if (deps.isBlocked(actor.id.hostname)) return undefined;
    if (
      (await inboxRefused(actor.inboxId, guard)) ||
      (await inboxRefused(actor.endpoints?.sharedInbox, guard))
    )
      return undefined;
    const username = plainText(actor.preferredUsername?.toString() ?? '') || 'someone';
    const handle = `@${username}@${actor.id.host}`;
    return {
      actor,
      person: {
        actorUri: actor.id.href,
        handle,
        name: plainText(actor.name?.toString() ?? '') || handle,
        inbox: actor.inboxId.href,
        sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
        joinId: activity.id?.href ?? null,
      },
    };
  }

  async function leave(eventId: string, actorUri: string): Promise<void> {
    const known = await remoteAttendee(db, eventId, actorUri);
    if (!known) return;
    const offers = await db.transaction(async (tx) => {
      if (!(await lockEvent(tx, eventId))) return [];
      const written = await setRsvp(tx, { eventId, guestId: known.guestId, status: 'leave' });
      await forgetRemoteGuest(tx, known.guestId);
      return written.offers;
    });
    deps.announce?.(eventId, offers);
  }

  return {
    async onJoin(ctx: InboxContext<void>, join: Join): Promise<void> {
      if (!join.id) return;
      const eventId = eventIdOf(ctx, join.objectId);
      if (!eventId) return;
      const who = await personOf(ctx, join);
      if (!who) return;
      const { person } = who;
      const eventUri = ctx.getObjectUri(Event, { id: eventId });
      const recipient = recipientOf(person);
      const key = join.id.href;
      const event = await federatedEvent(db, eventId);
      if (!event) {
        // Not an event anyone may see (private, draft, hidden, gone): refused, by the instance.
        await answerJoin(
          ctx,
          { slug: INSTANCE, event: eventUri, recipient, joinId: person.joinId },
          'reject',
          key,
        );
        return;
      }
      const slug = event.community.slug;
      const to = { slug, event: eventUri, recipient, joinId: person.joinId, handle: person.handle };
      const answer = (a: Answer) => answerJoin(ctx, to, a, key);
      const locale = await hostLocale(db, event);
      const when = { at: event.startDate.toISOString(), zone: event.timeZone };
      if (event.cancelledAt || event.endDate.getTime() <= Date.now()) return answer('reject');
      // Questions a person going must answer are asked on the page (no activity carries answers).
      if (event.questions.some((q) => q.required)) {
        await answer('reject');
        await directNote(
          ctx,
          to,
          t(locale, 'federation.join.questions', { title: event.title, url: eventUri.href }),
          `questions-${key}`,
        );
        return;
      }
      let outcome: { status: string | null; position: number | null; offers: Offer[] };
      try {
        outcome = await db.transaction(async (tx) => {
          // The lock first: a second Join of the same person waits and finds their guest.
          await lockEvent(tx, event.id);
          const guestId = await remoteGuest(tx, event, person);
          const written = await setRsvp(tx, { eventId: event.id, guestId, status: 'going', guests: [] });
          const [mine] = await attendeeRows(tx, event.id, guestId);
          return { status: written.status, position: mine?.position ?? null, offers: written.offers };
        });
      } catch (err) {
        // What the RSVP rules refuse (400/404/409) is refused to the remote person too.
        if (err instanceof HttpError && err.statusCode < 500) return answer('reject');
        throw err;
      }
      deps.announce?.(event.id, outcome.offers);
      if (outcome.status === 'waitlisted') {
        await answer('tentative');
        await directNote(
          ctx,
          to,
          t(locale, 'federation.join.waitlisted', {
            title: event.title,
            when,
            position: outcome.position ?? 1,
          }),
          `waitlisted-${key}`,
        );
        return;
      }
      await answer('accept');
    },

    async onLeave(ctx: InboxContext<void>, activity: Leave): Promise<void> {
      const eventId = eventIdOf(ctx, activity.objectId);
      if (!eventId || !activity.actorId) return;
      await leave(eventId, activity.actorId.href);
    },

    /** `Undo` of a `Join`: only by the person who sent it. */
    async onUndoJoin(ctx: InboxContext<void>, undo: Undo, join: Join): Promise<void> {
      if (!undo.actorId || join.actorId?.href !== undo.actorId.href) return;
      const eventId = eventIdOf(ctx, join.objectId);
      if (eventId) await leave(eventId, undo.actorId.href);
    },
  };
}

export type JoinHandlers = ReturnType<typeof createJoinHandlers>;
