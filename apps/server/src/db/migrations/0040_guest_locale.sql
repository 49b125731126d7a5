-- The language a guest answered an event in (issue 24): their e-mails are written in it.
ALTER TABLE "event_guests" ADD COLUMN "locale" text NOT NULL DEFAULT 'en';--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_locale_check" CHECK ("locale" IN ('en', 'es', 'de', 'fr'));
