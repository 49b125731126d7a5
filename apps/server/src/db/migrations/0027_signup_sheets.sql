-- Sign-up sheets: things to bring and shifts on an event, and who took how many.
CREATE TABLE "signup_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_items_kind" CHECK ("kind" IN ('quantity', 'slot')),
	CONSTRAINT "signup_items_quantity" CHECK ("quantity" > 0)
);--> statement-breakpoint
CREATE INDEX "signup_items_event_idx" ON "signup_items" ("event_id", "created_at");--> statement-breakpoint
CREATE TABLE "signup_claims" (
	"item_id" uuid NOT NULL REFERENCES "signup_items"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"quantity" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_claims_pk" PRIMARY KEY ("item_id", "user_id"),
	CONSTRAINT "signup_claims_quantity" CHECK ("quantity" > 0)
);--> statement-breakpoint
-- Releasing a person's claims when they stop going, and their reminder and CSV line.
CREATE INDEX "signup_claims_event_user_idx" ON "signup_claims" ("event_id", "user_id");
