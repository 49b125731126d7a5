-- Address privacy, online events and nearby alerts (decision 044).
-- ATTENDEES: only hosts and people going see the address, the exact point and the typed location.
ALTER TABLE "events" ADD COLUMN "address_visibility" text NOT NULL DEFAULT 'PUBLIC' CHECK ("address_visibility" IN ('PUBLIC', 'ATTENDEES'));
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "online" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- Shown only to hosts and people going (and in their reminders).
ALTER TABLE "events" ADD COLUMN "online_url" text CHECK ("online_url" IS NULL OR char_length("online_url") <= 500);
--> statement-breakpoint
-- "Tell me about new events within N km of home": null is off (the default).
ALTER TABLE "users" ADD COLUMN "nearby_radius_km" integer CHECK ("nearby_radius_km" IS NULL OR "nearby_radius_km" BETWEEN 1 AND 500);
--> statement-breakpoint
-- The last weekly digest: the next one lists events created after it, and waits a week.
ALTER TABLE "users" ADD COLUMN "nearby_digest_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "users_nearby_alerts" ON "users" ("id") WHERE "nearby_radius_km" IS NOT NULL AND "home_place_id" IS NOT NULL;
--> statement-breakpoint
-- The digest reads events created since the last one, near a home.
CREATE INDEX "events_place_created" ON "events" ("created_at") WHERE "place_id" IS NOT NULL AND "status" = 'LIVE';
--> statement-breakpoint
-- City pages (/near/berlin-de): a city by its slug, the same as contracts' citySlug() (lower case,
-- accents removed, anything else a hyphen); sections of cities (PPLX) have no page.
CREATE INDEX "gazetteer_slug" ON "gazetteer" ((trim(both '-' from regexp_replace(regexp_replace(normalize(lower("name"), NFD), '[\u0300-\u036f]', '', 'g'), '[^a-z0-9]+', '-', 'g'))), "country", "population" DESC) WHERE "feature_code" <> 'PPLX';
