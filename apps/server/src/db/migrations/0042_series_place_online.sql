-- A series' place, address visibility and online link (decision 044): its template
-- carries them like an event does, and every occurrence it creates gets them.
ALTER TABLE "event_series" ADD COLUMN "place_id" uuid REFERENCES "places"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "address_visibility" text NOT NULL DEFAULT 'PUBLIC' CHECK ("address_visibility" IN ('PUBLIC', 'ATTENDEES'));
--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "online" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "online_url" text CHECK ("online_url" IS NULL OR char_length("online_url") <= 500);
