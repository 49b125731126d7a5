-- The language a person chose for the app, e-mails and push; null: not chosen.
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IN ('en', 'es', 'de', 'fr'));--> statement-breakpoint
-- What a notification says as a catalog key and its values, so that e-mail and push write it in
-- the recipient's language when they are sent; null (older rows): the stored English text.
ALTER TABLE "notifications" ADD COLUMN "message" jsonb;
