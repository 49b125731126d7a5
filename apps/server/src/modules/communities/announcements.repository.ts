import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertRow } from '../../db/rows.ts';
import { communityAnnouncements, users } from '../../db/schema/index.ts';

export async function insertAnnouncement(
  db: Executor,
  values: { communityId: string; authorId: string; title: string; message: string },
) {
  return insertRow(db, communityAnnouncements, values);
}

/** The newest first, with their authors (null once the account is gone). */
export async function latestAnnouncements(db: Executor, communityId: string, limit: number) {
  return db
    .select({
      id: communityAnnouncements.id,
      title: communityAnnouncements.title,
      message: communityAnnouncements.message,
      createdAt: communityAnnouncements.createdAt,
      authorId: users.id,
      username: users.username,
      fullName: users.fullName,
    })
    .from(communityAnnouncements)
    .leftJoin(users, eq(users.id, communityAnnouncements.authorId))
    .where(eq(communityAnnouncements.communityId, communityId))
    .orderBy(desc(communityAnnouncements.createdAt), desc(communityAnnouncements.id))
    .limit(limit);
}
