-- Domain events through an outbox (decision 065): a service writes its typed event in the
-- transaction of the change; the dispatcher hands it to each subscriber's queue after the commit
-- and deletes the row. Rows still here are events not yet handed on (a process died in between).
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A guest of an event deleted with its community keeps their row, detached, until they are told
-- (decision 065): the notification of a guest references it. Housekeeping drops such rows later.
ALTER TABLE "event_guests" DROP CONSTRAINT "event_guests_one_subject";--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_one_subject" CHECK (event_id is null or poll_id is null);
