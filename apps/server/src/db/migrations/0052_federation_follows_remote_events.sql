-- Federation in (decision 079). One subscription per remote actor: the wire `Follow`, sent once by
-- the instance's Application actor, its id and the state the remote side answered.
CREATE TABLE "federation_subscriptions" (
	"actor_uri" text PRIMARY KEY NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"handle" text,
	"name" text,
	"instance" text NOT NULL,
	"follow_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_subscriptions_state_check" CHECK (state IN ('pending', 'accepted', 'rejected')),
	CONSTRAINT "federation_subscriptions_follow_id_unique" UNIQUE ("follow_id")
);--> statement-breakpoint
-- Who on this instance follows a remote actor: a member, a community (asked by an organiser) or the
-- instance itself (asked by an admin). The subscription above is sent while any of these exists.
CREATE TABLE "federation_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"community_id" uuid REFERENCES "communities"("id") ON DELETE cascade,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"actor_uri" text NOT NULL REFERENCES "federation_subscriptions"("actor_uri") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_follows_scope_check" CHECK (
		(scope = 'member' AND user_id IS NOT NULL AND community_id IS NULL)
		OR (scope = 'community' AND community_id IS NOT NULL AND user_id IS NULL)
		OR (scope = 'instance' AND user_id IS NULL AND community_id IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "federation_follows_unique" ON "federation_follows" ("scope", "user_id", "community_id", "actor_uri") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "federation_follows_actor" ON "federation_follows" ("actor_uri");--> statement-breakpoint
CREATE INDEX "federation_follows_user" ON "federation_follows" ("user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
-- Public events of followed remote actors, read-only copies (text only, sanitised on arrival),
-- removed once `expires_at` has passed (a cron) or when their origin deletes them.
CREATE TABLE "remote_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ap_id" text NOT NULL,
	"actor_uri" text NOT NULL,
	"instance" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"time_zone" text,
	"place_name" text,
	"place_address" text,
	"city" text,
	"country" text,
	"lat" double precision,
	"lon" double precision,
	"online" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"capacity" integer,
	"participant_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remote_events_ap_id_unique" UNIQUE ("ap_id"),
	CONSTRAINT "remote_events_status_check" CHECK (status IN ('CONFIRMED', 'TENTATIVE', 'CANCELLED')),
	CONSTRAINT "remote_events_point_check" CHECK ((lat IS NULL) = (lon IS NULL))
);--> statement-breakpoint
CREATE INDEX "remote_events_earth" ON "remote_events" USING gist (ll_to_earth("lat", "lon")) WHERE lat IS NOT NULL;--> statement-breakpoint
CREATE INDEX "remote_events_start" ON "remote_events" ("start_date", "id");--> statement-breakpoint
CREATE INDEX "remote_events_actor" ON "remote_events" ("actor_uri");--> statement-breakpoint
CREATE INDEX "remote_events_expires" ON "remote_events" ("expires_at");
--> statement-breakpoint
-- Domains an admin blocked at run time (beside FEDERATION_BLOCKED_DOMAINS): their posts are
-- refused, their events hidden and forgotten, nobody here follows them.
CREATE TABLE "federation_domain_blocks" (
	"domain" text PRIMARY KEY NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
