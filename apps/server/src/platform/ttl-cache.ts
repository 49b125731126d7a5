/**
 * A short-lived, bounded in-process cache (decision 062): `get(key, load)` answers what `load` made
 * for `key` less than `ttlMs` ago, else runs it; callers that ask while it runs share its answer
 * (a crowd asking for one cold page starts one load). A failed load is not kept. Beyond
 * `maxEntries` the oldest entry goes. `ttlMs` 0 keeps nothing: every call loads.
 *
 * Per instance on purpose: each instance's copy is at most `ttlMs` old, so with a TTL of a second a
 * change shows everywhere within that second, with nothing to invalidate across instances.
 */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>): Promise<V>;
  readonly size: number;
};

export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): TtlCache<V> {
  const { ttlMs, maxEntries, now = Date.now } = options;
  // A Map keeps insertion order: the first key is the oldest entry.
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { value, expiresAt: at + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
