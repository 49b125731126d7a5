-- Remote attendees (decision 080): a person on another server who answered an event with `Join`
-- is a guest without an account (an `event_guests` row, decision 040) so that the one RSVP write
-- path counts, queues and offers them like anyone; this row says who they are on the fediverse
-- and where their server takes our answers. It goes with the guest (and the guest with the event).
CREATE TABLE "federation_attendees" (
	"guest_id" uuid PRIMARY KEY NOT NULL REFERENCES "event_guests"("id") ON DELETE cascade,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"actor_uri" text NOT NULL,
	"handle" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"join_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "federation_attendees_event_actor_key" ON "federation_attendees" ("event_id", "actor_uri");--> statement-breakpoint
-- A person is a `Person` actor only when they opt in (decision 080); off by default.
ALTER TABLE "users" ADD COLUMN "fediverse" boolean DEFAULT false NOT NULL;
