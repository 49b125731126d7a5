import { citySlug } from '@townsquare/contracts';
import type { Executor } from '../../db/client.ts';
import { eventWhen } from '../../platform/i18n.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import { dueForNearbyDigest, markNearbyDigestSent, newEventsNear } from './nearby.repository.ts';

/** People read per round trip, and events named in one digest. */
const BATCH = 500;
const NAMED = 3;
const COUNTED = 50;

/**
 * Nearby alerts (decision 044): for everyone who turned them on, at most one digest a
 * week of the new events within their radius of home that they may see (never their own),
 * through the one notification path (`events_nearby`: the app, e-mail with its one-click
 * unsubscribe, push when chosen). Run daily by the job queue's cron; someone with nothing new is
 * asked again the next day. Answers how many digests went out.
 */
export async function sendNearbyDigests(
  db: Executor,
  notify: (input: NotifyInput, options: { subjectChecked: boolean }) => Promise<unknown>,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  let afterId: string | null = null;
  for (;;) {
    const due = await dueForNearbyDigest(db, now, afterId, BATCH);
    for (const who of due) {
      const found = await newEventsNear(db, who, COUNTED + 1);
      const first = found[0];
      if (!first) continue;
      const named = found.slice(0, NAMED).map((e) => ({
        key: 'notification.eventsNearby.item' as const,
        params: { title: e.title, when: eventWhen(e) },
      }));
      const over = found.length > COUNTED;
      await notify(
        {
          userId: who.id,
          kind: 'events_nearby',
          // Read with visibleTo for this person a moment ago; the newest is what the digest opens on.
          subject: { type: 'event', id: first.id },
          message: {
            key: 'notification.eventsNearby',
            params: {
              total: over ? COUNTED : found.length,
              over: over ? 'yes' : 'no',
              more: Math.max(found.length - NAMED, 0),
              city: who.city,
              named: { list: named, separator: ', ' },
            },
          },
          url: `/near/${citySlug(who.city, who.country)}`,
          dedupeKey: `events_nearby:${now.toISOString().slice(0, 10)}`,
        },
        { subjectChecked: true },
      );
      await markNearbyDigestSent(db, who.id, now);
      sent++;
    }
    const last = due.at(-1);
    if (due.length < BATCH || !last) return sent;
    afterId = last.id;
  }
}
