CREATE TABLE "data_protection_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"request_due_days" integer DEFAULT 30 NOT NULL,
	"closed_matter_file_years" integer DEFAULT 7 NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_protection_settings_due_days_check" CHECK ("data_protection_settings"."request_due_days" between 1 and 365),
	CONSTRAINT "data_protection_settings_file_years_check" CHECK ("data_protection_settings"."closed_matter_file_years" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "data_subject_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_name" text NOT NULL,
	"kind" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"outcome" text,
	"blockers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" uuid,
	CONSTRAINT "data_subject_requests_subject_type_check" CHECK ("data_subject_requests"."subject_type" in ('client', 'clientContact', 'lead', 'opposingParty')),
	CONSTRAINT "data_subject_requests_kind_check" CHECK ("data_subject_requests"."kind" in ('access', 'correction', 'erasure')),
	CONSTRAINT "data_subject_requests_status_check" CHECK ("data_subject_requests"."status" in ('open', 'completed', 'refused')),
	CONSTRAINT "data_subject_requests_due_check" CHECK ("data_subject_requests"."due_on" >= "data_subject_requests"."received_on"),
	CONSTRAINT "data_subject_requests_closed_check" CHECK (("data_subject_requests"."status" = 'open') = ("data_subject_requests"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "retention_review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"record_name" text NOT NULL,
	"reason" text NOT NULL,
	"due_since" date NOT NULL,
	"outcome" text,
	CONSTRAINT "retention_review_items_record_key" UNIQUE("review_id","record_type","record_id"),
	CONSTRAINT "retention_review_items_record_type_check" CHECK ("retention_review_items"."record_type" in ('client', 'matterFiles')),
	CONSTRAINT "retention_review_items_outcome_check" CHECK ("retention_review_items"."outcome" is null or "retention_review_items"."outcome" in ('anonymised', 'filesRemoved', 'kept'))
);
--> statement-breakpoint
CREATE TABLE "retention_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	CONSTRAINT "retention_reviews_firm_period_key" UNIQUE("firm_id","period"),
	CONSTRAINT "retention_reviews_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "retention_reviews_period_check" CHECK ("retention_reviews"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "retention_reviews_status_check" CHECK ("retention_reviews"."status" in ('pending', 'approved')),
	CONSTRAINT "retention_reviews_approved_check" CHECK (("retention_reviews"."status" = 'approved') = ("retention_reviews"."approved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD CONSTRAINT "data_protection_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD CONSTRAINT "data_protection_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_subject_requests" ADD CONSTRAINT "data_subject_requests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_subject_requests" ADD CONSTRAINT "data_subject_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_subject_requests" ADD CONSTRAINT "data_subject_requests_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_review_items" ADD CONSTRAINT "retention_review_items_firm_id_review_id_retention_reviews_firm_id_id_fk" FOREIGN KEY ("firm_id","review_id") REFERENCES "public"."retention_reviews"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_reviews" ADD CONSTRAINT "retention_reviews_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_reviews" ADD CONSTRAINT "retention_reviews_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_subject_requests_firm_due_idx" ON "data_subject_requests" USING btree ("firm_id","status","due_on");--> statement-breakpoint
CREATE INDEX "data_subject_requests_subject_idx" ON "data_subject_requests" USING btree ("firm_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "retention_review_items_review_idx" ON "retention_review_items" USING btree ("firm_id","review_id");--> statement-breakpoint
ALTER TABLE data_protection_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE data_protection_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON data_protection_settings TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE data_subject_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE data_subject_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON data_subject_requests TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE retention_reviews ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE retention_reviews FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON retention_reviews TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE retention_review_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE retention_review_items FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON retention_review_items TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
