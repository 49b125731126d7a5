DROP INDEX "events_start_idx";--> statement-breakpoint
CREATE INDEX "events_start_all_idx" ON "events" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "events_live_start_idx" ON "events" USING btree ("start_date","id") WHERE status = 'LIVE';--> statement-breakpoint
CREATE INDEX "events_past_start_idx" ON "events" USING btree ("start_date","id") WHERE status = 'PAST';