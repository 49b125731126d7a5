import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { EventRow, UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { writeCalendar } from '../../platform/ics-writer.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import { shownLocations } from '../events/events.service.ts';
import * as repo from './calendar.repository.ts';

export const FEED_NOT_FOUND = 'Calendar feed not found';

export type CalendarServiceDeps = {
  db: Database;
  publicUrl: string;
  /** The one link signer (decision 066): feeds need no secret of their own. */
  links: LinkSigner;
};

export type CalendarFeed = { body: string; etag: string };

export type CalendarService = ReturnType<typeof createCalendarService>;

/**
 * Calendar feeds. A person's private feed lives at /api/calendar/<secret>.ics where the secret
 * is their id and an HMAC of their feed nonce: nothing to store, and a new nonce ("Reset link")
 * voids every earlier link.
 */
export function createCalendarService(deps: CalendarServiceDeps) {
  const { db } = deps;
  const signed = (userId: string, nonce: string) => `${userId}:${nonce}`;

  const secretFor = (userId: string, nonce: string) =>
    `${userId.replace(/-/g, '')}${deps.links.sign('calendar-feed', signed(userId, nonce))}`;

  const urlFor = (userId: string, nonce: string) =>
    `${deps.publicUrl}/api/calendar/${secretFor(userId, nonce)}.ics`;

  /** The feed's events with `location` as its reader may know it (decision 044). */
  async function located<T extends EventRow>(events: T[], readerId: string | undefined): Promise<T[]> {
    const where = await shownLocations(db, events, readerId);
    return events.map((e) => ({ ...e, location: where.get(e.id) ?? e.location }));
  }

  function finish(body: string): CalendarFeed {
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }

  return {
    /** The person's private feed URL (`calendarFeedUrl` on GET /api/users/me). */
    feedUrl: (user: UserRow) => urlFor(user.id, user.calendarFeedNonce),

    /** "Reset link": a new nonce, so the old URL answers 404. */
    async resetFeed(user: UserRow) {
      return urlFor(user.id, await repo.resetFeedNonce(db, user.id));
    },

    /** The feed a secret names, or 404 for any secret we did not issue (or since reset). */
    async personalFeed(secret: string): Promise<CalendarFeed> {
      const m = /^([0-9a-f]{32})([A-Za-z0-9_-]{43})$/.exec(secret);
      if (!m) throw notFound(FEED_NOT_FOUND);
      const hex = m[1] ?? '';
      const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const feed = await repo.readPersonalFeed(db, userId);
      if (!feed || !deps.links.verify('calendar-feed', signed(userId, feed.nonce), m[2] ?? ''))
        throw notFound(FEED_NOT_FOUND);
      return finish(
        writeCalendar(await located(feed.events, userId), { publicUrl: deps.publicUrl, name: 'Townsquare' }),
      );
    },

    /** A PUBLIC community's upcoming public events; 404 for a PRIVATE or unknown community. */
    async communityFeed(slug: string): Promise<CalendarFeed> {
      const feed = await repo.readCommunityFeed(db, slug);
      if (!feed) throw notFound(FEED_NOT_FOUND);
      return finish(
        writeCalendar(await located(feed.events, undefined), { publicUrl: deps.publicUrl, name: feed.name }),
      );
    },
  };
}
