-- Date polls: a host proposes 2–10 dates, people answer yes / if need be / no, and the
-- date the host keeps becomes an event. Who may see a community poll is decided by membership
-- (the membership helper), so there is no member data here.
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"community_id" uuid REFERENCES "communities"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"chosen_option_id" uuid,
	"event_id" uuid REFERENCES "events"("id") ON DELETE SET NULL,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A community page lists its polls still open, soonest to close first.
CREATE INDEX "polls_community_open_idx" ON "polls" ("community_id", "closes_at") WHERE "finalized_at" IS NULL;--> statement-breakpoint
CREATE TABLE "poll_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"poll_id" uuid NOT NULL REFERENCES "polls"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text,
	CONSTRAINT "poll_options_ends_after_start" CHECK ("ends_at" > "starts_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "poll_options_poll_position_idx" ON "poll_options" ("poll_id", "position");--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" uuid NOT NULL REFERENCES "polls"("id") ON DELETE CASCADE,
	"option_id" uuid NOT NULL REFERENCES "poll_options"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"choice" text NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_pk" PRIMARY KEY ("poll_id", "user_id", "option_id"),
	CONSTRAINT "poll_votes_choice" CHECK ("choice" IN ('yes', 'if_need_be', 'no'))
);--> statement-breakpoint
CREATE INDEX "poll_votes_option_idx" ON "poll_votes" ("option_id");
