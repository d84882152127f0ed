CREATE TABLE "invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"by_user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"line_date" date NOT NULL,
	"fee_earner_id" uuid,
	"fee_earner_name" text,
	"description" text NOT NULL,
	"hours" numeric(10, 4),
	"rate" numeric(14, 2),
	"quantity" numeric(12, 4),
	"item_amount" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"adjustment" numeric(16, 2) DEFAULT '0' NOT NULL,
	"adjustment_reason" text,
	"utbms_task_code" text,
	"utbms_activity_code" text,
	"utbms_expense_code" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "invoice_lines_type_check" CHECK ("invoice_lines"."item_type" in ('fee', 'expense', 'flatFee')),
	CONSTRAINT "invoice_lines_adjustment_check" CHECK ("invoice_lines"."adjustment" = "invoice_lines"."amount" - "invoice_lines"."item_amount")
);
--> statement-breakpoint
CREATE TABLE "invoice_matters" (
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	CONSTRAINT "invoice_matters_key" UNIQUE("invoice_id","matter_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"receipt_number" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"reverses_payment_id" uuid,
	"reason" text,
	"journal_entry_id" uuid,
	"recorded_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "invoice_payments_sign_check" CHECK (("invoice_payments"."reverses_payment_id" is null) = ("invoice_payments"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "invoice_write_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"reason" text NOT NULL,
	"write_off_date" date NOT NULL,
	"journal_entry_id" uuid,
	"by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_write_offs_amount_check" CHECK ("invoice_write_offs"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"number_value" integer,
	"invoice_number" text,
	"status" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"discount_type" text,
	"discount_value" numeric(16, 4),
	"tax_name" text,
	"tax_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"tax_applies_to" text DEFAULT 'both' NOT NULL,
	"notes" text,
	"payment_instructions" text,
	"currency_id" integer,
	"fees_subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"expenses_subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"flat_fees_subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"taxable_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"written_off_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"balance_due" numeric(16, 2) DEFAULT '0' NOT NULL,
	"delivered_date" date,
	"delivery_method" text,
	"sent_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	"issued_at" timestamp with time zone,
	"issue_entry_id" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "invoices_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('Draft', 'AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void')),
	CONSTRAINT "invoices_number_check" CHECK (("invoices"."status" = 'Draft') = ("invoices"."number_value" is null)),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."subtotal" - "invoices"."discount_amount" + "invoices"."tax_amount"),
	CONSTRAINT "invoices_balance_check" CHECK ("invoices"."balance_due" = "invoices"."total" - "invoices"."paid_amount" - "invoices"."written_off_amount"),
	CONSTRAINT "invoices_not_overpaid_check" CHECK ("invoices"."balance_due" >= 0)
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "invoice_number_prefix" text DEFAULT 'INV-' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "tax_percent" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "tax_applies_to" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "invoice_approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "bill_of_charges_clock" boolean;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "default_payment_instructions" text;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_matters" ADD CONSTRAINT "invoice_matters_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_matters" ADD CONSTRAINT "invoice_matters_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_reverses_fk" FOREIGN KEY ("firm_id","reverses_payment_id") REFERENCES "public"."invoice_payments"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_fk" FOREIGN KEY ("firm_id","recorded_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_write_offs" ADD CONSTRAINT "invoice_write_offs_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_approved_by_fk" FOREIGN KEY ("firm_id","approved_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("firm_id","invoice_id","at");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("firm_id","invoice_id","sort_order");--> statement-breakpoint
CREATE INDEX "invoice_matters_matter_idx" ON "invoice_matters" USING btree ("firm_id","matter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_reversal_key" ON "invoice_payments" USING btree ("reverses_payment_id") WHERE reverses_payment_id is not null;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("firm_id","invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_write_offs_invoice_idx" ON "invoice_write_offs" USING btree ("firm_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_firm_number_key" ON "invoices" USING btree ("firm_id","number_value") WHERE number_value is not null;--> statement-breakpoint
CREATE INDEX "invoices_firm_issue_idx" ON "invoices" USING btree ("firm_id","issue_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "invoices_firm_status_idx" ON "invoices" USING btree ("firm_id","status","issue_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "invoices_firm_client_idx" ON "invoices" USING btree ("firm_id","client_id","issue_date" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_tax_applies_to_check" CHECK ("firms"."tax_applies_to" in ('fees', 'expenses', 'both'));--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_payment_terms_check" CHECK ("firms"."payment_terms_days" between 0 and 365);--> statement-breakpoint
-- Payments, write-offs and the status history are never changed or removed (a payment is undone by a reversing row);
-- a draft's lines and matters are replaced when the draft is saved again, so only they may be deleted.
-- The default privileges of migration 0001 gave the app role every privilege: take them back first.
REVOKE ALL ON invoices, invoice_matters, invoice_lines, invoice_payments, invoice_write_offs, invoice_events FROM matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON invoices TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON invoice_matters TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON invoice_lines TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON invoice_payments TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON invoice_write_offs TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON invoice_events TO matterhorn_app;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoices TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invoice_matters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_matters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_matters TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_lines TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invoice_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_payments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invoice_write_offs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_write_offs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_write_offs TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invoice_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_events TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
-- The bill-of-charges clock is on for firms billing in naira (null reads as: on exactly for NGN); existing NGN firms get it explicitly.
UPDATE firms SET bill_of_charges_clock = true WHERE home_currency_id IN (SELECT id FROM currencies WHERE iso_code = 'NGN');
