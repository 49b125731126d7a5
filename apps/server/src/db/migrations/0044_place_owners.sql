-- Who saved a pin (decision 062): they, and whoever may know where an event on it is, read its
-- address; everyone else reads the city. Cities have no owners.
CREATE TABLE "place_owners" (
	"user_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	CONSTRAINT "place_owners_user_id_place_id_pk" PRIMARY KEY("user_id","place_id")
);
--> statement-breakpoint
ALTER TABLE "place_owners" ADD CONSTRAINT "place_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_owners" ADD CONSTRAINT "place_owners_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;