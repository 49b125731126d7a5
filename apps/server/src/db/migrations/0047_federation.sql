-- Federation (decisions 072, 073). The library's key-value store on our PostgreSQL: keys are
-- arrays of strings, values JSON, an entry with `expires_at` in the past is gone.
CREATE TABLE "federation_kv" (
	"key" text[] PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" ("expires_at") WHERE expires_at is not null;--> statement-breakpoint
-- The key pairs of our actors (a community's Group, the instance's Application), made once, as JWK.
CREATE TABLE "federation_keys" (
	"actor" text NOT NULL,
	"algorithm" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_keys_pk" PRIMARY KEY ("actor", "algorithm")
);--> statement-breakpoint
-- Remote actors following a community's Group: `pending` until an organiser approves (APPROVAL).
CREATE TABLE "federation_followers" (
	"community_id" uuid NOT NULL REFERENCES "communities"("id") ON DELETE cascade,
	"actor_uri" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text,
	"state" text DEFAULT 'accepted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_followers_pk" PRIMARY KEY ("community_id", "actor_uri"),
	CONSTRAINT "federation_followers_state_check" CHECK (state IN ('accepted', 'pending'))
);
