-- Issue 3, "Speed": the conflict check compares trigrams with each distinct name once (see
-- apps/api/src/db/schema/conflict-names.ts), kept by triggers on the three tables names come from.
CREATE TABLE "conflict_names" (
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "conflict_names_firm_id_name_pk" PRIMARY KEY("firm_id","name")
);
--> statement-breakpoint
DROP INDEX "client_contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "matter_parties_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "conflict_names" ADD CONSTRAINT "conflict_names_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflict_names_trgm_idx" ON "conflict_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_contacts_firm_name_idx" ON "client_contacts" USING btree ("firm_id","name");--> statement-breakpoint
CREATE INDEX "matter_parties_firm_name_idx" ON "matter_parties" USING btree ("firm_id","name");--> statement-breakpoint
ALTER TABLE conflict_names ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE conflict_names FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON conflict_names TO matterhorn_app;
--> statement-breakpoint
CREATE POLICY firm_isolation ON conflict_names TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE clients NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_contacts NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_parties NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO conflict_names (firm_id, name)
  SELECT firm_id, display_name FROM clients WHERE display_name <> ''
  UNION SELECT firm_id, name FROM client_contacts WHERE name <> ''
  UNION SELECT firm_id, name FROM matter_parties WHERE name <> ''
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_contacts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_parties FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- TG_ARGV[0] names the column the name is in (display_name on clients, name elsewhere).
CREATE FUNCTION conflict_names_remember() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_name text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  IF new_name <> '' THEN
    INSERT INTO conflict_names (firm_id, name) VALUES (NEW.firm_id, new_name) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_conflict_name_insert AFTER INSERT ON clients
  FOR EACH ROW EXECUTE FUNCTION conflict_names_remember('display_name');
--> statement-breakpoint
CREATE TRIGGER clients_conflict_name_update AFTER UPDATE ON clients
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name) EXECUTE FUNCTION conflict_names_remember('display_name');
--> statement-breakpoint
CREATE TRIGGER client_contacts_conflict_name_insert AFTER INSERT ON client_contacts
  FOR EACH ROW EXECUTE FUNCTION conflict_names_remember('name');
--> statement-breakpoint
CREATE TRIGGER client_contacts_conflict_name_update AFTER UPDATE ON client_contacts
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION conflict_names_remember('name');
--> statement-breakpoint
CREATE TRIGGER matter_parties_conflict_name_insert AFTER INSERT ON matter_parties
  FOR EACH ROW EXECUTE FUNCTION conflict_names_remember('name');
--> statement-breakpoint
CREATE TRIGGER matter_parties_conflict_name_update AFTER UPDATE ON matter_parties
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION conflict_names_remember('name');
