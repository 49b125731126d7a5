CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"community_id" uuid,
	"freq" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"until" timestamp with time zone,
	"time_zone" text NOT NULL,
	"start_local" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"cost" numeric(10, 2) DEFAULT 0 NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"visibility" text DEFAULT 'PUBLIC' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"generated" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_standing" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_standing_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_nonce" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_standing" ADD CONSTRAINT "series_standing_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_standing" ADD CONSTRAINT "series_standing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_series_creator_idx" ON "event_series" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "series_standing_user_idx" ON "series_standing" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_series_index_key" ON "events" USING btree ("series_id","series_index") WHERE series_id is not null;--> statement-breakpoint
-- hand-written:
-- iCalendar SEQUENCE: every update that changes what a calendar shows adds one, whichever code
-- path made it, so subscribed calendars replace their copy (RFC 5545 3.8.7.4).
CREATE OR REPLACE FUNCTION events_bump_sequence() RETURNS trigger AS $$
BEGIN
  IF (NEW.title, NEW.description, NEW.location, NEW.start_date, NEW.end_date, NEW.status = 'DRAFT', NEW.time_zone, NEW.cancelled_at)
     IS DISTINCT FROM (OLD.title, OLD.description, OLD.location, OLD.start_date, OLD.end_date, OLD.status = 'DRAFT', OLD.time_zone, OLD.cancelled_at)
  THEN
    NEW.sequence := OLD.sequence + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER events_bump_sequence BEFORE UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION events_bump_sequence();
