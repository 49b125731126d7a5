import {
  ANNOUNCEMENT_MSG,
  type Community,
  type CommunityAnnouncementDto,
  type CommunityAnnouncementInput,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { forbidden } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/outbox.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { type CommunityActor, can } from '../access/communities.ts';
import { spendAnnouncement } from '../events/announcements.service.ts';
import * as repo from './announcements.repository.ts';

/** The viewer's row as the presented community carries it. */
const viewerOf = (c: Community): CommunityActor => ({ role: c.viewerRole, state: c.viewerState });

export type CommunityAnnouncementsDeps = {
  db: Database;
  limiter: RateLimiter;
  /** communities.get: the community as the viewer sees it (404 when they cannot). */
  community: (slug: string, viewerId: string | undefined) => Promise<Community>;
  /** The ids of the community's members (groups/membership: state `member` only). */
  memberIds: (communityId: string) => Promise<string[]>;
};

const LATEST = 20;

type Row = Awaited<ReturnType<typeof repo.latestAnnouncements>>[number];
const present = (r: Row): CommunityAnnouncementDto => ({
  id: r.id,
  title: r.title,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  author: r.authorId ? { id: r.authorId, username: r.username, fullName: r.fullName ?? '' } : null,
});

/** Organisers announce to their community: stored for its page, told to every member. */
export function createCommunityAnnouncements(deps: CommunityAnnouncementsDeps) {
  const { db } = deps;
  return {
    async announce(me: UserRow, slug: string, input: CommunityAnnouncementInput) {
      const community = await deps.community(slug, me.id);
      if (!can(viewerOf(community), 'announce', community)) throw forbidden(ANNOUNCEMENT_MSG.notOrganiser);
      await spendAnnouncement(deps.limiter, `community-announcements:${community.id}`);
      const recipients = (await deps.memberIds(community.id)).filter((id) => id !== me.id);
      // Stored with its `community.announced` event (decision 065): every member is told.
      const row = await db.transaction(async (tx) => {
        const row = await repo.insertAnnouncement(tx, {
          communityId: community.id,
          authorId: me.id,
          title: input.title,
          message: input.message,
        });
        await recordEvent(tx, 'community.announced', {
          community: { id: community.id, slug: community.slug, name: community.name },
          actorId: me.id,
          memberIds: recipients,
          announcement: { id: row.id, title: input.title, message: input.message },
        });
        return row;
      });
      const announcement = present({
        ...row,
        authorId: me.id,
        username: me.username,
        fullName: me.fullName,
      });
      return { announcement, recipients: recipients.length };
    },

    /** The newest announcements, for whoever can see the community. */
    async list(slug: string, viewerId: string | undefined) {
      const community = await deps.community(slug, viewerId);
      // A private community's page shows its about card to anyone; its news is for members.
      if (!can(viewerOf(community), 'seeInside', community)) throw forbidden(ANNOUNCEMENT_MSG.membersOnly);
      return { announcements: (await repo.latestAnnouncements(db, community.id, LATEST)).map(present) };
    },
  };
}

export type CommunityAnnouncements = ReturnType<typeof createCommunityAnnouncements>;
