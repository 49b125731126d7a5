-- A series can publish its dates on its own (decision 057): off keeps the host's
-- confirmation of each date, as before.
ALTER TABLE "event_series" ADD COLUMN "auto_publish" boolean DEFAULT false NOT NULL;
