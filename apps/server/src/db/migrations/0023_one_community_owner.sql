-- One owner per community: two transfers at once had left two. Any
-- community that already has several keeps the longest-standing one; the others become organisers.
UPDATE community_members m SET role = 'ORGANIZER', updated_at = now()
WHERE m.role = 'OWNER'
  AND EXISTS (
    SELECT 1 FROM community_members o
    WHERE o.community_id = m.community_id AND o.role = 'OWNER'
      AND (o.added_at, o.user_id) < (m.added_at, m.user_id)
  );
--> statement-breakpoint
CREATE UNIQUE INDEX community_members_one_owner ON community_members (community_id) WHERE role = 'OWNER';
