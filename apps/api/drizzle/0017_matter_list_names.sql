CREATE TABLE "matter_list_names" (
	"matter_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"assigned_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_areas" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matter_list_names" ADD CONSTRAINT "matter_list_names_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 3, "Speed": a page of matters shows each matter's fee earners and practice areas. Looked up
-- per page (two lookups per matter) they were half of the page's database time; each matter's names
-- now wait in matter_list_names, refreshed by the triggers below whichever code path writes.
ALTER TABLE matter_list_names ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_list_names FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON matter_list_names TO matterhorn_app;
--> statement-breakpoint
CREATE POLICY firm_isolation ON matter_list_names TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
-- The names as the list shows them, for every matter its reader may see (security_invoker: the
-- reader's row-level security applies, as it does in the triggers, which run as the request's role).
CREATE VIEW matter_list_names_source WITH (security_invoker = true) AS
  SELECT m.id AS matter_id, m.firm_id,
         coalesce((SELECT jsonb_agg(jsonb_build_object('userId', u.id, 'name', u.name) ORDER BY u.name, u.id)
                     FROM matter_assignees ma JOIN users u ON u.firm_id = ma.firm_id AND u.id = ma.user_id
                    WHERE ma.matter_id = m.id), '[]'::jsonb) AS assigned_to,
         coalesce((SELECT jsonb_agg(pa.name ORDER BY pa.name)
                     FROM matter_practice_areas mpa JOIN practice_areas pa ON pa.firm_id = mpa.firm_id AND pa.id = mpa.practice_area_id
                    WHERE mpa.matter_id = m.id), '[]'::jsonb) AS practice_areas
    FROM matters m;
--> statement-breakpoint
GRANT SELECT ON matter_list_names_source TO matterhorn_app;
--> statement-breakpoint
-- A join with the ids rather than "= ANY (ids)": one lookup by key per changed matter, whatever the
-- planner guesses of the array's size.
CREATE FUNCTION matter_list_names_refresh(p_matter_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO matter_list_names (matter_id, firm_id, assigned_to, practice_areas)
  SELECT s.matter_id, s.firm_id, s.assigned_to, s.practice_areas
    FROM unnest(p_matter_ids) AS changed (matter_id) JOIN matter_list_names_source s ON s.matter_id = changed.matter_id
  ON CONFLICT (matter_id) DO UPDATE SET assigned_to = excluded.assigned_to, practice_areas = excluded.practice_areas
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert refreshes its matters in one statement.
CREATE FUNCTION matter_list_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM matter_list_names_refresh(ARRAY(SELECT DISTINCT matter_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matter_assignees_list_names_insert AFTER INSERT ON matter_assignees REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION matter_list_names_changed();
--> statement-breakpoint
CREATE TRIGGER matter_assignees_list_names_delete AFTER DELETE ON matter_assignees REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION matter_list_names_changed();
--> statement-breakpoint
CREATE TRIGGER matter_practice_areas_list_names_insert AFTER INSERT ON matter_practice_areas REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION matter_list_names_changed();
--> statement-breakpoint
CREATE TRIGGER matter_practice_areas_list_names_delete AFTER DELETE ON matter_practice_areas REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION matter_list_names_changed();
--> statement-breakpoint
-- A row moved to another matter, person or area (transition tables cannot go with a column list).
CREATE FUNCTION matter_list_names_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM matter_list_names_refresh(ARRAY[OLD.matter_id, NEW.matter_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matter_assignees_list_names_update AFTER UPDATE OF matter_id, user_id ON matter_assignees
  FOR EACH ROW EXECUTE FUNCTION matter_list_names_moved();
--> statement-breakpoint
CREATE TRIGGER matter_practice_areas_list_names_update AFTER UPDATE OF matter_id, practice_area_id ON matter_practice_areas
  FOR EACH ROW EXECUTE FUNCTION matter_list_names_moved();
--> statement-breakpoint
CREATE FUNCTION users_rename_in_matter_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM matter_list_names_refresh(ARRAY(SELECT matter_id FROM matter_assignees WHERE firm_id = NEW.firm_id AND user_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_list_names_rename AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_rename_in_matter_list();
--> statement-breakpoint
CREATE FUNCTION practice_areas_rename_in_matter_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM matter_list_names_refresh(
    ARRAY(SELECT matter_id FROM matter_practice_areas WHERE firm_id = NEW.firm_id AND practice_area_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_areas_list_names_rename AFTER UPDATE OF name ON practice_areas
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION practice_areas_rename_in_matter_list();
--> statement-breakpoint
-- The firm's existing matters, read past row-level security as the migration's owner.
ALTER TABLE matters NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_assignees NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_practice_areas NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_areas NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_list_names NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO matter_list_names (matter_id, firm_id, assigned_to, practice_areas)
  SELECT matter_id, firm_id, assigned_to, practice_areas FROM matter_list_names_source;
--> statement-breakpoint
ALTER TABLE matters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_assignees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_practice_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE practice_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE matter_list_names FORCE ROW LEVEL SECURITY;
