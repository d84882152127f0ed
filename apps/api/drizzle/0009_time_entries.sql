-- Time entries and the header timer (issue 4). The composite foreign keys need activity types to be unique per firm first.
ALTER TABLE "activity_types" ADD CONSTRAINT "activity_types_firm_id_key" UNIQUE("firm_id","id");--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"activity_type_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_billable" smallint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"time_entry_date" date NOT NULL,
	"duration" numeric(8, 4) NOT NULL,
	"user_rate" numeric(14, 2) NOT NULL,
	"foreign_user_rate" numeric(14, 2) NOT NULL,
	"home_currency_id" integer,
	"foreign_currency_id" integer,
	"exchange_rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"foreign_total_amount" numeric(14, 2) NOT NULL,
	"home_total_amount" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 3 NOT NULL,
	"invoice_id" uuid,
	"manual_time_entry" boolean DEFAULT true NOT NULL,
	"utbms_task_code" text,
	"entered_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "time_entries_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "time_entry_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_home_currency_id_currencies_id_fk" FOREIGN KEY ("home_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_foreign_currency_id_currencies_id_fk" FOREIGN KEY ("foreign_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_firm_activity_fk" FOREIGN KEY ("firm_id","activity_type_id") REFERENCES "public"."activity_types"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ADD CONSTRAINT "time_entry_logs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ADD CONSTRAINT "time_entry_logs_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_firm_date_idx" ON "time_entries" USING btree ("firm_id","time_entry_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "time_entries_user_date_idx" ON "time_entries" USING btree ("firm_id","user_id","time_entry_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "time_entries_matter_date_idx" ON "time_entries" USING btree ("firm_id","matter_id","time_entry_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "time_entries_client_date_idx" ON "time_entries" USING btree ("firm_id","client_id","time_entry_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "time_entry_logs_user_idx" ON "time_entry_logs" USING btree ("firm_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entry_logs_one_running_key" ON "time_entry_logs" USING btree ("firm_id","user_id") WHERE paused_at is null;--> statement-breakpoint
DO $$
DECLARE tenant_table text;
BEGIN
  FOREACH tenant_table IN ARRAY ARRAY['time_entries', 'time_entry_logs'] LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO matterhorn_app', tenant_table);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format($p$CREATE POLICY firm_isolation ON %I TO matterhorn_app
      USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
      WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)$p$, tenant_table);
  END LOOP;
END $$;
