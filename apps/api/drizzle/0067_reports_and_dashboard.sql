CREATE TABLE "report_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"report" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedule" text,
	"recipient_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"next_run_on" date,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_presets_firm_user_name_key" UNIQUE("firm_id","user_id","report","name"),
	CONSTRAINT "report_presets_schedule_check" CHECK ("report_presets"."schedule" in ('weekly', 'monthly')),
	CONSTRAINT "report_presets_scheduled_check" CHECK (("report_presets"."schedule" is null) = ("report_presets"."next_run_on" is null)),
	CONSTRAINT "report_presets_name_check" CHECK (char_length("report_presets"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "available_hours_per_day" numeric(4, 2) DEFAULT '8' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "working_days" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cost_rate" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "available_hours_per_day" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip_address" text DEFAULT nullif(current_setting('app.client_ip', true), '');--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text DEFAULT nullif(current_setting('app.user_agent', true), '');--> statement-breakpoint
ALTER TABLE "report_presets" ADD CONSTRAINT "report_presets_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_presets" ADD CONSTRAINT "report_presets_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_presets_due_idx" ON "report_presets" USING btree ("next_run_on") WHERE "report_presets"."schedule" is not null;--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_available_hours_check" CHECK ("firms"."available_hours_per_day" > 0 and "firms"."available_hours_per_day" <= 24);--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_working_days_check" CHECK ("firms"."working_days" <@ '{1,2,3,4,5,6,7}'::smallint[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cost_rate_check" CHECK ("users"."cost_rate" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_available_hours_check" CHECK ("users"."available_hours_per_day" > 0 and "users"."available_hours_per_day" <= 24);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON report_presets TO matterhorn_app;--> statement-breakpoint
ALTER TABLE report_presets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE report_presets FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON report_presets TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
