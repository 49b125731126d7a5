-- Instance settings an admin sets on the first start (decision 082): the instance's name,
-- default language, time zone and currency. One row at most; an environment variable that is set
-- wins over its column (the admin area shows it locked).
CREATE TABLE "instance_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text,
	"default_locale" text,
	"time_zone" text,
	"currency" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_one_row" CHECK ("instance_settings"."id"),
	CONSTRAINT "instance_settings_locale_check" CHECK ("instance_settings"."default_locale" IN ('en', 'es', 'de', 'fr')),
	CONSTRAINT "instance_settings_currency_check" CHECK ("instance_settings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "instance_settings" ADD CONSTRAINT "instance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A community's own currency for its events' costs; null: the instance's.
ALTER TABLE "communities" ADD COLUMN "currency" text;
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_currency_check" CHECK ("communities"."currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
-- A published draft finds the poll it was made from (decision 082).
CREATE INDEX "polls_event_idx" ON "polls" USING btree ("event_id") WHERE "polls"."event_id" is not null;
