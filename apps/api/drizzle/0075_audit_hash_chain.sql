-- Issue 39: a tamper-evident audit trail. Each record carries its place in the firm's chain, the
-- previous record's hash and the SHA-256 of its own canonical content (which includes that hash):
-- changing, removing or reordering any record breaks every link after it. The trigger writes the
-- links, one writer per firm at a time; the application's role may no longer change or remove a record.
ALTER TABLE "audit_events" ADD COLUMN "chain_position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "row_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The canonical content: every column but the hash itself, as jsonb text (its keys in a fixed
-- order), the moment in UTC to the microsecond. GET /api/admin/audit/verify recomputes it.
CREATE FUNCTION audit_event_canonical(event audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', event.id,
    'firmId', event.firm_id,
    'chainPosition', event.chain_position,
    'previousHash', event.previous_hash,
    'actorUserId', event.actor_user_id,
    'action', event.action,
    'entityType', event.entity_type,
    'entityId', event.entity_id,
    'details', event.details,
    'ipAddress', event.ip_address,
    'userAgent', event.user_agent,
    'createdAt', to_char(event.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text
$$;--> statement-breakpoint
CREATE FUNCTION audit_event_hash(event audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(audit_event_canonical(event), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The next link: the firm's writers of audit records wait for each other (a transaction-scoped
-- advisory lock), so the newest record seen is the chain's end, committed or the transaction's own.
CREATE FUNCTION audit_event_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_link record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_events:' || NEW.firm_id::text, 0));
  SELECT chain_position, row_hash INTO last_link FROM audit_events
    WHERE firm_id = NEW.firm_id ORDER BY chain_position DESC LIMIT 1;
  NEW.chain_position := coalesce(last_link.chain_position, 0) + 1;
  NEW.previous_hash := last_link.row_hash;
  NEW.row_hash := audit_event_hash(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The records kept so far, chained in the order they were written.
ALTER TABLE audit_events NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DO $$
DECLARE
  event audit_events;
  firm uuid;
  position bigint;
  previous text;
BEGIN
  FOR event IN SELECT * FROM audit_events ORDER BY firm_id, id LOOP
    IF firm IS DISTINCT FROM event.firm_id THEN
      firm := event.firm_id;
      position := 0;
      previous := NULL;
    END IF;
    position := position + 1;
    event.chain_position := position;
    event.previous_hash := previous;
    previous := audit_event_hash(event);
    UPDATE audit_events SET chain_position = position, previous_hash = event.previous_hash, row_hash = previous WHERE id = event.id;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_chain_key" UNIQUE("firm_id","chain_position");--> statement-breakpoint
CREATE TRIGGER audit_event_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_event_chain();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_events FROM matterhorn_app;
