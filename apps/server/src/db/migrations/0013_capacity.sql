CREATE TABLE "event_cohosts" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_cohosts_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "offer_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "allow_transfers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "guests" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "queued_at" bigint;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_cohosts" ADD CONSTRAINT "event_cohosts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cohosts" ADD CONSTRAINT "event_cohosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_cohosts_user_idx" ON "event_cohosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rsvps_offer_expiry_idx" ON "rsvps" USING btree ("offer_expires_at") WHERE status = 'offered';--> statement-breakpoint
-- hand-written: the waitlist's arrival order (rsvps.queued_at), taken while the event row is locked.
CREATE SEQUENCE IF NOT EXISTS "rsvp_queue_seq";
