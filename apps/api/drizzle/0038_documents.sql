CREATE TABLE "document_client_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"portal_account_id" uuid NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"parent_folder_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"client_id" uuid,
	"matter_id" uuid,
	"is_shared_with_client" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"shared_by_user_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "document_folders_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"uploaded_by_portal_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"scan_status" text NOT NULL,
	"scanned_at" timestamp with time zone,
	"scan_signature" text,
	"text_status" text DEFAULT 'pending' NOT NULL,
	"extracted_text" text,
	"extracted_at" timestamp with time zone,
	"based_on_version" integer,
	"restored_from_version" integer,
	"is_conflict" boolean DEFAULT false NOT NULL,
	"conflict_resolved_at" timestamp with time zone,
	"conflict_resolved_by_user_id" uuid,
	"template_document_id" uuid,
	"template_version" integer,
	"merge_values" jsonb,
	CONSTRAINT "document_versions_document_number_key" UNIQUE("document_id","version_number"),
	CONSTRAINT "document_versions_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"client_id" uuid,
	"matter_id" uuid,
	"name" text NOT NULL,
	"category" text,
	"description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"content_text" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_name || ' ' || coalesce(left(content_text, 250000), ''))) STORED,
	"current_version_number" integer DEFAULT 1 NOT NULL,
	"is_shared_with_client" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"shared_by_user_id" uuid,
	"checked_out_by_user_id" uuid,
	"checked_out_at" timestamp with time zone,
	"checkout_expires_at" timestamp with time zone,
	"checkout_base_version" integer,
	"has_conflict" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "documents_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_client_accesses" ADD CONSTRAINT "document_client_accesses_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_client_accesses" ADD CONSTRAINT "document_client_accesses_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_client_accesses" ADD CONSTRAINT "document_client_accesses_firm_document_fk" FOREIGN KEY ("firm_id","document_id") REFERENCES "public"."documents"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_shared_by_user_id_users_id_fk" FOREIGN KEY ("shared_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_firm_parent_fk" FOREIGN KEY ("firm_id","parent_folder_id") REFERENCES "public"."document_folders"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("uploaded_by_portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_conflict_resolved_by_user_id_users_id_fk" FOREIGN KEY ("conflict_resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_firm_document_fk" FOREIGN KEY ("firm_id","document_id") REFERENCES "public"."documents"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_shared_by_user_id_users_id_fk" FOREIGN KEY ("shared_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_checked_out_by_user_id_users_id_fk" FOREIGN KEY ("checked_out_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_folder_fk" FOREIGN KEY ("firm_id","folder_id") REFERENCES "public"."document_folders"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_client_accesses_document_idx" ON "document_client_accesses" USING btree ("firm_id","document_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_live_name_key" ON "document_folders" USING btree ("firm_id",coalesce(parent_folder_id, '00000000-0000-0000-0000-000000000000'::uuid),lower(name)) WHERE deleted_at is null and kind in ('firm', 'templates', 'folder');--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_client_key" ON "document_folders" USING btree ("firm_id","client_id") WHERE kind = 'client';--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_matter_key" ON "document_folders" USING btree ("firm_id","matter_id") WHERE kind = 'matter';--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_from_client_key" ON "document_folders" USING btree ("firm_id","matter_id") WHERE kind = 'from-client';--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_templates_key" ON "document_folders" USING btree ("firm_id") WHERE kind = 'templates';--> statement-breakpoint
CREATE INDEX "document_folders_parent_idx" ON "document_folders" USING btree ("firm_id","parent_folder_id","name");--> statement-breakpoint
CREATE INDEX "document_versions_waiting_idx" ON "document_versions" USING btree ("firm_id","created_at","id") WHERE scan_status = 'scanning' or text_status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "documents_live_name_key" ON "documents" USING btree ("firm_id","folder_id",lower(name)) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "documents_folder_name_idx" ON "documents" USING btree ("firm_id","folder_id","name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "documents_folder_updated_idx" ON "documents" USING btree ("firm_id","folder_id","updated_at" DESC NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "documents_matter_idx" ON "documents" USING btree ("firm_id","matter_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "documents_search_name_trgm_idx" ON "documents" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_vector_idx" ON "documents" USING gin ("search_vector");--> statement-breakpoint
-- Every client has its folder and every matter its folder inside its client's, with a "From client"
-- folder for the client's portal uploads: made with them, in the same transaction, by these triggers
-- (and below for what already exists), so no code path can forget one. (A firm's Templates folder is
-- made by the documents module the first time it is asked for: firms are created before any firm scope.)
CREATE FUNCTION documents_make_client_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_folders (firm_id, kind, name, client_id) VALUES (NEW.firm_id, 'client', NEW.display_name, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_make_client_folder AFTER INSERT ON clients
  FOR EACH ROW EXECUTE FUNCTION documents_make_client_folder();
--> statement-breakpoint
CREATE FUNCTION documents_make_matter_folders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  client_folder uuid;
  matter_folder uuid;
BEGIN
  SELECT id INTO client_folder FROM document_folders
    WHERE firm_id = NEW.firm_id AND client_id = NEW.client_id AND kind = 'client';
  INSERT INTO document_folders (firm_id, parent_folder_id, kind, name, client_id, matter_id)
    VALUES (NEW.firm_id, client_folder, 'matter', NEW.matter_name, NEW.client_id, NEW.id)
    RETURNING id INTO matter_folder;
  INSERT INTO document_folders (firm_id, parent_folder_id, kind, name, client_id, matter_id)
    VALUES (NEW.firm_id, matter_folder, 'from-client', 'From client', NEW.client_id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_make_matter_folders AFTER INSERT ON matters
  FOR EACH ROW EXECUTE FUNCTION documents_make_matter_folders();
--> statement-breakpoint
CREATE FUNCTION documents_rename_client_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_folders SET name = NEW.display_name, updated_at = now()
    WHERE firm_id = NEW.firm_id AND client_id = NEW.id AND kind = 'client';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_rename_client_folder AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION documents_rename_client_folder();
--> statement-breakpoint
CREATE FUNCTION documents_rename_matter_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_folders SET name = NEW.matter_name, updated_at = now()
    WHERE firm_id = NEW.firm_id AND matter_id = NEW.id AND kind = 'matter';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_rename_matter_folder AFTER UPDATE ON matters FOR EACH ROW
  WHEN (OLD.matter_name IS DISTINCT FROM NEW.matter_name)
  EXECUTE FUNCTION documents_rename_matter_folder();
--> statement-breakpoint
INSERT INTO document_folders (firm_id, kind, name, client_id) SELECT firm_id, 'client', display_name, id FROM clients;
--> statement-breakpoint
INSERT INTO document_folders (firm_id, parent_folder_id, kind, name, client_id, matter_id)
  SELECT m.firm_id, f.id, 'matter', m.matter_name, m.client_id, m.id
  FROM matters m JOIN document_folders f ON f.firm_id = m.firm_id AND f.client_id = m.client_id AND f.kind = 'client';
--> statement-breakpoint
INSERT INTO document_folders (firm_id, parent_folder_id, kind, name, client_id, matter_id)
  SELECT firm_id, id, 'from-client', 'From client', client_id, matter_id FROM document_folders WHERE kind = 'matter';
--> statement-breakpoint
-- A version is never overwritten and never deleted: what a firm filed stays exactly as filed. Only
-- its scan, text-extraction and conflict-resolution fields may be filled in afterwards.
CREATE FUNCTION document_versions_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A document version is never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.firm_id, NEW.document_id, NEW.version_number, NEW.storage_key, NEW.file_name, NEW.content_type,
      NEW.size_bytes, NEW.sha256, NEW.created_at, NEW.uploaded_by_user_id, NEW.uploaded_by_portal_account_id)
     IS DISTINCT FROM
     (OLD.firm_id, OLD.document_id, OLD.version_number, OLD.storage_key, OLD.file_name, OLD.content_type,
      OLD.size_bytes, OLD.sha256, OLD.created_at, OLD.uploaded_by_user_id, OLD.uploaded_by_portal_account_id) THEN
    RAISE EXCEPTION 'A document version is never overwritten' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_versions_keep BEFORE UPDATE OR DELETE ON document_versions
  FOR EACH ROW EXECUTE FUNCTION document_versions_keep();
--> statement-breakpoint
ALTER TABLE document_folders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_folders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON document_folders TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON documents TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE document_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON document_versions TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE document_client_accesses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_client_accesses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON document_client_accesses TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
-- The full-text match operator, marked leakproof for the reason and with the fallback of migration
-- 0007: under row-level security only a leakproof operator may use the search_vector index, and a
-- content search would otherwise read every document of the firm.
DO $$
BEGIN
  ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'Not a superuser: document content search under row-level security will not use its index';
END $$;
