-- Platform services (ADR 16): per-firm gapless numbering, idempotency keys claimed and answered
-- in the request's own transaction, and one naming scheme for audit events.
CREATE TABLE "firm_sequences" (
	"firm_id" uuid NOT NULL,
	"sequence" text NOT NULL,
	"next_value" bigint NOT NULL,
	CONSTRAINT "firm_sequences_firm_id_sequence_pk" PRIMARY KEY("firm_id","sequence")
);
--> statement-breakpoint
ALTER TABLE "firm_sequences" ADD CONSTRAINT "firm_sequences_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON firm_sequences TO matterhorn_app;--> statement-breakpoint
ALTER TABLE firm_sequences ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_sequences FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON firm_sequences TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- Every firm's matter numbering goes on where it was.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_sequences NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO firm_sequences (firm_id, sequence, next_value) SELECT id, 'matter', next_matter_number FROM firms;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_sequences FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "firms" DROP COLUMN "next_matter_number";--> statement-breakpoint
-- A stored answer is now bound to its caller and request; older ones cannot be, and are dropped
-- (a replay cache, not a record), including keys a killed process had left unanswered.
TRUNCATE idempotency_keys;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "method";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "path";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "caller_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "status_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response" SET NOT NULL;--> statement-breakpoint
-- Audit events recorded before the catalogue (platform/audit/audit-events.ts) take its names.
ALTER TABLE audit_events NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE audit_events SET action = renamed.event, entity_type = split_part(renamed.event, '.', 1)
FROM (VALUES
  ('client.create', 'client.created'),
  ('client.update', 'client.updated'),
  ('client.delete', 'client.deleted'),
  ('client.restore', 'client.restored'),
  ('client.portal_invite', 'client.portalInvited'),
  ('client.portal_revoke', 'client.portalRevoked'),
  ('conflict_check.decide', 'conflictCheck.decided'),
  ('custom_field.create', 'customField.created'),
  ('custom_field.update', 'customField.updated'),
  ('custom_field.delete', 'customField.deleted'),
  ('exchange_rate.set', 'exchangeRate.set'),
  ('exchange_rate.delete', 'exchangeRate.deleted'),
  ('firm.setup', 'firm.setUp'),
  ('firm.profile.update', 'firm.profileUpdated'),
  ('matter.create', 'matter.created'),
  ('matter.update', 'matter.updated'),
  ('matter.close', 'matter.closed'),
  ('matter.reopen', 'matter.reopened'),
  ('matter.delete', 'matter.deleted'),
  ('matter.restore', 'matter.restored'),
  ('practiceArea.create', 'practiceArea.created'),
  ('practiceArea.update', 'practiceArea.updated'),
  ('practiceArea.delete', 'practiceArea.deleted'),
  ('role.create', 'role.created'),
  ('role.update', 'role.updated'),
  ('role.delete', 'role.deleted'),
  ('team.invite', 'teamInvitation.sent'),
  ('team.invitation.cancel', 'teamInvitation.cancelled'),
  ('team.member.update', 'teamMember.updated'),
  ('team.member.deactivate', 'teamMember.deactivated'),
  ('team.member.reactivate', 'teamMember.reactivated'),
  ('timeEntry.create', 'timeEntry.created'),
  ('timeEntry.update', 'timeEntry.updated'),
  ('timeEntry.delete', 'timeEntry.deleted'),
  ('activity_type.create', 'activityType.created'),
  ('activity_type.update', 'activityType.updated'),
  ('activity_type.delete', 'activityType.deleted')
) AS renamed(old, event)
WHERE audit_events.action = renamed.old;--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
