-- Sponsors (decision 074): a business profile per account holding the Sponsor role, a
-- community's packages and its "looking for sponsors" switch, and sponsorships between them.
ALTER TABLE "communities" ADD COLUMN "looking_for_sponsors" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "sponsor_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Businesses browse the few communities that are looking, never the whole table.
CREATE INDEX "communities_looking_for_sponsors" ON "communities" USING btree ("place_id") WHERE "looking_for_sponsors";--> statement-breakpoint
CREATE TABLE "sponsor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"website" text,
	"category" text NOT NULL,
	"place_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsor_profiles" ADD CONSTRAINT "sponsor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_profiles" ADD CONSTRAINT "sponsor_profiles_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_profiles_verified_place" ON "sponsor_profiles" USING btree ("place_id") WHERE "sponsor_profiles"."verified";--> statement-breakpoint
CREATE TABLE "sponsor_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"name" text NOT NULL,
	"benefits" text[] NOT NULL,
	"contribution" text NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"period" text,
	"slots" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_packages_contribution" CHECK (("sponsor_packages"."contribution" = 'money' and "sponsor_packages"."amount_minor" > 0 and "sponsor_packages"."currency" is not null and "sponsor_packages"."period" is not null)
        or ("sponsor_packages"."contribution" = 'in_kind' and "sponsor_packages"."amount_minor" is null and "sponsor_packages"."currency" is null and "sponsor_packages"."period" is null))
);
--> statement-breakpoint
ALTER TABLE "sponsor_packages" ADD CONSTRAINT "sponsor_packages_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_packages_community" ON "sponsor_packages" USING btree ("community_id") WHERE "sponsor_packages"."archived_at" is null;--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"proposer_id" uuid,
	"state" text NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorships_state" CHECK ("sponsorships"."state" in ('proposed', 'accepted', 'active', 'ended', 'declined', 'withdrawn')),
	CONSTRAINT "sponsorships_dates" CHECK ("sponsorships"."ends_on" > "sponsorships"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_sponsor_id_sponsor_profiles_user_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_package_id_sponsor_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sponsor_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsorships_community_state" ON "sponsorships" USING btree ("community_id","state");--> statement-breakpoint
CREATE INDEX "sponsorships_sponsor" ON "sponsorships" USING btree ("sponsor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_open_unique" ON "sponsorships" USING btree ("package_id","sponsor_id") WHERE "sponsorships"."state" in ('proposed', 'accepted');
