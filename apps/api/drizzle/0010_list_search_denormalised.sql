-- Issue 3, "Speed": the matter list filters, searches and sorts on matters alone. Each matter keeps a
-- copy of its client's name and deletion (kept by the triggers below), its search text covers the
-- client's name, and the live-matters index carries the search text so a search walks it in list
-- order without reading the table. A fee earner's matters page from matter_assignees in list order.
ALTER TABLE matters NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_assignees NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE clients NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matters ADD COLUMN client_name text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE matters ADD COLUMN client_deleted_at timestamp with time zone;
--> statement-breakpoint
UPDATE matters m SET client_name = c.display_name, client_deleted_at = c.deleted_at
  FROM clients c WHERE c.firm_id = m.firm_id AND c.id = m.client_id;
--> statement-breakpoint
ALTER TABLE matters DROP COLUMN search_text;
--> statement-breakpoint
ALTER TABLE matters ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (lower(matter_name || ' ' || coalesce(matter_number, '') || ' ' || coalesce(shelf_location, '') || ' ' || client_name)) STORED;
--> statement-breakpoint
CREATE INDEX matters_search_trgm_idx ON matters USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
DROP INDEX matters_firm_live_idx;
--> statement-breakpoint
CREATE INDEX matters_firm_live_idx ON matters (firm_id, created_at DESC, id DESC)
  INCLUDE (client_id, status, billing_type, search_text) WHERE deleted_at IS NULL AND client_deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX clients_firm_live_idx;
--> statement-breakpoint
CREATE INDEX clients_firm_live_idx ON clients (firm_id, created_at DESC, id DESC) INCLUDE (client_type, status, search_text) WHERE deleted_at IS NULL;
--> statement-breakpoint
ALTER TABLE matter_assignees ADD COLUMN matter_created_at timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE matter_assignees ma SET matter_created_at = m.created_at FROM matters m WHERE m.firm_id = ma.firm_id AND m.id = ma.matter_id;
--> statement-breakpoint
DROP INDEX matter_assignees_user_idx;
--> statement-breakpoint
CREATE INDEX matter_assignees_user_idx ON matter_assignees (firm_id, user_id, matter_created_at DESC, matter_id DESC);
--> statement-breakpoint
CREATE FUNCTION matters_copy_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.display_name, c.deleted_at INTO NEW.client_name, NEW.client_deleted_at
    FROM clients c WHERE c.firm_id = NEW.firm_id AND c.id = NEW.client_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER matters_copy_client BEFORE INSERT OR UPDATE OF client_id ON matters
  FOR EACH ROW EXECUTE FUNCTION matters_copy_client();
--> statement-breakpoint
CREATE FUNCTION clients_copy_to_matters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters SET client_name = NEW.display_name, client_deleted_at = NEW.deleted_at
    WHERE firm_id = NEW.firm_id AND client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_copy_to_matters AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION clients_copy_to_matters();
--> statement-breakpoint
CREATE FUNCTION matter_assignees_copy_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.created_at INTO NEW.matter_created_at FROM matters m WHERE m.firm_id = NEW.firm_id AND m.id = NEW.matter_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER matter_assignees_copy_created_at BEFORE INSERT ON matter_assignees
  FOR EACH ROW EXECUTE FUNCTION matter_assignees_copy_created_at();
--> statement-breakpoint
ALTER TABLE matters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_assignees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
