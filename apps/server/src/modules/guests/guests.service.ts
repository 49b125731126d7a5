import {
  EVENT_MSG,
  GUEST_FORM_MAX_AGE_MS,
  GUEST_FORM_MIN_AGE_MS,
  GUEST_MSG,
  type GuestRsvp,
  type GuestRsvpBody,
  type GuestVotes,
  type GuestVotesBody,
  type Locale,
  NOTIFICATION_GROUPS,
  POLL_MSG,
  type PollUpdatedEvent,
  tooManyRequestsMessage,
  type VoteChoice,
} from '@townsquare/contracts';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../../db/client.ts';
import type { EventGuestRow, EventRow, GuestAnswer, PollRow } from '../../db/schema/index.ts';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors.ts';
import { eventWhen, type MessageKey, type MessageParams, t } from '../../platform/i18n.ts';
import { byId, isUuid } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { guestMail } from '../../platform/mail/templates.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { LIMITS_PER, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { addressToken, type LinkSigner, readAddressToken } from '../../platform/signed-links.ts';
import { findVisibleEvent } from '../access/events.ts';
import { linkToken, storedLinkToken } from '../auth/account-mail.ts';
import { hashToken } from '../auth/tokens.ts';
import { effectiveStatus } from '../events/events.presenter.ts';
import { shownLocations } from '../events/events.service.ts';
import { attendeeRows, checkAnswer, lockEvent, type Offer, setRsvp } from '../events/rsvp.ts';
import type { Recipient } from '../notifications/notify.ts';
import type { PollsService } from '../polls/polls.service.ts';
import * as repo from './guests.repository.ts';

/**
 * Answering without an account (decision 040).
 *
 * A visitor's answer is stored as `pending` on their guest identity (one per address and event)
 * and only counts once the link mailed to the address is followed: `confirm` writes it through
 * the one RSVP write path as an `rsvps` row with `guest_id`, so places, the waitlist, offers,
 * questions, check-in and the CSV treat guests exactly as members. Tokens (confirm, manage) are
 * 256 bits derived from an id by the one link signer (as account e-mail links are), stored only
 * as hashes, and stop working when the event ends.
 *
 * Abuse: per-address and per-IP limits, a honeypot field and a signed "form rendered at" token
 * (a form sent sooner than 2 s after it was rendered is dropped without a word, like a honeypot
 * hit), and an address that asked "never e-mail me again" is sent nothing more.
 */
export const GUEST_MAIL_QUEUE = 'guest-mail';

export type GuestMailJob =
  | { kind: 'confirm'; guestId: string; tokenId: string }
  | { kind: 'confirmed'; guestId: string; tokenId: string }
  | { kind: 'offer'; guestId: string; eventId: string; offerExpiresAt: string | null };

export type GuestServiceDeps = {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  /** Signs the link tokens, the form token and the "never e-mail" token (decision 066). */
  links: LinkSigner;
  /** The RSVP service: offers and the event room after a write; the ticket of a person going. */
  rsvps: {
    announce(eventId: string, offers: Offer[]): void;
    ticketFor(eventId: string, attendeeId: string): Promise<{ code: string; doorCode: string }>;
  };
  /**
   * Date polls that take guest votes (decision 056): the one vote path (inside the confirming
   * transaction), the poll as a guest sees it, and the merge into an account.
   */
  polls: Pick<
    PollsService,
    'guestPoll' | 'voteWithin' | 'announceVote' | 'tellVote' | 'readAsGuest' | 'claimWithin'
  >;
};

/** A guest identity of an event (decision 040) or of a date poll (decision 056): exactly one is set. */
type EventGuest = EventGuestRow & { eventId: string };
type PollGuest = EventGuestRow & { pollId: string };
const ofEvent = (g: EventGuestRow | undefined): g is EventGuest => Boolean(g?.eventId);
const ofPoll = (g: EventGuestRow | undefined): g is PollGuest => Boolean(g?.pollId);

/** The "rendered at" token of the guest form of one event: `<ms>.<signature>`. */
export function formToken(links: LinkSigner, eventId: string, at: number): string {
  return `${at}.${links.sign('guest-form', `${eventId}:${at}`)}`;
}

