-- Row-level security and grants for the tables of clients, matters, conflict checks and the
-- firm's reference data (see 0001 for the roles).
DO $$
DECLARE tenant_table text;
BEGIN
  FOREACH tenant_table IN ARRAY ARRAY['client_contacts', 'custom_field_definitions', 'conflict_checks',
    'practice_areas', 'matter_practice_areas', 'matter_parties', 'exchange_rates'] LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO matterhorn_app', tenant_table);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format($p$CREATE POLICY firm_isolation ON %I TO matterhorn_app
      USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
      WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)$p$, tenant_table);
  END LOOP;
END $$;
--> statement-breakpoint
-- Data written by older versions moves to the new shape. Forced RLS would hide rows from a
-- non-superuser owner running this migration, so it is lifted for the length of the transaction.
ALTER TABLE matters NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_areas NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_practice_areas NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO practice_areas (firm_id, name)
  SELECT DISTINCT firm_id, practice_area FROM matters WHERE practice_area IS NOT NULL AND practice_area <> '';
--> statement-breakpoint
INSERT INTO matter_practice_areas (firm_id, matter_id, practice_area_id)
  SELECT m.firm_id, m.id, pa.id FROM matters m JOIN practice_areas pa ON pa.firm_id = m.firm_id AND pa.name = m.practice_area;
--> statement-breakpoint
UPDATE matters SET matter_number = numbered.matter_number
  FROM (SELECT id, 'MAT-' || lpad(row_number() OVER (PARTITION BY firm_id ORDER BY created_at, id)::text, 5, '0') AS matter_number FROM matters) AS numbered
  WHERE matters.id = numbered.id AND matters.matter_number IS NULL;
--> statement-breakpoint
UPDATE firms SET next_matter_number = coalesce((SELECT count(*) + 1 FROM matters WHERE matters.firm_id = firms.id), 1);
--> statement-breakpoint
ALTER TABLE matters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_practice_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;
