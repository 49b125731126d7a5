import { and, eq, gt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

type NewUpload = {
  key: string;
  ownerId: string;
  purpose: 'profile-image' | 'event-image';
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
};

export async function insertPendingUpload(db: Executor, values: NewUpload): Promise<void> {
  await db.insert(uploads).values({ id: uuidv7(), ...values });
}

export async function insertStoredUpload(
  db: Executor,
  values: NewUpload & { sizeBytes: number },
): Promise<void> {
  await db.insert(uploads).values({ id: uuidv7(), ...values, status: 'stored', storedAt: new Date() });
}

/** Claims a pending upload once: the signature of a used or expired upload URL is worthless. */
export async function claimUpload(db: Executor, key: string, sizeBytes: number): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: 'stored', sizeBytes, storedAt: sql`now()` })
    .where(and(eq(uploads.key, key), eq(uploads.status, 'pending'), gt(uploads.expiresAt, sql`now()`)))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

export async function releaseUpload(db: Executor, key: string): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'pending', sizeBytes: null, storedAt: null })
    .where(eq(uploads.key, key));
}

export async function findStoredUpload(db: Executor, key: string) {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.status, 'stored')))
    .limit(1);
  return rows[0];
}
