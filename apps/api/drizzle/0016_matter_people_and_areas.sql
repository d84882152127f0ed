-- Issue 3, "Speed": a page of matters shows each matter's fee earners and practice areas. Looked up
-- per page (40 lookups for 20 matters) they cost 0.75 ms of the database's time, half of the page;
-- each matter now carries them, kept by the triggers below whichever code path writes.
ALTER TABLE "matters" ADD COLUMN "assigned_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "practice_area_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE FUNCTION matter_assigned_to(p_matter_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('userId', u.id, 'name', u.name) ORDER BY u.name, u.id), '[]'::jsonb)
    FROM matter_assignees ma JOIN users u ON u.firm_id = ma.firm_id AND u.id = ma.user_id
   WHERE ma.matter_id = p_matter_id
$$;--> statement-breakpoint
CREATE FUNCTION matter_practice_area_names(p_matter_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(pa.name ORDER BY pa.name), '[]'::jsonb)
    FROM matter_practice_areas mpa JOIN practice_areas pa ON pa.firm_id = mpa.firm_id AND pa.id = mpa.practice_area_id
   WHERE mpa.matter_id = p_matter_id
$$;--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert refreshes its matters in one update.
CREATE FUNCTION matter_assignees_refresh_matters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET assigned_to = matter_assigned_to(m.id)
   WHERE (m.firm_id, m.id) IN (SELECT DISTINCT firm_id, matter_id FROM changed_assignees);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER matter_assignees_inserted AFTER INSERT ON matter_assignees REFERENCING NEW TABLE AS changed_assignees
  FOR EACH STATEMENT EXECUTE FUNCTION matter_assignees_refresh_matters();--> statement-breakpoint
CREATE TRIGGER matter_assignees_deleted AFTER DELETE ON matter_assignees REFERENCING OLD TABLE AS changed_assignees
  FOR EACH STATEMENT EXECUTE FUNCTION matter_assignees_refresh_matters();--> statement-breakpoint
CREATE FUNCTION matter_assignee_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET assigned_to = matter_assigned_to(m.id)
   WHERE (m.firm_id, m.id) IN ((OLD.firm_id, OLD.matter_id), (NEW.firm_id, NEW.matter_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER matter_assignee_moved AFTER UPDATE OF matter_id, user_id ON matter_assignees
  FOR EACH ROW EXECUTE FUNCTION matter_assignee_moved();--> statement-breakpoint
CREATE FUNCTION matter_practice_areas_refresh_matters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET practice_area_names = matter_practice_area_names(m.id)
   WHERE (m.firm_id, m.id) IN (SELECT DISTINCT firm_id, matter_id FROM changed_areas);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER matter_practice_areas_inserted AFTER INSERT ON matter_practice_areas REFERENCING NEW TABLE AS changed_areas
  FOR EACH STATEMENT EXECUTE FUNCTION matter_practice_areas_refresh_matters();--> statement-breakpoint
CREATE TRIGGER matter_practice_areas_deleted AFTER DELETE ON matter_practice_areas REFERENCING OLD TABLE AS changed_areas
  FOR EACH STATEMENT EXECUTE FUNCTION matter_practice_areas_refresh_matters();--> statement-breakpoint
CREATE FUNCTION matter_practice_area_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET practice_area_names = matter_practice_area_names(m.id)
   WHERE (m.firm_id, m.id) IN ((OLD.firm_id, OLD.matter_id), (NEW.firm_id, NEW.matter_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER matter_practice_area_moved AFTER UPDATE OF matter_id, practice_area_id ON matter_practice_areas
  FOR EACH ROW EXECUTE FUNCTION matter_practice_area_moved();--> statement-breakpoint
CREATE FUNCTION users_rename_on_matters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET assigned_to = matter_assigned_to(m.id)
   WHERE m.firm_id = NEW.firm_id
     AND m.id IN (SELECT ma.matter_id FROM matter_assignees ma WHERE ma.firm_id = NEW.firm_id AND ma.user_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_rename_on_matters AFTER UPDATE OF name ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_rename_on_matters();--> statement-breakpoint
CREATE FUNCTION practice_areas_rename_on_matters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matters m SET practice_area_names = matter_practice_area_names(m.id)
   WHERE m.firm_id = NEW.firm_id
     AND m.id IN (SELECT mpa.matter_id FROM matter_practice_areas mpa WHERE mpa.firm_id = NEW.firm_id AND mpa.practice_area_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER practice_areas_rename_on_matters AFTER UPDATE OF name ON practice_areas FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION practice_areas_rename_on_matters();--> statement-breakpoint
ALTER TABLE matters NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_assignees NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_practice_areas NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE users NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE practice_areas NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE matters SET assigned_to = matter_assigned_to(id), practice_area_names = matter_practice_area_names(id);--> statement-breakpoint
ALTER TABLE matters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_assignees FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_practice_areas FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE practice_areas FORCE ROW LEVEL SECURITY;
