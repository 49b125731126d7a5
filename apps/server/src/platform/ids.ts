const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else can never match, so it is answered without asking PostgreSQL. */
export const isUuid = (value: string) => UUID.test(value);

/** Rows read once for each distinct id (none read for none), keyed by id. */
export async function byId<T extends { id: string }>(
  ids: string[],
  read: (unique: string[]) => Promise<T[]>,
): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await read(unique)).map((r) => [r.id, r]));
}
