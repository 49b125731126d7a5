-- Hosting (decision 083): a business offers its place as the venue of one event; on an event
-- host's acceptance the event's place becomes the business's place and its page says "Hosted by".
CREATE TABLE "event_hostings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"place_id" uuid,
	"state" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_hostings_state" CHECK ("event_hostings"."state" in ('proposed', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "event_hostings" ADD CONSTRAINT "event_hostings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hostings" ADD CONSTRAINT "event_hostings_sponsor_id_sponsor_profiles_user_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hostings" ADD CONSTRAINT "event_hostings_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hostings" ADD CONSTRAINT "event_hostings_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_hostings_sponsor" ON "event_hostings" USING btree ("sponsor_id","created_at");--> statement-breakpoint
-- One offer of a business waiting per event, and one accepted host per event.
CREATE UNIQUE INDEX "event_hostings_open_unique" ON "event_hostings" USING btree ("event_id","sponsor_id") WHERE "event_hostings"."state" = 'proposed';--> statement-breakpoint
CREATE UNIQUE INDEX "event_hostings_accepted_unique" ON "event_hostings" USING btree ("event_id") WHERE "event_hostings"."state" = 'accepted';
