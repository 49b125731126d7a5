import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, integer, jsonb, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventQuestion } from './events.ts';

/** An instant: `timestamp with time zone`, the only kind of time the schema stores. */
export function instant(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** `created_at` and `updated_at`, both set to now on insert. */
export function timestamps() {
  return {
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  };
}

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export function ownedBy(name: string, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target, { onDelete: 'cascade' });
}

/** What an event says about itself, the same on an event and on a series' template. */
export function eventText() {
  return {
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
  };
}

/** An event's price: free unless a cost is set. */
export function eventPrice() {
  return {
    cost: numeric('cost', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    isFree: boolean('is_free').notNull().default(true),
  };
}

/** Who may see it, its tags and its picture. */
export function eventListing() {
  return {
    visibility: text('visibility', { enum: ['PUBLIC', 'PRIVATE'] })
      .notNull()
      .default('PUBLIC'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
  };
}

/** Capacity rules (decision 022), the same columns and defaults on an event and a series' template. */
export function eventCapacity() {
  return {
    /** Places (people going plus their guests, and places on offer); null is unlimited. */
    capacity: integer('capacity'),
    /** How long a freed place stays offered to the first person waiting, in hours. */
    offerHours: integer('offer_hours').notNull().default(12),
    /** Guests a person going may bring (0–5); they take places too. */
    maxGuests: integer('max_guests').notNull().default(0),
    /** A person going may hand their place to a friend. */
    allowTransfers: boolean('allow_transfers').notNull().default(false),
  };
}

/** Up to 3 questions asked at RSVP; the answers are for hosts only. */
export function eventQuestions() {
  return { questions: jsonb('questions').$type<EventQuestion[]>().notNull().default([]) };
}

/**
 * Where it happens, the same on an event and on a series' template: a saved place
 * (`place`: the places table's id, passed in so this file imports no table), who may read the
 * address (decision 044), and whether it is online with its link.
 */
export function eventWhere(place: () => AnyPgColumn) {
  return {
    placeId: uuid('place_id').references(place, { onDelete: 'set null' }),
    /** ATTENDEES: only hosts and people going see the address, exact point and typed location (decision 044). */
    addressVisibility: text('address_visibility', { enum: ['PUBLIC', 'ATTENDEES'] })
      .notNull()
      .default('PUBLIC'),
    online: boolean('online').notNull().default(false),
    /** The link to join an online event: hosts and people going only. */
    onlineUrl: text('online_url'),
  };
}

/** Every column a series' template shares with its occurrences, in one. */
export function eventTemplate() {
  return { ...eventText(), ...eventPrice(), ...eventListing(), ...eventCapacity(), ...eventQuestions() };
}
