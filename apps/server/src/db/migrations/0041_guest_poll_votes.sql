-- Guest votes in date polls (decision 056). A host may let people without an
-- account answer a link poll (`allow_guest_votes`). Such a voter is a guest identity like a guest
-- answer to an event (decision 040): an `event_guests` row, now of an event or of a poll (exactly
-- one), with the same hashed confirm and manage tokens, language and "never e-mail me again". Their
-- answers go through the one vote path into `poll_votes` and `poll_voters`, keyed by `voter_id`
-- = coalesce(user_id, guest_id) as `rsvps` are keyed by `attendee_id`, so the kept counts (the
-- trigger of 0035), the voters pages and the live tally count guests with no branch of their own.
ALTER TABLE "polls" ADD COLUMN "allow_guest_votes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_guests" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_guests" ADD COLUMN "poll_id" uuid;--> statement-breakpoint
ALTER TABLE "event_guests" ADD COLUMN "pending_votes" jsonb;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_one_subject" CHECK (("event_id" is null) <> ("poll_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "event_guests_poll_email_key" ON "event_guests" USING btree ("poll_id","email");--> statement-breakpoint
ALTER TABLE "poll_votes" DROP CONSTRAINT "poll_votes_pk";--> statement-breakpoint
ALTER TABLE "poll_votes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "voter_id" uuid NOT NULL GENERATED ALWAYS AS (coalesce(user_id, guest_id)) STORED;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_guest_id_event_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_one_voter" CHECK (("user_id" is null) <> ("guest_id" is null));--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_pk" PRIMARY KEY ("poll_id","voter_id","option_id");--> statement-breakpoint
CREATE INDEX "poll_votes_guest_idx" ON "poll_votes" USING btree ("guest_id") WHERE guest_id is not null;--> statement-breakpoint
ALTER TABLE "poll_voters" DROP CONSTRAINT "poll_voters_pk";--> statement-breakpoint
ALTER TABLE "poll_voters" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_voters" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "poll_voters" ADD COLUMN "voter_id" uuid NOT NULL GENERATED ALWAYS AS (coalesce(user_id, guest_id)) STORED;--> statement-breakpoint
ALTER TABLE "poll_voters" ADD CONSTRAINT "poll_voters_guest_id_event_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_voters" ADD CONSTRAINT "poll_voters_one_voter" CHECK (("user_id" is null) <> ("guest_id" is null));--> statement-breakpoint
ALTER TABLE "poll_voters" ADD CONSTRAINT "poll_voters_pk" PRIMARY KEY ("poll_id","voter_id");--> statement-breakpoint
CREATE INDEX "poll_voters_guest_idx" ON "poll_voters" USING btree ("guest_id") WHERE guest_id is not null;
