-- A guest's answer that became a member's remembers the guest identity it was given under
-- (decision 077): the ticket and door code mailed to the guest name it and keep opening the door.
ALTER TABLE "rsvps" ADD COLUMN "former_guest_id" uuid;--> statement-breakpoint
CREATE INDEX "rsvps_former_guest_idx" ON "rsvps" USING btree ("event_id","former_guest_id") WHERE former_guest_id is not null;
