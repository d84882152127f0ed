-- Issue 35 (LEDES): e-billing portals refuse identifiers over 20 characters, and every id Matterhorn
-- wrote was a 36-character UUID. A client gets the firm's number for it (CL-00001) and a team member a
-- timekeeper code (TK-001), each from the firm's own gapless sequence (firm_sequences, as matters and
-- invoices are numbered), given on insert by a trigger when the insert leaves it blank, so every way a
-- row is written (the app, the demo seed, bulk loads) numbers it alike. A team member also carries the
-- LEDES classification, and a matter the client's own reference for it.
ALTER TABLE "users" ADD COLUMN "timekeeper_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ledes_classification" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ledes_classification_check" CHECK ("users"."ledes_classification" in ('PT', 'AS', 'OC', 'LA', 'OT'));--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "client_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "client_matter_reference" text;--> statement-breakpoint
-- Existing rows numbered in the order they were made, and each firm's sequence continued after them.
UPDATE "clients" c SET "client_number" = 'CL-' || lpad(numbered.n::text, 5, '0')
  FROM (SELECT id, row_number() OVER (PARTITION BY firm_id ORDER BY created_at, id) AS n FROM "clients") numbered
 WHERE numbered.id = c.id;--> statement-breakpoint
UPDATE "users" u SET "timekeeper_code" = 'TK-' || lpad(numbered.n::text, 3, '0')
  FROM (SELECT id, row_number() OVER (PARTITION BY firm_id ORDER BY created_at, id) AS n FROM "users") numbered
 WHERE numbered.id = u.id;--> statement-breakpoint
INSERT INTO "firm_sequences" ("firm_id", "sequence", "next_value")
  SELECT firm_id, 'client', count(*) + 1 FROM "clients" GROUP BY firm_id
  ON CONFLICT ("firm_id", "sequence") DO UPDATE SET "next_value" = excluded.next_value;--> statement-breakpoint
INSERT INTO "firm_sequences" ("firm_id", "sequence", "next_value")
  SELECT firm_id, 'timekeeper', count(*) + 1 FROM "users" GROUP BY firm_id
  ON CONFLICT ("firm_id", "sequence") DO UPDATE SET "next_value" = excluded.next_value;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_firm_timekeeper_key" UNIQUE("firm_id","timekeeper_code");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_firm_number_key" UNIQUE("firm_id","client_number");--> statement-breakpoint
-- The next value of a firm's sequence, under its row's lock until the transaction ends (as
-- takeNextNumber does): a rolled-back insert gives its number back. SECURITY DEFINER: a sign-up
-- inserts its first user before any firm scope is set.
CREATE OR REPLACE FUNCTION take_firm_number(p_firm_id uuid, p_sequence text) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO firm_sequences (firm_id, sequence, next_value) VALUES (p_firm_id, p_sequence, 2)
  ON CONFLICT (firm_id, sequence) DO UPDATE SET next_value = firm_sequences.next_value + 1
  RETURNING (next_value - 1)::integer;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION clients_assign_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.client_number = '' THEN
    NEW.client_number := 'CL-' || lpad(take_firm_number(NEW.firm_id, 'client')::text, 5, '0');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER clients_assign_number BEFORE INSERT ON "clients" FOR EACH ROW EXECUTE FUNCTION clients_assign_number();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_assign_timekeeper_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.timekeeper_code = '' THEN
    NEW.timekeeper_code := 'TK-' || lpad(take_firm_number(NEW.firm_id, 'timekeeper')::text, 3, '0');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_assign_timekeeper_code BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION users_assign_timekeeper_code();
