-- Hosts choose how they hear of answers to their events (at once, or gathered in the
-- digest); product-update e-mails are opt-in for new accounts (existing choices are kept).
ALTER TABLE "users" ADD COLUMN "notify_rsvp_timing" text DEFAULT 'digest' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notify_rsvp_timing_check" CHECK ("notify_rsvp_timing" IN ('instant', 'digest'));
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notify_product_updates" SET DEFAULT false;
