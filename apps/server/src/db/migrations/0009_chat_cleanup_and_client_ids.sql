DROP INDEX "messages_sender_client_id_key";--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_channel_client_id_key" ON "messages" USING btree ("sender_id","channel","client_message_id") WHERE client_message_id is not null;--> statement-breakpoint
-- hand-written
-- A chat channel is a text key ('event:<id>', 'subgroup:<id>', 'group:<id>') with no foreign key
-- to cascade, so deleting the row that owns a channel deletes the channel's messages here: for a
-- direct delete and for every cascade (an event's sub-groups, a deleted account's events).
CREATE OR REPLACE FUNCTION delete_channel_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM messages WHERE channel = TG_ARGV[0] || OLD.id::text;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER events_delete_messages AFTER DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION delete_channel_messages('event:');--> statement-breakpoint
CREATE TRIGGER event_subgroups_delete_messages AFTER DELETE ON event_subgroups
  FOR EACH ROW EXECUTE FUNCTION delete_channel_messages('subgroup:');--> statement-breakpoint
CREATE TRIGGER friend_groups_delete_messages AFTER DELETE ON friend_groups
  FOR EACH ROW EXECUTE FUNCTION delete_channel_messages('group:');--> statement-breakpoint
-- Messages already left behind by earlier deletions.
DELETE FROM messages m WHERE
  (m.channel LIKE 'event:%' AND NOT EXISTS (SELECT 1 FROM events e WHERE m.channel = 'event:' || e.id::text))
  OR (m.channel LIKE 'subgroup:%' AND NOT EXISTS (SELECT 1 FROM event_subgroups s WHERE m.channel = 'subgroup:' || s.id::text))
  OR (m.channel LIKE 'group:%' AND NOT EXISTS (SELECT 1 FROM friend_groups g WHERE m.channel = 'group:' || g.id::text));
