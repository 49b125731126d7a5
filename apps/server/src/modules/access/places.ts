import type { Place } from '@townsquare/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { placeOwners, places } from '../../db/schema/index.ts';
import { placesKnownBy } from './events.ts';

/**
 * "`viewerId` may read this place in full" (decision 062): a city (everyone), a pin they saved, or
 * the place of an event whose place they know (decision 044's rule, `placesKnownBy`).
 */
export function readableBy(viewerId: string | undefined): SQL {
  if (!viewerId) return sql`${places.gazetteerId} is not null`;
  return sql`(${places.gazetteerId} is not null
    or ${places.id} in (select place_id from ${placeOwners} where user_id = ${viewerId})
    or ${places.id} in ${placesKnownBy(viewerId)})`;
}

/** Whether `viewerId` may read the place `id` in full (`readableBy`). */
export async function mayRead(db: Executor, id: string, viewerId: string | undefined): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from ${places} where ${places.id} = ${id} and ${readableBy(viewerId)}`,
  );
  return result.rows.length > 0;
}

/**
 * Whether `userId` may hand the place `id` to others as their own (a business's place, the venue
 * it offers to host at): a city, or a pin they saved. Knowing an event's address is not enough:
 * that address is the host's to tell (decision 044), not theirs to pass on.
 */
export async function mayOffer(db: Executor, id: string, userId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from ${places} where ${places.id} = ${id} and (${places.gazetteerId} is not null
      or ${places.id} in (select place_id from ${placeOwners} where user_id = ${userId}))`,
  );
  return result.rows.length > 0;
}

/** 0.01° (about 1 km): where a city-only point is shown. */
export const roundCity = (n: number) => Math.round(n * 100) / 100;

/**
 * A place as someone who does not know where it is reads it (decision 044): the city, its point
 * rounded to 0.01°, no address and no id (a place id would open the full place). The address
 * rule's form of a place, for an event's place here and for a pin read on its own (decision 062).
 */
export function cityLevelPlace<P extends Place>(place: P): P {
  return {
    ...place,
    id: '',
    name: place.city || place.name,
    address: '',
    lat: roundCity(place.lat),
    lon: roundCity(place.lon),
  };
}
