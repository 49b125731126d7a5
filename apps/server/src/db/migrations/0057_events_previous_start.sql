-- A published event that moves keeps the start it had (schema.org's previousStartDate): its
-- structured data then says EventRescheduled instead of claiming the new date was always so.
ALTER TABLE "events" ADD COLUMN "previous_start_date" timestamp with time zone;
