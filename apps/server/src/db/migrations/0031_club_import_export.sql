ALTER TABLE "events" ADD COLUMN "import_uid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "events_import_uid_idx" ON "events" USING btree ("community_id","import_uid") WHERE "import_uid" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_series" ADD COLUMN "import_uid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "event_series_import_uid_idx" ON "event_series" USING btree ("community_id","import_uid") WHERE "import_uid" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "share_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "community_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"created_by" uuid,
	"url" text,
	"file_name" text,
	"content" text,
	"subscribed" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_imports_state_check" CHECK ("state" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "community_imports" ADD CONSTRAINT "community_imports_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_imports" ADD CONSTRAINT "community_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_imports_community_idx" ON "community_imports" USING btree ("community_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "community_imports_subscribed_idx" ON "community_imports" USING btree ("subscribed") WHERE "subscribed";--> statement-breakpoint
CREATE TABLE "community_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_invitations" ADD CONSTRAINT "community_invitations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_invitations" ADD CONSTRAINT "community_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_invitations" ADD CONSTRAINT "community_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_invitations_email_idx" ON "community_invitations" USING btree ("community_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "community_invitations_token_idx" ON "community_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE TABLE "community_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"requested_by" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"file" "bytea",
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_exports_state_check" CHECK ("state" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "community_exports" ADD CONSTRAINT "community_exports_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_exports" ADD CONSTRAINT "community_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
