-- Member CSV invitations are no mail relay and their links are for the invited address (decision 063).
-- A suppression has a kind: `never_email` (the guest e-mails' "never e-mail me again", every row
-- so far) or `never_invite` (an invitation's "never invite me again"); an address may have both.
ALTER TABLE "email_suppressions" ADD COLUMN "kind" text DEFAULT 'never_email' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_suppressions" DROP CONSTRAINT "email_suppressions_pkey";--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_email_kind_pk" PRIMARY KEY("email","kind");--> statement-breakpoint
-- The ceilings count recent invitations: per community and per organiser a day, per address a week.
CREATE INDEX "community_invitations_community_created_idx" ON "community_invitations" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "community_invitations_address_created_idx" ON "community_invitations" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "community_invitations_inviter_created_idx" ON "community_invitations" USING btree ("invited_by","created_at");
