ALTER TABLE "event_series" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "offer_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "max_guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "allow_transfers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;