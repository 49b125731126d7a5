-- The language a guest answered an event in: their e-mails are written in it. The
-- column came with 0036 (guest notifications); a guest who answered before it reads English.
UPDATE "event_guests" SET "locale" = 'en' WHERE "locale" IS NULL;--> statement-breakpoint
ALTER TABLE "event_guests" ALTER COLUMN "locale" SET DEFAULT 'en';--> statement-breakpoint
ALTER TABLE "event_guests" ALTER COLUMN "locale" SET NOT NULL;
