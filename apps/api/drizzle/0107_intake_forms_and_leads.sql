CREATE TABLE "intake_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"introduction" text,
	"fields" jsonb NOT NULL,
	"thank_you_text" text NOT NULL,
	"assignee_user_id" uuid NOT NULL,
	"practice_area_id" uuid,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "intake_forms_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "intake_forms_published_check" CHECK (not "intake_forms"."is_published" or "intake_forms"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "intake_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"intake_form_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"lead_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"scan_status" text NOT NULL,
	"scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_uploads_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "intake_uploads_scan_status_check" CHECK ("intake_uploads"."scan_status" in ('scanning', 'available', 'quarantined'))
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"body" text,
	"actor_user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"lead_type" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"display_name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"country" text,
	"postal_code" text,
	"matter_description" text,
	"opposing_parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_area_id" uuid,
	"source" text NOT NULL,
	"referrer_name" text,
	"intake_form_id" uuid,
	"submission_key" uuid,
	"submission" jsonb,
	"assignee_user_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"not_engaged_reason" text,
	"engaged_at" timestamp with time zone,
	"conflict_check_id" uuid,
	"conflict_names" jsonb,
	"conflict_decision" text,
	"conflict_decision_notes" text,
	"conflict_decided_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "leads_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'consultationBooked', 'engaged', 'notEngaged')),
	CONSTRAINT "leads_source_check" CHECK ("leads"."source" in ('form', 'phone', 'referral', 'walkIn')),
	CONSTRAINT "leads_type_check" CHECK ("leads"."lead_type" in ('individual', 'company')),
	CONSTRAINT "leads_not_engaged_reason_check" CHECK ("leads"."status" <> 'notEngaged' or "leads"."not_engaged_reason" is not null),
	CONSTRAINT "leads_conflict_decision_check" CHECK ("leads"."conflict_decision" is null or "leads"."conflict_decision" in ('no_conflict', 'proceed_despite_conflict', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_assignee_fk" FOREIGN KEY ("firm_id","assignee_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_practice_area_fk" FOREIGN KEY ("firm_id","practice_area_id") REFERENCES "public"."practice_areas"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_uploads" ADD CONSTRAINT "intake_uploads_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_uploads" ADD CONSTRAINT "intake_uploads_form_fk" FOREIGN KEY ("firm_id","intake_form_id") REFERENCES "public"."intake_forms"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_fk" FOREIGN KEY ("firm_id","lead_id") REFERENCES "public"."leads"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_fk" FOREIGN KEY ("firm_id","actor_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assignee_fk" FOREIGN KEY ("firm_id","assignee_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_form_fk" FOREIGN KEY ("firm_id","intake_form_id") REFERENCES "public"."intake_forms"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_practice_area_fk" FOREIGN KEY ("firm_id","practice_area_id") REFERENCES "public"."practice_areas"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intake_forms_slug_key" ON "intake_forms" USING btree ("firm_id","slug") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "intake_uploads_lead_idx" ON "intake_uploads" USING btree ("firm_id","lead_id");--> statement-breakpoint
CREATE INDEX "intake_uploads_scanning_idx" ON "intake_uploads" USING btree ("firm_id","created_at") WHERE scan_status = 'scanning';--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("firm_id","lead_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_submission_key" ON "leads" USING btree ("firm_id","submission_key") WHERE submission_key is not null;--> statement-breakpoint
CREATE INDEX "leads_firm_status_idx" ON "leads" USING btree ("firm_id","status","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_firm_created_idx" ON "leads" USING btree ("firm_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
-- A lead's timeline is written once and never changed.
REVOKE UPDATE, DELETE ON lead_events FROM matterhorn_app;--> statement-breakpoint
ALTER TABLE intake_forms ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE intake_forms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON intake_forms TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE intake_uploads ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE intake_uploads FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON intake_uploads TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE leads ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE leads FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON leads TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE lead_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lead_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON lead_events TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
