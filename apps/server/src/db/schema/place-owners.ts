import { pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { places } from './places.ts';
import { users } from './users.ts';

/**
 * Who saved a pin (decision 062): pins are shared (the same name, address and point is one place),
 * so everyone who saved one is recorded; they, and whoever may know where an event on it is, read
 * its address. Cities (gazetteer places) have no owners: everyone reads them.
 */
export const placeOwners = pgTable(
  'place_owners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.placeId] })],
);
