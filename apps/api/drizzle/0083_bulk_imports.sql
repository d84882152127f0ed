CREATE TABLE "bulk_import_mappings" (
	"firm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	CONSTRAINT "bulk_import_mappings_firm_id_kind_pk" PRIMARY KEY("firm_id","kind")
);
--> statement-breakpoint
CREATE TABLE "bulk_import_rows" (
	"firm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"record_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	CONSTRAINT "bulk_import_rows_firm_id_kind_fingerprint_pk" PRIMARY KEY("firm_id","kind","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "bulk_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_sha256" text NOT NULL,
	"headers" text[] NOT NULL,
	"mapping" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"dry_run" jsonb,
	"errors_key" text,
	"failure" text,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_imports_kind_check" CHECK ("bulk_imports"."kind" in ('clients', 'matters', 'timeEntries'))
);
--> statement-breakpoint
ALTER TABLE "bulk_import_mappings" ADD CONSTRAINT "bulk_import_mappings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_rows" ADD CONSTRAINT "bulk_import_rows_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_imports_firm_idx" ON "bulk_imports" USING btree ("firm_id","created_at");--> statement-breakpoint
-- Each firm's own imports, rows and mappings.
ALTER TABLE bulk_imports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE bulk_imports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON bulk_imports TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE bulk_import_rows ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE bulk_import_rows FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON bulk_import_rows TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE bulk_import_mappings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE bulk_import_mappings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON bulk_import_mappings TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
