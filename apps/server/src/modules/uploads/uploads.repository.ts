import { and, eq, gt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
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

/**
 * Claims a pending upload once: the signature of a used or expired upload URL is worthless.
 * `graceMs` extends the deadline (an S3 upload is claimed when its URL is first saved).
 */
export async function claimUpload(
  db: Executor,
  key: string,
  sizeBytes: number,
  graceMs = 0,
): Promise<boolean> {
  const deadline = graceMs > 0 ? sql`now() - make_interval(secs => ${graceMs / 1000})` : sql`now()`;
  const rows = await db
    .update(uploads)
    .set({ status: 'stored', sizeBytes, storedAt: sql`now()` })
    .where(and(eq(uploads.key, key), eq(uploads.status, 'pending'), gt(uploads.expiresAt, deadline)))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

export async function releaseUpload(db: Executor, key: string): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'pending', sizeBytes: null, storedAt: null })
    .where(eq(uploads.key, key));
}

/** The upload behind a key, pending or stored. */
export async function findUpload(db: Executor, key: string) {
  const rows = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return rows[0];
}

export async function findStoredUpload(db: Executor, key: string) {
  return firstRow(db, uploads, and(eq(uploads.key, key), eq(uploads.status, 'stored')));
}

/** Removes an upload's row (an event form's picture whose request failed before it was written). */
export async function deleteUpload(db: Executor, key: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.key, key));
}
