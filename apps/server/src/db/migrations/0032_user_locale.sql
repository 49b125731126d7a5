-- The language a person chose for the app, e-mails and push (issue 24); null: not chosen.
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IN ('en', 'es', 'de', 'fr'));
