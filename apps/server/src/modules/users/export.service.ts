import { type AccountExport, tooManyRequestsMessage } from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { LIMITS_PER, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import * as repo from './export.repository.ts';
import { presentSelf } from './users.presenter.ts';

export type ExportService = ReturnType<typeof createExportService>;

const iso = (d: Date) => d.toISOString();

/** "Download my data": everything one person put into Townsquare, as one JSON document. */
export function createExportService(deps: {
  db: Database;
  limiter: RateLimiter;
  /** Where a stored photo is served (the album photos' URLs). */
  publicUrl: (key: string) => string;
}) {
  const { db, limiter } = deps;
  return {
    /** The file name the browser saves the export under. */
    fileName(user: UserRow): string {
      return `townsquare-export-${user.username ?? user.id}.json`;
    },

    /** Rate-limited per person (LIMITS_PER.exportPerUser): it reads every table the person touched. */
    async exportAccount(user: UserRow): Promise<AccountExport> {
      const verdict = await limiter.consume(`export:${user.id}`, LIMITS_PER.exportPerUser);
      if (verdict.limited)
        throw tooManyRequests(tooManyRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
      // One snapshot: every read sees the same moment.
      return db.transaction(
        async (tx) => {
          // One connection runs one query at a time, so these go one after another.
          const created = await repo.eventsCreatedBy(tx, user.id);
          const rsvps = await repo.rsvpsOf(tx, user.id);
          const friends = await repo.friendsOf(tx, user.id);
          const sent = await repo.friendRequestsOf(tx, user.id, 'sent');
          const received = await repo.friendRequestsOf(tx, user.id, 'received');
          const groups = await repo.friendGroupsOf(tx, user.id);
          const subgroups = await repo.subgroupsOf(tx, user.id);
          const communities = await repo.communitiesOf(tx, user.id);
          const messages = await repo.messagesSentBy(tx, user.id);
          const photos = await repo.photosAddedBy(tx, user.id);
          const written = await repo.recapsWrittenBy(tx, user.id);
          return {
            exportedAt: iso(new Date()),
            profile: presentSelf(user),
            eventsCreated: created.map((e) => ({
              id: e.id,
              title: e.title,
              description: e.description,
              location: e.location,
              startDate: iso(e.startDate),
              endDate: iso(e.endDate),
              isFree: e.isFree,
              cost: e.cost,
              status: e.status,
              visibility: e.visibility,
              recurrence: e.recurrence,
              tags: e.tags,
              imageUrl: e.imageUrl,
              createdAt: iso(e.createdAt),
              updatedAt: iso(e.updatedAt),
            })),
            rsvps: rsvps.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
            friends: friends.map((f) => ({ ...f, since: iso(f.since) })),
            friendRequests: {
              sent: sent.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
              received: received.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
            },
            friendGroups: groups.map(({ createdBy, ...g }) => ({
              ...g,
              createdByYou: createdBy === user.id,
              createdAt: iso(g.createdAt),
            })),
            subgroups: subgroups.map(({ createdBy, ...g }) => ({
              ...g,
              createdByYou: createdBy === user.id,
              createdAt: iso(g.createdAt),
            })),
            communities: communities.map((c) => ({ ...c, since: iso(c.since) })),
            messagesSent: messages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
            photos: photos.map(({ uploadKey, ...p }) => ({
              ...p,
              imageUrl: deps.publicUrl(uploadKey),
              createdAt: iso(p.createdAt),
            })),
            recaps: written.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