/** The address a "never e-mail me again" token was signed for (the one link signer). */
export function neverToken(links: LinkSigner, email: string): string {
  return addressToken(links, 'guest-never', email);
}

const readNeverToken = (links: LinkSigner, token: string) => readAddressToken(links, 'guest-never', token);

/** A guest is e-mailed about the event they answered (every group on), never pushed (no device). */
const GUEST_PREFERENCES: Recipient['preferences'] = {
  email: Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, true])) as Recipient['preferences']['email'],
  push: Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, false])) as Recipient['preferences']['push'],
};

/** A guest's answers to a poll: at least one, each for one of its dates. */
function checkVotes(optionIds: string[], votes: Record<string, VoteChoice>): Record<string, VoteChoice> {
  if (Object.keys(votes).length === 0) throw badRequest(POLL_MSG.votesRequired);
  const known = new Set(optionIds);
  if (Object.keys(votes).some((id) => !known.has(id))) throw badRequest(POLL_MSG.optionUnknown);
  return votes;
}

/** A poll guest's links work until the poll's last date has ended (as an event guest's until the event ends). */
const linksUntil = (row: PollRow, lastEndsAt: Date) =>
  new Date(Math.max(lastEndsAt.getTime(), row.closesAt.getTime()));

const keepPlace = (status: string): GuestAnswer['status'] =>
  status === 'waitlisted' || status === 'offered' ? 'going' : (status as GuestAnswer['status']);

