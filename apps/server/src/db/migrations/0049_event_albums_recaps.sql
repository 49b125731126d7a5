-- Event albums and recaps (decision 075): photos of an event added by its hosts and the people
-- going (each an upload of the one upload path, metadata stripped), who sees them, and the recaps
-- a Creator or host writes of the event from them.
CREATE TABLE "event_albums" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"audience" text DEFAULT 'event' NOT NULL,
	"first_photo_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_albums_audience" CHECK (audience in ('event', 'attendees'))
);--> statement-breakpoint
CREATE TABLE "event_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"upload_key" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "recaps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"cover_photo_id" uuid,
	"featured_at" timestamp with time zone,
	"featured_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "recap_photos" (
	"recap_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "recap_photos_recap_id_photo_id_pk" PRIMARY KEY("recap_id","photo_id")
);--> statement-breakpoint
ALTER TABLE "event_albums" ADD CONSTRAINT "event_albums_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_upload_key_uploads_key_fk" FOREIGN KEY ("upload_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recaps" ADD CONSTRAINT "recaps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recaps" ADD CONSTRAINT "recaps_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recaps" ADD CONSTRAINT "recaps_cover_photo_id_event_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."event_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recaps" ADD CONSTRAINT "recaps_featured_by_users_id_fk" FOREIGN KEY ("featured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_photos" ADD CONSTRAINT "recap_photos_recap_id_recaps_id_fk" FOREIGN KEY ("recap_id") REFERENCES "public"."recaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_photos" ADD CONSTRAINT "recap_photos_photo_id_event_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."event_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_photos_upload_key" ON "event_photos" USING btree ("upload_key");--> statement-breakpoint
CREATE INDEX "event_photos_event_idx" ON "event_photos" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "event_photos_adder_idx" ON "event_photos" USING btree ("added_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recaps_event_author_key" ON "recaps" USING btree ("event_id","author_id");--> statement-breakpoint
CREATE INDEX "recaps_event_idx" ON "recaps" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "recaps_featured_idx" ON "recaps" USING btree ("featured_at") WHERE featured_at is not null;--> statement-breakpoint
CREATE INDEX "recap_photos_photo_idx" ON "recap_photos" USING btree ("photo_id");
--> statement-breakpoint
-- People in photos decide (decision 075): tags only of people who were there, removable by the
-- person tagged; whoever chose it has photos they are tagged in shown only to the event's attendees.
CREATE TABLE "photo_tags" (
	"photo_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tagged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_tags_photo_id_user_id_pk" PRIMARY KEY("photo_id","user_id")
);--> statement-breakpoint
CREATE TABLE "album_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"hide_tagged_from_outsiders" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_photo_id_event_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."event_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_tagged_by_users_id_fk" FOREIGN KEY ("tagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_preferences" ADD CONSTRAINT "album_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_tags_user_idx" ON "photo_tags" USING btree ("user_id");
