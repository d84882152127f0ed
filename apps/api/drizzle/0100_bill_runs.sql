CREATE TABLE "bill_run_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"bill_run_id" uuid NOT NULL,
	"sort_order" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"matter_ids" uuid[] NOT NULL,
	"unbilled_amount" numeric(20, 2) NOT NULL,
	"item_count" integer NOT NULL,
	"outcome" text DEFAULT 'Pending' NOT NULL,
	"invoice_id" uuid,
	"skip_reason" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "bill_run_results_outcome_check" CHECK ("bill_run_results"."outcome" in ('Pending', 'Drafted', 'Skipped'))
);
--> statement-breakpoint
CREATE TABLE "bill_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"filters" jsonb NOT NULL,
	"total" integer NOT NULL,
	"started_by_user_id" uuid NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bill_runs_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "bill_runs_status_check" CHECK ("bill_runs"."status" in ('Queued', 'Running', 'Finished', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_preference" text DEFAULT 'perMatter' NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_run_results" ADD CONSTRAINT "bill_run_results_run_fk" FOREIGN KEY ("firm_id","bill_run_id") REFERENCES "public"."bill_runs"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_started_by_fk" FOREIGN KEY ("firm_id","started_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_run_results_run_idx" ON "bill_run_results" USING btree ("firm_id","bill_run_id","sort_order");--> statement-breakpoint
CREATE INDEX "bill_runs_firm_created_idx" ON "bill_runs" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_runs_waiting_idx" ON "bill_runs" USING btree ("created_at") WHERE "bill_runs"."status" in ('Queued', 'Running');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_billing_preference_check" CHECK ("clients"."billing_preference" in ('perMatter', 'perClient'));--> statement-breakpoint
-- Each firm's own bill runs and their results (issue 44).
ALTER TABLE bill_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE bill_runs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON bill_runs TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE bill_run_results ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE bill_run_results FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON bill_run_results TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- The queue's job finds waiting runs of every firm before it knows the firm: only which run, whose, and its lease.
GRANT SELECT (id, firm_id, status, lease_until, created_at) ON bill_runs TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON bill_runs FOR SELECT TO matterhorn_auth USING (true);