export function createGuestService(deps: GuestServiceDeps) {
  const { db, jobs, limiter, links } = deps;

  /**
   * In the answer's transaction: the hosts hear of a guest's answer as of a member's (the
   * `rsvp.changed` subscriber decides who is told what), named as the guest gave their name.
   */
  async function tellHosts(
    tx: Executor,
    guest: { id: string; eventId: string | null; name: string },
    status: string | null,
    previous?: string,
  ): Promise<void> {
    if (!guest.eventId || status === 'offered') return;
    await recordEvent(tx, 'rsvp.changed', {
      eventId: guest.eventId,
      guestId: guest.id,
      name: guest.name,
      status,
      ...(previous ? { previous } : {}),
    });
  }
  jobs.define(GUEST_MAIL_QUEUE, { retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 60 });
  const link = (page: string, token: string) => `${deps.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  /** The page a guest's manage link opens: their answer to an event, or to a poll. */
  const managePage = (guest: EventGuestRow) => (guest.pollId ? '/guest-votes/manage' : '/guest-rsvp/manage');
  /** The token of a guest's manage link: the one whose hash their row stores (decision 066). */
  const manageToken = (guest: EventGuestRow) =>
    guest.manageTokenId ? storedLinkToken(links, guest.manageTokenId, guest.manageTokenHash) : undefined;
  const neverUrl = (email: string) =>
    `${deps.publicUrl}/api/guest-rsvps/never-email?token=${encodeURIComponent(neverToken(links, email))}`;

  /** A public event that takes guest answers and has not ended or been called off. */
  async function openEvent(eventId: string): Promise<EventRow> {
    const event = isUuid(eventId) ? await findVisibleEvent(db, eventId, undefined) : undefined;
    if (!event) throw notFound(EVENT_MSG.notFound);
    if (!event.allowGuestRsvp) throw badRequest(GUEST_MSG.notAllowed);
    if (effectiveStatus(event) === 'PAST') throw badRequest(GUEST_MSG.ended);
    return event;
  }

  async function throttle(key: string, window: { limit: number; windowMs: number }) {
    const verdict = await limiter.consume(key, window);
    if (verdict.limited)
      throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }

  /**
   * The "rendered at" token sent back with a guest form (an event's or a poll's: `subjectId`).
   * Forged or older than a day: 400 (reload). Answers false for a robot (the honeypot filled in,
   * or sent sooner than 2 s after rendering), whose answer is then dropped with the same 202.
   */
  function humanForm(subjectId: string, body: { formToken: string; website?: string }, now: number): boolean {
    const [at, signature, ...rest] = body.formToken.split('.');
    const rendered = Number(at);
    if (
      !at ||
      !signature ||
      rest.length > 0 ||
      !Number.isSafeInteger(rendered) ||
      !links.verify('guest-form', `${subjectId}:${at}`, signature) ||
      now - rendered > GUEST_FORM_MAX_AGE_MS
    )
      throw badRequest(GUEST_MSG.formExpired);
    return (body.website ?? '') === '' && now - rendered >= GUEST_FORM_MIN_AGE_MS;
  }

  /**
   * A guest form sent back: false for a robot (its answer is dropped with the same 202); else the
   * address's count of guest answers, events' and polls' together, is taken (429 past it).
   */
  async function admitForm(
    subjectId: string,
    body: { formToken: string; website?: string; email: string },
    now: number,
  ): Promise<boolean> {
    if (!humanForm(subjectId, body, now)) return false;
    await throttle(`guest-rsvp:address:${body.email}`, LIMITS_PER.guestRsvpPerAddress);
    return true;
  }

  /**
   * Follows a confirmation link, once (it then stops working): in one transaction `write` makes the
   * pending answer count and the guest gets a manage link; then `announce` tells the room, and the
   * mail with the manage link is queued. A link that is not (or no longer) one is a 400.
   */
  async function redeem<G extends EventGuestRow, W>(
    token: string,
    kind: 'event' | 'poll',
    write: (tx: Executor, guest: EventGuestRow | undefined) => Promise<{ guest: G; written: W } | undefined>,
    announce: (written: W, guest: G) => unknown,
  ): Promise<{ guest: G; written: W; manageToken: string }> {
    const tokenId = uuidv7();
    const manageToken = linkToken(links, tokenId);
    const outcome = await db.transaction(async (tx) => {
      const done = await write(tx, await repo.redeemConfirmToken(tx, hashToken(token), kind));
      if (!done) return undefined;
      await repo.markConfirmed(tx, done.guest.id, {
        manageTokenHash: hashToken(manageToken),
        manageTokenId: tokenId,
      });
      return done;
    });
    if (!outcome) throw badRequest(GUEST_MSG.linkInvalid);
    await announce(outcome.written, outcome.guest);
    await jobs.send(
      GUEST_MAIL_QUEUE,
      { kind: 'confirmed', guestId: outcome.guest.id, tokenId } satisfies GuestMailJob,
      {
        key: tokenId,
      },
    );
    return { guest: outcome.guest, written: outcome.written, manageToken };
  }

  /**
   * Keeps a visitor's answer (to an event or a poll) pending on their guest identity and queues the
   * mail with the link that makes it count; nothing for an address that asked never to be e-mailed.
   */
  async function askToConfirm(
    from: { name: string; email: string },
    locale: Locale,
    answer: repo.PendingAnswer,
    expiresAt: Date,
  ): Promise<void> {
    if (await repo.isSuppressed(db, from.email)) return;
    const tokenId = uuidv7();
    const guest = await repo.upsertPending(db, {
      id: uuidv7(),
      name: from.name,
      email: from.email,
      locale,
      ...answer,
      confirmTokenHash: hashToken(linkToken(links, tokenId)),
      expiresAt,
    });
    await jobs.send(
      GUEST_MAIL_QUEUE,
      { kind: 'confirm', guestId: guest.id, tokenId } satisfies GuestMailJob,
      {
        key: tokenId,
      },
    );
  }

  /**
   * The guest's own answer and the event: nothing about anyone else. Where it is goes through the
   * address rule as for members (decision 044): an ATTENDEES address only once they are going,
   * the city while they wait, said maybe or are not going.
   */
  async function present(guest: EventGuest, ex: Executor = db): Promise<GuestRsvp> {
    const event = await repo.eventOf(ex, guest.eventId);
    const [mine] = await attendeeRows(ex, guest.eventId, guest.id);
    if (!event || !mine) throw badRequest(GUEST_MSG.linkInvalid);
    // A guest has no account: "going" is the only way they know where (shownLocations' viewer is nobody).
    const location =
      mine.status === 'going'
        ? event.location
        : ((await shownLocations(ex, [event], undefined)).get(event.id) ?? event.location);
    return {
      eventId: event.id,
      eventTitle: event.title,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      timeZone: event.timeZone,
      location,
      name: guest.name,
      status: mine.status,
      guests: mine.guests,
      answers: mine.answers,
      waitlistPosition: mine.position,
      ...(mine.status === 'going'
        ? await deps.rsvps
            .ticketFor(event.id, guest.id)
            .then((t) => ({ ticket: t.code, doorCode: t.doorCode }))
        : { ticket: null, doorCode: null }),
      maxGuests: event.maxGuests,
      questions: event.questions,
    };
  }

  async function managed(token: string): Promise<EventGuest> {
    const guest = await repo.findByManageToken(db, hashToken(token));
    if (!ofEvent(guest)) throw notFound(GUEST_MSG.linkInvalid);
    return guest;
  }

  /** A poll guest's manage link (decision 056): 404 for any other link. */
  async function managedVoter(token: string): Promise<PollGuest> {
    const guest = await repo.findByManageToken(db, hashToken(token));
    if (!ofPoll(guest)) throw notFound(GUEST_MSG.linkInvalid);
    return guest;
  }

  /** What a poll guest's link shows: the poll as a visitor sees it, their answers as `mine`. */
  async function presentVotes(guest: PollGuest, ex: Executor = db): Promise<GuestVotes> {
    return { poll: await deps.polls.readAsGuest(guest.pollId, guest.id, ex), name: guest.name };
  }

  /** The e-mails of a poll's guest: confirm their answers, then the manage link (decision 056). */
  async function pollMailFor(job: GuestMailJob, guest: PollGuest): Promise<MailMessage | undefined> {
    if (job.kind === 'offer') return undefined;
    const poll = await deps.polls.readAsGuest(guest.pollId, guest.id).catch(() => undefined);
    if (!poll) return undefined;
    const { locale } = guest;
    const text = (key: MessageKey) => t(locale, key, { title: poll.title });
    const base = {
      to: guest.email,
      name: guest.name,
      neverUrl: neverUrl(guest.email),
      locale,
      why: text('mail.guestVote.why'),
    };
    if (job.kind === 'confirm') {
      const token = storedLinkToken(links, job.tokenId, guest.confirmTokenHash);
      if (!token) return undefined;
      return guestMail({
        ...base,
        subject: text('mail.guestVote.confirm.subject'),
        lines: [text('mail.guestVote.confirm.intro'), text('mail.guest.confirm.ignore')],
        action: { label: text('mail.guestVote.confirm.button'), href: link('/guest-votes/confirm', token) },
      });
    }
    const token = storedLinkToken(links, job.tokenId, guest.manageTokenHash);
    if (!token) return undefined;
    return guestMail({
      ...base,
      subject: text('mail.guestVote.confirmed.subject'),
      lines: [text('mail.guestVote.confirmed.saved'), text('mail.guestVote.confirmed.keep')],
      action: { label: text('mail.guestVote.confirmed.button'), href: link(managePage(guest), token) },
    });
  }

  async function mailFor(job: GuestMailJob): Promise<MailMessage | undefined> {
    const guest = await repo.findGuest(db, job.guestId);
    if (!guest || (await repo.isSuppressed(db, guest.email))) return undefined;
    if (ofPoll(guest)) return pollMailFor(job, guest);
    // A guest who never confirmed an address (a remote attendee, decision 080) is mailed nothing
    // but a confirmation link; a remote one is told by direct messages instead.
    if (!ofEvent(guest) || (!guest.confirmedAt && job.kind !== 'confirm')) return undefined;
    const event = await repo.eventOf(db, guest.eventId);
    if (!event) return undefined;
    const { locale } = guest;
    const text = (key: MessageKey, params: MessageParams = {}) =>
      t(locale, key, {
        title: event.title,
        when: eventWhen(event),
        ...params,
      });
    const base = { to: guest.email, name: guest.name, neverUrl: neverUrl(guest.email), locale };
    if (job.kind === 'confirm') {
      // A newer request for this address replaced the link, or it was used already.
      const token = storedLinkToken(links, job.tokenId, guest.confirmTokenHash);
      if (!token) return undefined;
      return guestMail({
        ...base,
        subject: text('mail.guest.confirm.subject'),
        lines: [text('mail.guest.confirm.intro'), text('mail.guest.confirm.ignore')],
        action: { label: text('mail.guest.confirm.button'), href: link('/guest-rsvp/confirm', token) },
      });
    }
    if (job.kind === 'confirmed') {
      const token = storedLinkToken(links, job.tokenId, guest.manageTokenHash);
      if (!token) return undefined;
      const [mine] = await attendeeRows(db, guest.eventId, guest.id);
      if (!mine) return undefined;
      const ticket = mine.status === 'going' ? await deps.rsvps.ticketFor(event.id, guest.id) : undefined;
      const status = ticket
        ? text('mail.guest.confirmed.going', { doorCode: ticket.doorCode })
        : mine.status === 'waitlisted'
          ? text('mail.guest.confirmed.waitlisted', { position: mine.position ?? 0 })
          : text('mail.guest.confirmed.saved', { status: mine.status });
      return guestMail({
        ...base,
        subject: text('mail.guest.confirmed.subject'),
        lines: [status, text('mail.guest.confirmed.keep')],
        action: { label: text('mail.guest.confirmed.button'), href: link('/guest-rsvp/manage', token) },
        // The ticket itself, so the e-mail opens the door even once the answer is an account's.
        image: ticket && {
          src: `${deps.publicUrl}/api/events/${event.id}/tickets/qr.png?code=${encodeURIComponent(ticket.code)}`,
          alt: text('mail.guest.confirmed.qr'),
        },
      });
    }
    // Which event, when and where, as the guest may read it: offered a place, they are not going
    // yet, so an ATTENDEES address shows as the city (decision 044); given one, they are going.
    const where = job.offerExpiresAt
      ? ((await shownLocations(db, [event], undefined)).get(event.id) ?? event.location)
      : event.location;
    return guestMail({
      ...base,
      subject: text('mail.guest.offer.subject'),
      lines: [
        job.offerExpiresAt
          ? text('mail.guest.offer.until', { where, until: { at: job.offerExpiresAt, zone: event.timeZone } })
          : text('mail.guest.offer.granted', { where }),
        text('mail.guest.offer.ticket'),
      ],
      action: { label: text('mail.guest.offer.button'), href: `${deps.publicUrl}/event/${event.id}` },
      why: text('mail.guest.whyWaitlist'),
    });
  }

  return {
    /** The signed "rendered at" token the guest form sends back (404 unless guests may answer). */
    async form(eventId: string, now = Date.now()): Promise<{ formToken: string }> {
      const event = await openEvent(eventId);
      return { formToken: formToken(links, event.id, now) };
    },

    /**
     * A visitor's answer: stored, not counted, until the mailed link is followed. Honeypot hits
     * and forms sent too fast are answered like any other (202) and dropped.
     */
    async request(
      eventId: string,
      body: GuestRsvpBody,
      locale: Locale = 'en',
      now = Date.now(),
    ): Promise<void> {
      const event = await openEvent(eventId);
      if (!(await admitForm(event.id, body, now))) return;
      const status = body.status ?? 'going';
      const guests = body.guests ?? [];
      const answers = checkAnswer(event, { status, guests, answers: body.answers ?? {} });
      await askToConfirm(
        body,
        locale,
        { eventId: event.id, pending: { status, guests, answers } },
        event.endDate,
      );
    },

    /** Follows a confirmation link: the answer counts now (once; the link then stops working). */
    async confirm(token: string): Promise<{ rsvp: GuestRsvp; manageToken: string }> {
      const { written, manageToken } = await redeem(
        token,
        'event',
        async (tx, guest) => {
          if (!ofEvent(guest) || !guest.pending) return undefined;
          const { offers, status } = await setRsvp(tx, {
            eventId: guest.eventId,
            guestId: guest.id,
            ...guest.pending,
          });
          await tellHosts(tx, guest, status);
          // The answer is read inside the transaction: once the link is spent, nothing may wait for
          // a pool connection (a 503 then would send the guest back to a link that stopped working).
          return { guest, written: { offers, rsvp: await present(guest, tx) } };
        },
        ({ offers }, guest) => deps.rsvps.announce(guest.eventId, offers),
      );
      return { rsvp: written.rsvp, manageToken };
    },

    /** The manage link: the guest's own answer. */
    async view(token: string): Promise<GuestRsvp> {
      return present(await managed(token));
    },

    /** Changes the answer from the manage link, through the one RSVP write path. */
    async update(
      token: string,
      body: { status?: GuestAnswer['status']; guests?: string[]; answers?: Record<string, string> },
    ): Promise<GuestRsvp> {
      const guest = await managed(token);
      const event = await openEvent(guest.eventId);
      const outcome = await db.transaction(async (tx) => {
        const [mine] = await attendeeRows(tx, event.id, guest.id);
        if (!mine) throw notFound(GUEST_MSG.linkInvalid);
        const written = await setRsvp(tx, {
          eventId: event.id,
          guestId: guest.id,
          status: body.status ?? keepPlace(mine.status),
          guests: body.guests,
          answers: body.answers,
        });
        await tellHosts(tx, guest, written.status, mine.status);
        return written;
      });
      deps.rsvps.announce(event.id, outcome.offers);
      return present(guest);
    },

    /** Cancels from the manage link: the answer and the guest identity go; the place moves on. */
    async cancel(token: string): Promise<void> {
      const guest = await managed(token);
      const outcome = await db.transaction(async (tx) => {
        const [mine] = await attendeeRows(tx, guest.eventId, guest.id);
        const written = await setRsvp(tx, { eventId: guest.eventId, guestId: guest.id, status: 'leave' });
        await tellHosts(tx, guest, written.status, mine?.status);
        await repo.deleteGuest(tx, guest.id);
        return written;
      });
      deps.rsvps.announce(guest.eventId, outcome.offers);
    },

    /**
     * The guests notify() delivers to (reminder, change, cancellation: the one path): confirmed,
     * not suppressed, in the language they answered in, with their manage link (the same as in
     * their confirmation) and "never e-mail me again".
     */
    async recipients(ids: string[]): Promise<Map<string, Recipient>> {
      return byId(ids, async (unique) =>
        (await repo.reachable(db, unique)).map((g): Recipient => {
          const token = manageToken(g);
          return {
            id: g.id,
            email: g.email,
            fullName: g.name,
            emailVerified: true,
            preferences: GUEST_PREFERENCES,
            locale: g.locale,
            guest: { manageUrl: token ? link(managePage(g), token) : null, neverUrl: neverUrl(g.email) },
          };
        }),
      );
    },

    /** "Never e-mail me again", from any guest e-mail: the address is sent nothing more. */
    /** Whether a "never e-mail me again" link is one we signed and still good (its page shows the button). */
    neverEmailValid: (token: string): boolean => readNeverToken(links, token) !== undefined,

    async neverEmail(token: string): Promise<void> {
      const email = readNeverToken(links, token);
      if (!email) throw badRequest(GUEST_MSG.linkInvalid);
      await repo.suppress(db, email);
    },

    /** A place offered to (or given to) a guest (a `place.offered` subscriber): told by e-mail. */
    async offered(offer: { guestId: string; eventId: string; offerExpiresAt: string | null }): Promise<void> {
      await jobs.send(GUEST_MAIL_QUEUE, {
        kind: 'offer',
        guestId: offer.guestId,
        eventId: offer.eventId,
        offerExpiresAt: offer.offerExpiresAt,
      } satisfies GuestMailJob);
    },

    /**
     * Inside the transaction that verifies `email` for `userId`: the answers given from that
     * address without an account become the member's (the same row, place and check-in). Where
     * the member had answered too, theirs is kept and the guest's removed (its place moves on).
     * Answers what tells the event rooms and offers, to call after the commit.
     */
    async claimWithin(tx: Executor, userId: string, email: string): Promise<() => void> {
      const offers = new Map<string, Offer[]>();
      // Poll answers given from this address (decision 056): the member's own answer wins.
      const told: (() => void)[] = [];
      for (const { guestId, pollId } of await repo.votesOf(tx, email)) {
        told.push(await deps.polls.claimWithin(tx, pollId, guestId, userId));
        await repo.deleteGuest(tx, guestId);
      }
      for (const { guestId, eventId } of await repo.answersOf(tx, email)) {
        await lockEvent(tx, eventId);
        if (await repo.memberAnswered(tx, eventId, userId)) {
          const written = await setRsvp(tx, { eventId, guestId, status: 'leave' });
          await repo.rememberGuestTicket(tx, eventId, userId, guestId);
          offers.set(eventId, [...(offers.get(eventId) ?? []), ...written.offers]);
        } else {
          await repo.handOver(tx, guestId, userId);
          offers.set(eventId, offers.get(eventId) ?? []);
        }
        await repo.deleteGuest(tx, guestId);
      }
      return () => {
        for (const [eventId, made] of offers) deps.rsvps.announce(eventId, made);
        for (const tell of told) tell();
      };
    },

    /** The form token of a poll's guest form (404 / 403 / 409 unless guests may vote now). */
    async pollForm(pollId: string, now = Date.now()): Promise<{ formToken: string }> {
      const { row } = await deps.polls.guestPoll(pollId);
      return { formToken: formToken(links, row.id, now) };
    },

    /**
     * A visitor's answers to a poll that takes guest votes (decision 056): stored on their guest
     * identity of the poll, not counted until the mailed link is followed. The same form token,
     * honeypot, limits (shared with guest answers to events) and "never e-mail me again".
     */
    async requestVotes(
      pollId: string,
      body: GuestVotesBody,
      locale: Locale = 'en',
      now = Date.now(),
    ): Promise<void> {
      const { row, optionIds, lastEndsAt } = await deps.polls.guestPoll(pollId);
      if (!(await admitForm(row.id, body, now))) return;
      const votes = checkVotes(optionIds, body.votes);
      await askToConfirm(body, locale, { pollId: row.id, pendingVotes: votes }, linksUntil(row, lastEndsAt));
    },

    /** Follows a poll guest's confirmation link: the answers count now, through the one vote path. */
    async confirmVotes(token: string): Promise<GuestVotes & { manageToken: string }> {
      const { written, manageToken } = await redeem(
        token,
        'poll',
        async (tx, guest) => {
          if (!ofPoll(guest) || !guest.pendingVotes) return undefined;
          const vote = await deps.polls.voteWithin(
            tx,
            { guestId: guest.id },
            guest.pollId,
            guest.pendingVotes,
          );
          // As in `confirm`: once the link is spent, nothing may wait for a pool connection (a 503
          // would send the guest back to a link that stopped working), so the answer is read here
          // and the room is told without holding up the response.
          return { guest, written: { vote, answer: await presentVotes(guest, tx) } };
        },
        ({ vote }) => deps.polls.tellVote(vote),
      );
      return { ...written.answer, manageToken };
    },

    /** A poll guest's manage link: the poll and their own answers. */
    async viewVotes(token: string): Promise<GuestVotes> {
      return presentVotes(await managedVoter(token));
    },

    /** Changes a poll guest's answers from the manage link, through the one vote path. */
    async updateVotes(token: string, votes: Record<string, VoteChoice>): Promise<PollUpdatedEvent> {
      const guest = await managedVoter(token);
      if (Object.keys(votes).length === 0) throw badRequest(POLL_MSG.votesRequired);
      const written = await db.transaction((tx) =>
        deps.polls.voteWithin(tx, { guestId: guest.id }, guest.pollId, votes),
      );
      return deps.polls.announceVote(written);
    },

    /** Withdraws a poll guest's answers: they leave the counts and the list; the identity goes. */
    async withdrawVotes(token: string): Promise<void> {
      const guest = await managedVoter(token);
      const written = await db.transaction(async (tx) => {
        const done = await deps.polls.voteWithin(tx, { guestId: guest.id }, guest.pollId, {});
        await repo.deleteGuest(tx, guest.id);
        return done;
      });
      // The link is gone with the identity: a failure after the commit must not answer 503.
      deps.polls.tellVote(written);
    },

    async start(): Promise<void> {
      await jobs.work<GuestMailJob>(GUEST_MAIL_QUEUE, async (job) => {
        const message = await mailFor(job);
        if (message) await deps.mailer.send(message);
      });
    },
  };
}

export type GuestService = ReturnType<typeof createGuestService>;
