-- Near lists, the map and city pages: the live events of a place in start order. Without
-- it PostgreSQL read a place's events through events_place_start and ANDed them with every
-- upcoming live event of the instance (events_status_end_idx, 135,000 entries at 100,000 events):
-- 30 ms per query. The plans are in docs/ARCHITECTURE.md ("Places").
CREATE INDEX "events_place_live" ON "events" ("place_id", "start_date", "id") WHERE "status" = 'LIVE';
