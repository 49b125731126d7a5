ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","id");--> statement-breakpoint
-- hand-written
-- Sessions from before this column: last used when their newest refresh token was issued.
UPDATE "sessions" s SET "last_used_at" = coalesce(
  (SELECT max(r."created_at") FROM "refresh_tokens" r WHERE r."session_id" = s."id"),
  s."created_at"
);
