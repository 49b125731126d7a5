-- Case-insensitive "contains" search for users and events, answered from trigram indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE; this wrapper is IMMUTABLE (true for text[]) so it can be indexed.
CREATE OR REPLACE FUNCTION townsquare_join(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_string($1, ' ') $$;
--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (
  (lower(coalesce("username", '') || ' ' || "full_name" || ' ' || townsquare_join("interests"))) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX "events_search_trgm" ON "events" USING gin (
  (lower("title" || ' ' || "description" || ' ' || townsquare_join("tags"))) gin_trgm_ops
);
