import { randomUUID } from 'node:crypto';
import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_MSG, type EventAnnouncementInput } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { EventRow, UserRow } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/outbox.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';

export type EventAnnouncementsDeps = {
  db: Database;
  /** The event, visible to and hosted by the caller (404 / 403 otherwise). */
  hosted: (eventId: string, userId: string) => Promise<EventRow>;
  limiter: RateLimiter;
  /** notifications.announcementAudience: the people of the event it goes to, by their answer. */
  audience: (
    event: EventRow,
    actorId: string,
    audience: EventAnnouncementInput['audience'],
  ) => Promise<string[]>;
};

/**
 * One announcement of a group's allowance (an event's or a community's, whoever of its hosts
 * sends it): 429 with Retry-After beyond ANNOUNCEMENT_LIMITS.
 */
export async function spendAnnouncement(limiter: RateLimiter, key: string): Promise<void> {
  const verdict = await limiter.consume(key, {
    limit: ANNOUNCEMENT_LIMITS.perWindow,
    windowMs: ANNOUNCEMENT_LIMITS.windowMs,
  });
  if (verdict.limited) {
    await limiter.release(key);
    throw tooManyRequests(ANNOUNCEMENT_MSG.tooMany, verdict.retryAfterSeconds);
  }
}

/** Hosts message the people of their event, a few times an hour per event at most. */
export function createEventAnnouncements(deps: EventAnnouncementsDeps) {
  return {
    /** Sends the message to the audience; answers how many people it reached. */
    async send(
      user: UserRow,
      eventId: string,
      input: EventAnnouncementInput,
    ): Promise<{ recipients: number }> {
      const event = await deps.hosted(eventId, user.id);
      // Per event, not per host: co-hosts share the event's allowance.
      await spendAnnouncement(deps.limiter, `event-announcements:${event.id}`);
      const userIds = await deps.audience(event, user.id, input.audience);
      // Told through the outbox (decision 065): the answer's count is what the subscriber sends to.
      if (userIds.length > 0)
        await recordEvent(deps.db, 'event.announced', {
          event: { id: event.id, title: event.title },
          actorId: user.id,
          userIds,
          announcement: { id: randomUUID(), message: input.message },
        });
      return { recipients: userIds.length };
    },
  };
}

export type EventAnnouncements = ReturnType<typeof createEventAnnouncements>;
