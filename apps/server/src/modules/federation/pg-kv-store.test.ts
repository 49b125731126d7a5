import { Temporal } from '@js-temporal/polyfill';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../test/test-app.ts';
import { createPgKvStore } from './pg-kv-store.ts';

const pool = useTestPool();
const kv = () => createPgKvStore(pool.handle.db);

describe('the library key-value store on PostgreSQL (decision 072)', () => {
  it('sets, gets, overwrites and deletes JSON values by array keys', async () => {
    const store = kv();
    expect(await store.get(['a', 'missing'])).toBeUndefined();
    await store.set(['a', 'x'], { n: 1, list: ['é', null] });
    expect(await store.get(['a', 'x'])).toEqual({ n: 1, list: ['é', null] });
    await store.set(['a', 'x'], 'second');
    expect(await store.get(['a', 'x'])).toBe('second');
    await store.delete(['a', 'x']);
    expect(await store.get(['a', 'x'])).toBeUndefined();
  });

  it('keeps a null (the library caches "no such key" so), read back as null', async () => {
    const store = kv();
    await store.set(['_fedify', 'publicKey', 'https://gone.example/key'], null, {
      ttl: Temporal.Duration.from({ hours: 1 }),
    });
    expect(await store.get(['_fedify', 'publicKey', 'https://gone.example/key'])).toBeNull();
  });

  it('an entry past its TTL reads as absent and is swept', async () => {
    const store = kv();
    await store.set(['ttl', 'short'], 1, { ttl: Temporal.Duration.from({ seconds: 60 }) });
    expect(await store.get(['ttl', 'short'])).toBe(1);
    await pool.handle.db.execute(
      sql`update federation_kv set expires_at = now() - interval '1 second' where key = array['ttl','short']`,
    );
    expect(await store.get(['ttl', 'short'])).toBeUndefined();
    expect(await store.sweep()).toBe(1);
  });

  it('compares and swaps: only while the value is the one expected', async () => {
    const store = kv();
    expect(await store.cas?.(['cas', 'k'], undefined, 'first')).toBe(true);
    expect(await store.cas?.(['cas', 'k'], undefined, 'again')).toBe(false);
    expect(await store.cas?.(['cas', 'k'], 'wrong', 'x')).toBe(false);
    expect(await store.cas?.(['cas', 'k'], 'first', { v: 2 })).toBe(true);
    expect(await store.get(['cas', 'k'])).toEqual({ v: 2 });
    // Two at once from the same value: exactly one wins.
    const both = await Promise.all([
      store.cas?.(['cas', 'k'], { v: 2 }, 'A'),
      store.cas?.(['cas', 'k'], { v: 2 }, 'B'),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it('lists the live entries under a prefix, and only those', async () => {
    const store = kv();
    await store.set(['list', 'p', '1'], 1);
    await store.set(['list', 'p', '2'], 2);
    await store.set(['list', 'q', '1'], 3);
    const found: unknown[] = [];
    for await (const entry of store.list(['list', 'p'])) found.push([entry.key, entry.value]);
    expect(found).toEqual([
      [['list', 'p', '1'], 1],
      [['list', 'p', '2'], 2],
    ]);
  });
});
