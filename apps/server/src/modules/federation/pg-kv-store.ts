import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { federationKv } from '../../db/schema/index.ts';

/** Milliseconds of a Fedify TTL (a Temporal duration without calendar units). */
const ttlMs = (options?: KvStoreSetOptions) =>
  options?.ttl ? Math.max(0, Math.round(options.ttl.total({ unit: 'millisecond' }))) : undefined;

const expiresAt = (options?: KvStoreSetOptions) => {
  const ms = ttlMs(options);
  return ms === undefined ? null : new Date(Date.now() + ms);
};

const live = sql`(${federationKv.expiresAt} is null or ${federationKv.expiresAt} > now())`;

/**
 * The ActivityPub library's key-value store on our PostgreSQL (decision 072), one table
 * (`federation_kv`): no second database to run. An expired entry reads as absent; entries past
 * their time are swept by `sweep` (a cron of the module).
 */
export function createPgKvStore(db: Database): KvStore & { sweep(): Promise<number> } {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const rows = await db
        .select({ value: federationKv.value })
        .from(federationKv)
        .where(sql`${federationKv.key} = ${sql.param([...key])}::text[] and ${live}`);
      return rows[0]?.value as T | undefined;
    },

    async set(key, value, options) {
      // The library caches "no such key" as null: a JSON null, not an SQL NULL (the column is not null).
      const stored = value === null || value === undefined ? sql`'null'::jsonb` : value;
      await db
        .insert(federationKv)
        .values({ key: [...key], value: stored, expiresAt: expiresAt(options) })
        .onConflictDoUpdate({
          target: federationKv.key,
          set: { value: stored, expiresAt: expiresAt(options) },
        });
    },

    async delete(key) {
      await db.delete(federationKv).where(sql`${federationKv.key} = ${sql.param([...key])}::text[]`);
    },

    async cas(key, expectedValue, newValue, options) {
      // One statement: the swap happens only while the stored value (or its absence) is the one
      // expected, so two instances racing on a key cannot both win.
      const k = sql.param([...key]);
      const value = JSON.stringify(newValue ?? null);
      const result =
        expectedValue === undefined
          ? await db.execute(sql`insert into ${federationKv} (key, value, expires_at)
              values (${k}::text[], ${value}::jsonb, ${expiresAt(options)})
              on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
              where ${federationKv.expiresAt} is not null and ${federationKv.expiresAt} <= now()`)
          : await db.execute(sql`update ${federationKv} set value = ${value}::jsonb, expires_at = ${expiresAt(options)}
              where key = ${k}::text[] and ${live} and value = ${JSON.stringify(expectedValue)}::jsonb`);
      return (result.rowCount ?? 0) > 0;
    },

    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const p = prefix ? [...prefix] : [];
      const rows = await db.execute<{
        key: string[];
        value: unknown;
      }>(sql`select key, value from ${federationKv}
        where ${live} and key[1:${p.length}] = ${sql.param(p)}::text[] order by key`);
      for (const row of rows.rows) yield { key: row.key as unknown as KvKey, value: row.value };
    },

    async sweep() {
      const result = await db.execute(
        sql`delete from ${federationKv} where ${federationKv.expiresAt} is not null and ${federationKv.expiresAt} <= now()`,
      );
      return result.rowCount ?? 0;
    },
  };
}
