-- A poll page reads its counts and one page of voters, not every answer (decision 047).
-- Each date keeps its yes / if-need-be / no counts, changed by the database
-- in the same transaction as every write to poll_votes (the vote path, and the cascades when a
-- person or a poll is deleted), so they cannot drift from the answers.
ALTER TABLE "poll_options" ADD COLUMN "yes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_options" ADD COLUMN "if_need_be_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_options" ADD COLUMN "no_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "poll_options" o SET
	"yes_count" = c.yes, "if_need_be_count" = c.if_need_be, "no_count" = c.no
FROM (
	SELECT option_id,
		count(*) FILTER (WHERE choice = 'yes')::int AS yes,
		count(*) FILTER (WHERE choice = 'if_need_be')::int AS if_need_be,
		count(*) FILTER (WHERE choice = 'no')::int AS no
	FROM poll_votes GROUP BY option_id
) c
WHERE o.id = c.option_id;--> statement-breakpoint
-- One statement's rows at a time (transition tables): a person's ten answers are one UPDATE.
CREATE OR REPLACE FUNCTION poll_votes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE poll_options o SET
      yes_count = o.yes_count - d.yes, if_need_be_count = o.if_need_be_count - d.if_need_be, no_count = o.no_count - d.no
    FROM (SELECT option_id,
            count(*) FILTER (WHERE choice = 'yes')::int AS yes,
            count(*) FILTER (WHERE choice = 'if_need_be')::int AS if_need_be,
            count(*) FILTER (WHERE choice = 'no')::int AS no
          FROM old_votes GROUP BY option_id) d
    WHERE o.id = d.option_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE poll_options o SET
      yes_count = o.yes_count + d.yes, if_need_be_count = o.if_need_be_count + d.if_need_be, no_count = o.no_count + d.no
    FROM (SELECT option_id,
            count(*) FILTER (WHERE choice = 'yes')::int AS yes,
            count(*) FILTER (WHERE choice = 'if_need_be')::int AS if_need_be,
            count(*) FILTER (WHERE choice = 'no')::int AS no
          FROM new_votes GROUP BY option_id) d
    WHERE o.id = d.option_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "poll_votes_count_insert" AFTER INSERT ON "poll_votes"
	REFERENCING NEW TABLE AS new_votes FOR EACH STATEMENT EXECUTE FUNCTION poll_votes_count();--> statement-breakpoint
CREATE TRIGGER "poll_votes_count_delete" AFTER DELETE ON "poll_votes"
	REFERENCING OLD TABLE AS old_votes FOR EACH STATEMENT EXECUTE FUNCTION poll_votes_count();--> statement-breakpoint
CREATE TRIGGER "poll_votes_count_update" AFTER UPDATE ON "poll_votes"
	REFERENCING OLD TABLE AS old_votes NEW TABLE AS new_votes FOR EACH STATEMENT EXECUTE FUNCTION poll_votes_count();--> statement-breakpoint
-- Who answered, one row each, in the order they first answered (`seq`): the voters list is read a
-- page at a time after a `seq` (GET /api/polls/:id/voters?after=). Changing one's answers keeps
-- one's place; withdrawing them all removes the row.
CREATE TABLE "poll_voters" (
	"poll_id" uuid NOT NULL REFERENCES "polls"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	CONSTRAINT "poll_voters_pk" PRIMARY KEY ("poll_id", "user_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "poll_voters_poll_seq_idx" ON "poll_voters" ("poll_id", "seq");--> statement-breakpoint
INSERT INTO "poll_voters" ("poll_id", "user_id")
SELECT poll_id, user_id FROM poll_votes GROUP BY poll_id, user_id ORDER BY min(voted_at), user_id;
