-- All-day events (decision 078): the event is whole days in its zone, from the first day's 00:00
-- to the last day's 24:00; calendars get VALUE=DATE, pages and JSON-LD the dates alone.
ALTER TABLE "events" ADD COLUMN "all_day" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- hand-written:
-- Turning an event into an all-day one (or back) changes what a calendar shows: SEQUENCE moves on.
CREATE OR REPLACE FUNCTION events_bump_sequence() RETURNS trigger AS $$
BEGIN
  IF (NEW.title, NEW.description, NEW.location, NEW.start_date, NEW.end_date, NEW.status = 'DRAFT', NEW.time_zone, NEW.cancelled_at, NEW.all_day)
     IS DISTINCT FROM (OLD.title, OLD.description, OLD.location, OLD.start_date, OLD.end_date, OLD.status = 'DRAFT', OLD.time_zone, OLD.cancelled_at, OLD.all_day)
  THEN
    NEW.sequence := OLD.sequence + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
