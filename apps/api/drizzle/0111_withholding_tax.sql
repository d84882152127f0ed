CREATE TABLE "client_withholding_tax" (
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"category" text NOT NULL,
	"rate_override" numeric(5, 2),
	"updated_by_user_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_withholding_tax_pkey" PRIMARY KEY("firm_id","client_id"),
	CONSTRAINT "client_withholding_tax_category_check" CHECK ("client_withholding_tax"."category" in ('company', 'government', 'individual')),
	CONSTRAINT "client_withholding_tax_rate_check" CHECK ("client_withholding_tax"."rate_override" is null or "client_withholding_tax"."rate_override" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "withholding_tax_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"credit_note_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" bigint,
	"recorded_by_user_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withholding_tax_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"company_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"government_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"individual_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withholding_tax_settings_rates_check" CHECK ("withholding_tax_settings"."company_rate" between 0 and 100 and "withholding_tax_settings"."government_rate" between 0 and 100 and "withholding_tax_settings"."individual_rate" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "withholding_tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_withholding_tax" ADD CONSTRAINT "client_withholding_tax_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_tax_credit_notes" ADD CONSTRAINT "withholding_tax_credit_notes_payment_fk" FOREIGN KEY ("firm_id","payment_id") REFERENCES "public"."invoice_payments"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_tax_credit_notes" ADD CONSTRAINT "withholding_tax_credit_notes_recorded_by_fk" FOREIGN KEY ("firm_id","recorded_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_tax_settings" ADD CONSTRAINT "withholding_tax_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withholding_tax_credit_notes_payment_key" ON "withholding_tax_credit_notes" USING btree ("firm_id","payment_id");--> statement-breakpoint
ALTER TABLE withholding_tax_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE withholding_tax_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON withholding_tax_settings TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE client_withholding_tax ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_withholding_tax FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_withholding_tax TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE withholding_tax_credit_notes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE withholding_tax_credit_notes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON withholding_tax_credit_notes TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- Withholding tax clients deduct is posted to a system account, 1250 Withholding tax receivable, in every
-- firm's chart: Nigeria's chart had it as an ordinary account (it becomes the system one, keeping its
-- lines); other firms get it at 1250, or 1251 / 1259 when the firm has taken 1250. default-chart.ts agrees.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE ledger_accounts SET code = 'withholding-tax-receivable', is_system = true
WHERE code IS NULL AND number = '1250' AND type = 'asset' AND name = 'Withholding tax receivable'
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts coded WHERE coded.firm_id = ledger_accounts.firm_id AND coded.code = 'withholding-tax-receivable');--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, number, name, type, normal_balance, description, is_system)
SELECT firms.id, 'withholding-tax-receivable', chart.number, 'Withholding tax receivable', 'asset', 'debit',
  'Withholding tax clients deducted from fees, recoverable against the firm’s income tax with the credit notes.', true
FROM firms
CROSS JOIN LATERAL (
  SELECT candidate AS number FROM (VALUES ('1250'), ('1251'), ('1259')) AS candidates (candidate)
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts taken WHERE taken.firm_id = firms.id AND taken.number = candidate)
  LIMIT 1
) chart
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts existing WHERE existing.firm_id = firms.id AND existing.code = 'withholding-tax-receivable');--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;
