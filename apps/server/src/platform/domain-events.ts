import type { Message } from './i18n.ts';

/**
 * Every domain event, by type, with what it carries (decision 065). A service records one with
 * `recordEvent` (platform/outbox.ts) in the transaction of the change; subscribers (one file each)
 * turn it into notifications, realtime rechecks and, later, federation deliveries.
 *
 * Payloads are JSON (stored as jsonb): instants are ISO strings, and a payload says what the
 * subscribers need that is gone once the transaction commits (who had answered a deleted event).
 * When it happened is the outbox row's time, given to every subscriber (`at`).
 */
export type DomainEvents = {
  /**
   * Someone's answer to an event changed (`status` null: removed): a member's (`userId`) or a
   * guest's without an account (`guestId`, with the `name` they gave: the guest may be gone).
   */
  'rsvp.changed': {
    eventId: string;
    userId?: string;
    guestId?: string;
    name?: string;
    status: string | null;
    previous?: string;
  };
  /**
   * An event was created, published, edited or is deleted (`after` absent), as rows before and
   * after the change (`EventSnapshot`): reminders, the community's "new event", "what changed".
   */
  'event.changed': { before?: EventSnapshot; after?: EventSnapshot; actorId: string };
  /**
   * An event is off: called off by its host, deleted, or cancelled with the account of its host or
   * with its community. The one `event_cancelled` trigger: `recipients` (members) and `guests`
   * (answers without an account, decision 048) were read in the transaction, before it could go.
   */
  'event.cancelled': {
    eventId: string;
    title: string;
    actorId?: string;
    recipients: string[];
    guests: string[];
    /** The event's page when it still exists; absent: the events list. */
    url?: string;
    /** When it was called off (a restored and again cancelled event is announced again). */
    cancelledAt?: string;
    /** Why, when it went with something else (its host's account, its community). */
    reason?: Message;
    /** The community's name, when it went with its community (the socket event names it). */
    community?: string;
  };
  /** A place on an event's waitlist was offered (`offerExpiresAt`) or given (`going`) to someone. */
  'place.offered': {
    eventId: string;
    userId: string | null;
    guestId: string | null;
    status: 'offered' | 'going';
    offerExpiresAt: string | null;
  };
  /** Someone who stopped going gave back what they had claimed on the event's sign-up sheet. */
  'signup.released': { eventId: string; userId: string; released: { itemId: string; quantity: number }[] };
  'friend.requested': { senderId: string; receiverId: string };
  'friend.accepted': { accepterId: string; requesterId: string };
  /** A chat message was stored (direct messages and mentions are told from it). */
  'message.stored': { messageId: string };
  /** Someone asked to join a community that approves its members. */
  'member.requested': { community: CommunityRef; requesterId: string; organizerIds: string[] };
  'member.approved': { community: CommunityRef; actorId: string; userId: string };
  'member.invited': { community: CommunityRef; actorId: string; userId: string };
  /** A host's announcement to the people of an event (read in the transaction: `userIds`). */
  'event.announced': {
    event: { id: string; title: string };
    actorId: string;
    userIds: string[];
    announcement: { id: string; message: string };
  };
  /** An event's album got its first photo (decision 075): its attendees are told, once a day at most. */
  'album.first_photos': { eventId: string; actorId: string };
  /** A recap of an event was published (decision 075): its attendees are told, once a day at most. */
  'recap.published': { recapId: string; eventId: string; actorId: string; title: string };
  'community.announced': {
    community: CommunityRef;
    actorId: string;
    memberIds: string[];
    announcement: { id: string; title: string; message: string };
  };
  /**
   * A sponsorship was proposed or changed state (decision 074). `recipients`, read in the
   * transaction, are the other side: the business's account, or the community's organisers.
   */
  'sponsorship.changed': {
    sponsorshipId: string;
    state: string;
    proposedBy: 'sponsor' | 'community';
    actorId: string;
    /** Which side acted: the business tells the organisers, the organisers tell the business. */
    by: 'sponsor' | 'community';
    community: CommunityRef;
    sponsor: { id: string; name: string };
    recipients: string[];
  };
};

export type DomainEventType = keyof DomainEvents;
export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEvents[K] } }[DomainEventType];

/** What a notification about a community needs of it. */
export type CommunityRef = { id: string; slug: string; name: string };

/** An event row as JSON: its instants as ISO strings (`reviveEvent` in the subscribers turns them back). */
export type EventSnapshot = Record<string, unknown> & { id: string };
