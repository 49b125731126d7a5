-- One group model (decision 034). Every friend group, event sub-group and community is a
-- row of `groups` with the same id and its kind; who belongs to any of them is a row of
-- `group_members` (role, state, answers, timestamps). The three kinds' own columns stay in their
-- tables (friend_groups, event_subgroups, communities), whose id is a `groups` id of that kind.
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_kind_check" CHECK ("kind" IN ('friend_group', 'event_subgroup', 'community')),
	CONSTRAINT "groups_id_kind_key" UNIQUE ("id", "kind")
);--> statement-breakpoint
INSERT INTO "groups" ("id", "kind", "created_at")
  SELECT "id", 'friend_group', "created_at" FROM "friend_groups"
  UNION ALL SELECT "id", 'event_subgroup', "created_at" FROM "event_subgroups"
  UNION ALL SELECT "id", 'community', "created_at" FROM "communities";--> statement-breakpoint
-- A kind's row is a group of that kind: inserted with it, gone with it (for a direct delete and
-- every cascade: an event's sub-groups, a deleted account's friend groups).
ALTER TABLE "friend_groups" ADD COLUMN "kind" text DEFAULT 'friend_group' NOT NULL CONSTRAINT "friend_groups_kind_check" CHECK ("kind" = 'friend_group');--> statement-breakpoint
ALTER TABLE "event_subgroups" ADD COLUMN "kind" text DEFAULT 'event_subgroup' NOT NULL CONSTRAINT "event_subgroups_kind_check" CHECK ("kind" = 'event_subgroup');--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "kind" text DEFAULT 'community' NOT NULL CONSTRAINT "communities_kind_check" CHECK ("kind" = 'community');--> statement-breakpoint
ALTER TABLE "friend_groups" ADD CONSTRAINT "friend_groups_group_fk" FOREIGN KEY ("id", "kind") REFERENCES "groups"("id", "kind") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "event_subgroups" ADD CONSTRAINT "event_subgroups_group_fk" FOREIGN KEY ("id", "kind") REFERENCES "groups"("id", "kind") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_group_fk" FOREIGN KEY ("id", "kind") REFERENCES "groups"("id", "kind") ON DELETE cascade;--> statement-breakpoint
CREATE OR REPLACE FUNCTION groups_insert_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "groups" ("id", "kind") VALUES (NEW.id, NEW.kind);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION groups_delete_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "groups" WHERE "id" = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER friend_groups_group_insert BEFORE INSERT ON "friend_groups"
  FOR EACH ROW EXECUTE FUNCTION groups_insert_row();--> statement-breakpoint
CREATE TRIGGER event_subgroups_group_insert BEFORE INSERT ON "event_subgroups"
  FOR EACH ROW EXECUTE FUNCTION groups_insert_row();--> statement-breakpoint
CREATE TRIGGER communities_group_insert BEFORE INSERT ON "communities"
  FOR EACH ROW EXECUTE FUNCTION groups_insert_row();--> statement-breakpoint
CREATE TRIGGER friend_groups_group_delete AFTER DELETE ON "friend_groups"
  FOR EACH ROW EXECUTE FUNCTION groups_delete_row();--> statement-breakpoint
CREATE TRIGGER event_subgroups_group_delete AFTER DELETE ON "event_subgroups"
  FOR EACH ROW EXECUTE FUNCTION groups_delete_row();--> statement-breakpoint
CREATE TRIGGER communities_group_delete AFTER DELETE ON "communities"
  FOR EACH ROW EXECUTE FUNCTION groups_delete_row();--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"state" text DEFAULT 'member' NOT NULL,
	"answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_notifications" text DEFAULT 'all' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_pk" PRIMARY KEY ("group_id", "user_id"),
	CONSTRAINT "group_members_group_fk" FOREIGN KEY ("group_id", "kind") REFERENCES "groups"("id", "kind") ON DELETE cascade,
	CONSTRAINT "group_members_role_check" CHECK ("role" IN ('OWNER', 'ORGANIZER', 'MEMBER')),
	CONSTRAINT "group_members_state_check" CHECK ("state" IN ('member', 'pending', 'invited', 'banned'))
);--> statement-breakpoint
INSERT INTO "group_members" ("group_id", "kind", "user_id", "added_at", "updated_at")
  SELECT "group_id", 'friend_group', "user_id", "added_at", "added_at" FROM "friend_group_members";--> statement-breakpoint
INSERT INTO "group_members" ("group_id", "kind", "user_id", "added_at", "updated_at")
  SELECT "subgroup_id", 'event_subgroup', "user_id", "added_at", "added_at" FROM "subgroup_members";--> statement-breakpoint
INSERT INTO "group_members" ("group_id", "kind", "user_id", "role", "state", "answers", "event_notifications", "added_at", "updated_at")
  SELECT "community_id", 'community', "user_id", "role", "state", "answers", "event_notifications", "added_at", "updated_at"
  FROM "community_members";--> statement-breakpoint
-- A person's groups of a kind (in a state), and one state of a group's members in join order.
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id", "kind", "state");--> statement-breakpoint
CREATE INDEX "group_members_list_idx" ON "group_members" USING btree ("group_id", "state", "added_at", "user_id");--> statement-breakpoint
-- One owner per group.
CREATE UNIQUE INDEX "group_members_one_owner" ON "group_members" USING btree ("group_id") WHERE "role" = 'OWNER';--> statement-breakpoint
DROP TABLE "friend_group_members";--> statement-breakpoint
DROP TABLE "subgroup_members";--> statement-breakpoint
DROP TABLE "community_members";
