CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number_last4" text,
	"currency_code" text NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "bank_accounts_firm_ledger_account_key" UNIQUE("firm_id","ledger_account_id"),
	CONSTRAINT "bank_accounts_last4_check" CHECK ("bank_accounts"."account_number_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_accounts_currency_code_check" CHECK ("bank_accounts"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "bank_accounts_default_active_check" CHECK (not "bank_accounts"."is_default" or "bank_accounts"."is_active"),
	CONSTRAINT "bank_accounts_name_check" CHECK (char_length("bank_accounts"."name") between 1 and 120 and char_length("bank_accounts"."bank_name") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "journal_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_attachments_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_percent" numeric(7, 4) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_firm_name_rate_key" UNIQUE("firm_id","name","rate_percent"),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_percent" >= 0 and "tax_rates"."rate_percent" <= 100),
	CONSTRAINT "tax_rates_name_check" CHECK (char_length("tax_rates"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "paid_from_bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_firm_ledger_account_fk" FOREIGN KEY ("firm_id","ledger_account_id") REFERENCES "public"."ledger_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_firm_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_attachments" ADD CONSTRAINT "journal_attachments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_attachments" ADD CONSTRAINT "journal_attachments_firm_entry_fk" FOREIGN KEY ("firm_id","entry_id") REFERENCES "public"."journal_entries"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_attachments" ADD CONSTRAINT "journal_attachments_firm_uploaded_by_fk" FOREIGN KEY ("firm_id","uploaded_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_firm_default_key" ON "bank_accounts" USING btree ("firm_id","currency_code") WHERE is_default;--> statement-breakpoint
CREATE INDEX "journal_attachments_entry_idx" ON "journal_attachments" USING btree ("firm_id","entry_id","uploaded_at");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_paid_from_bank_account_fk" FOREIGN KEY ("firm_id","paid_from_bank_account_id") REFERENCES "public"."bank_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_bank_account_fk" FOREIGN KEY ("firm_id","bank_account_id") REFERENCES "public"."bank_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Several operating bank accounts, tax rates and journal attachments (issue 36). A bank account and a
-- tax rate are deactivated, never deleted (payments and invoices name them); an attachment is
-- evidence: the app role may add and read it, never change or remove it.
REVOKE DELETE ON bank_accounts, tax_rates FROM matterhorn_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON journal_attachments FROM matterhorn_app;--> statement-breakpoint
ALTER TABLE bank_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE bank_accounts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON bank_accounts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE tax_rates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tax_rates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON tax_rates TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE journal_attachments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_attachments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON journal_attachments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A Nigerian firm starts with VAT at 7.5% (platform/ledger/default-chart.ts gives new firms the same).
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tax_rates NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO tax_rates (firm_id, name, rate_percent)
SELECT firms.id, 'VAT', 7.5 FROM firms WHERE coalesce(firms.country, '') ~* '^\s*(nigeria|ng|nga)\s*$';--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tax_rates FORCE ROW LEVEL SECURITY;
