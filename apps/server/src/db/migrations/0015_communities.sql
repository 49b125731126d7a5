ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "communities_discover_idx";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_discover_idx" ON "communities" USING btree ("member_count","id");--> statement-breakpoint
-- hand-written:
-- Discovery search (`q`) matches name, place and address as one text, through this trigram index
-- (pg_trgm, migration 0003); the expression is the one communities.repository `searchable` builds.
CREATE INDEX "communities_search_trgm" ON "communities" USING gin ((name || ' ' || location || ' ' || slug) gin_trgm_ops);
