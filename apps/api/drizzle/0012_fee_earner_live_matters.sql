-- Issue 3, "Speed": a fee earner's live matters, paged and counted from matter_assignees' index.
ALTER TABLE matter_assignees NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP INDEX "matter_assignees_user_idx";--> statement-breakpoint
ALTER TABLE "matter_assignees" ADD COLUMN "is_matter_live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "matter_assignees_user_idx" ON "matter_assignees" USING btree ("firm_id","user_id","matter_created_at" DESC NULLS LAST,"matter_id" DESC NULLS LAST) WHERE is_matter_live;--> statement-breakpoint
UPDATE matter_assignees ma SET is_matter_live = (m.deleted_at IS NULL AND m.client_deleted_at IS NULL)
  FROM matters m WHERE m.firm_id = ma.firm_id AND m.id = ma.matter_id AND (m.deleted_at IS NOT NULL OR m.client_deleted_at IS NOT NULL);
--> statement-breakpoint
ALTER TABLE matter_assignees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION matter_assignees_copy_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.created_at, (m.deleted_at IS NULL AND m.client_deleted_at IS NULL) INTO NEW.matter_created_at, NEW.is_matter_live
    FROM matters m WHERE m.firm_id = NEW.firm_id AND m.id = NEW.matter_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION matters_copy_liveness_to_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matter_assignees SET is_matter_live = (NEW.deleted_at IS NULL AND NEW.client_deleted_at IS NULL)
    WHERE firm_id = NEW.firm_id AND matter_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matters_copy_liveness_to_assignees AFTER UPDATE ON matters FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.client_deleted_at IS DISTINCT FROM NEW.client_deleted_at)
  EXECUTE FUNCTION matters_copy_liveness_to_assignees();
