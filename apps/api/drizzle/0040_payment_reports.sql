CREATE TABLE "payment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"portal_account_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"reference" text,
	"proof_storage_key" text NOT NULL,
	"proof_file_name" text NOT NULL,
	"proof_content_type" text NOT NULL,
	"proof_size_bytes" bigint NOT NULL,
	"status" text DEFAULT 'reported' NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"rejection_reason" text,
	"payment_id" uuid,
	CONSTRAINT "payment_reports_proof_storage_key_unique" UNIQUE("proof_storage_key"),
	CONSTRAINT "payment_reports_amount_check" CHECK ("payment_reports"."amount" > 0),
	CONSTRAINT "payment_reports_decision_check" CHECK (("payment_reports"."status" = 'reported') = ("payment_reports"."decided_at" is null)
        and ("payment_reports"."status" <> 'confirmed' or "payment_reports"."payment_id" is not null)
        and ("payment_reports"."status" <> 'rejected' or "payment_reports"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_firm_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reports_one_waiting_key" ON "payment_reports" USING btree ("firm_id","invoice_id") WHERE "payment_reports"."status" = 'reported';--> statement-breakpoint
CREATE INDEX "payment_reports_status_idx" ON "payment_reports" USING btree ("firm_id","status","reported_at");--> statement-breakpoint
ALTER TABLE payment_reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payment_reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON payment_reports TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
