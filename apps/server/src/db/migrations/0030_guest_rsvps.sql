ALTER TABLE "events" ADD COLUMN "allow_guest_rsvp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "event_guests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"pending" jsonb,
	"confirm_token_hash" text,
	"manage_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_guests_event_email_key" ON "event_guests" USING btree ("event_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_guests_confirm_token_key" ON "event_guests" USING btree ("confirm_token_hash") WHERE confirm_token_hash is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_guests_manage_token_key" ON "event_guests" USING btree ("manage_token_hash") WHERE manage_token_hash is not null;--> statement-breakpoint
CREATE INDEX "event_guests_email_idx" ON "event_guests" USING btree ("email");--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rsvps" DROP CONSTRAINT "rsvps_event_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "rsvps" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "attendee_id" uuid GENERATED ALWAYS AS (coalesce("user_id", "guest_id")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_event_id_attendee_id_pk" PRIMARY KEY("event_id","attendee_id");--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_guest_id_event_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_one_attendee" CHECK (("user_id" is null) <> ("guest_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_event_user_key" ON "rsvps" USING btree ("event_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_guest_key" ON "rsvps" USING btree ("guest_id") WHERE guest_id is not null;
