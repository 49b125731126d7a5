-- Guests (answers without an account, decision 040) get the reminder, change and cancellation
-- e-mails through the one notify() path: a notification goes to a member (`user_id`)
-- or to a guest's address (`guest_id`), never both. A guest's rows go with the guest (a cancelled
-- answer deletes its guest identity, so nothing queued for it is sent).
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_guest_id_event_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_recipient" CHECK (("user_id" is null) <> ("guest_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_guest_dedupe_key" ON "notifications" USING btree ("guest_id","dedupe_key");--> statement-breakpoint
-- The language the guest answered in (their e-mails are written in it), and the id their manage
-- link is derived from with the server's secret (the link itself is stored only as a hash), so a
-- notification e-mail can carry the same link as the confirmation.
ALTER TABLE "event_guests" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_locale_check" CHECK ("locale" IN ('en', 'es', 'de', 'fr'));--> statement-breakpoint
ALTER TABLE "event_guests" ADD COLUMN "manage_token_id" uuid;
--> statement-breakpoint
-- A poll page reads each voter's answers from their poll_voters row: the
-- codes `position * 3 + choice` (0 yes, 1 if need be, 2 no) that the page used to aggregate from
-- poll_votes voter by voter, written by the one vote path in the same transaction as the answers.
ALTER TABLE "poll_voters" ADD COLUMN "answers" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "poll_voters" pv SET "answers" = array(
	SELECT o.position * 3 + CASE v.choice WHEN 'yes' THEN 0 WHEN 'if_need_be' THEN 1 ELSE 2 END
	FROM poll_votes v JOIN poll_options o ON o.id = v.option_id
	WHERE v.poll_id = pv.poll_id AND v.user_id = pv.user_id
	ORDER BY o.position);
