-- Guests (answers without an account, decision 040) get the reminder, change and cancellation
-- e-mails through the one notify() path (issue 26): a notification goes to a member (`user_id`)
-- or to a guest's address (`guest_id`), never both. A guest's rows go with the guest (a cancelled
-- answer deletes its guest identity, so nothing queued for it is sent).
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "guest_id" uuid REFERENCES "event_guests"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_recipient" CHECK (("user_id" is null) <> ("guest_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_guest_dedupe_key" ON "notifications" USING btree ("guest_id","dedupe_key");--> statement-breakpoint
-- The language the guest answered in (their e-mails are written in it), and the id their manage
-- link is derived from with the server's secret (the link itself is stored only as a hash), so a
-- notification e-mail can carry the same link as the confirmation.
ALTER TABLE "event_guests" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_locale_check" CHECK ("locale" IN ('en', 'es', 'de', 'fr'));--> statement-breakpoint
ALTER TABLE "event_guests" ADD COLUMN "manage_token_id" uuid;
