CREATE TABLE "client_credit_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"kind" text NOT NULL,
	"movement_date" date NOT NULL,
	"credit_note_id" uuid,
	"invoice_id" uuid,
	"reference" text,
	"journal_entry_id" uuid,
	"by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_credit_movements_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "client_credit_movements_kind_check" CHECK ("client_credit_movements"."kind" in ('credit-note', 'overpayment', 'applied', 'refunded')),
	CONSTRAINT "client_credit_movements_sign_check" CHECK (("client_credit_movements"."kind" in ('credit-note', 'overpayment')) = ("client_credit_movements"."amount" > 0) and "client_credit_movements"."amount" <> 0),
	CONSTRAINT "client_credit_movements_currency_check" CHECK ("client_credit_movements"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"firm_id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"number_value" integer NOT NULL,
	"credit_note_number" text NOT NULL,
	"credit_date" date NOT NULL,
	"reason" text NOT NULL,
	"fees_amount" numeric(16, 2) NOT NULL,
	"expenses_amount" numeric(16, 2) NOT NULL,
	"discount_amount" numeric(16, 2) NOT NULL,
	"tax_amount" numeric(16, 2) NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"applied_amount" numeric(16, 2) NOT NULL,
	"to_client_credit_amount" numeric(16, 2) NOT NULL,
	"releases_items" boolean NOT NULL,
	"journal_entry_id" uuid,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total" = "credit_notes"."fees_amount" + "credit_notes"."expenses_amount" - "credit_notes"."discount_amount" + "credit_notes"."tax_amount"),
	CONSTRAINT "credit_notes_split_check" CHECK ("credit_notes"."total" = "credit_notes"."applied_amount" + "credit_notes"."to_client_credit_amount"),
	CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."total" > 0 and "credit_notes"."applied_amount" >= 0 and "credit_notes"."to_client_credit_amount" >= 0 and "credit_notes"."discount_amount" >= 0),
	CONSTRAINT "credit_notes_reason_check" CHECK (char_length("credit_notes"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_type_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_balance_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_credit_movements" ADD CONSTRAINT "client_credit_movements_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credit_movements" ADD CONSTRAINT "client_credit_movements_credit_note_fk" FOREIGN KEY ("firm_id","credit_note_id") REFERENCES "public"."credit_notes"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credit_movements" ADD CONSTRAINT "client_credit_movements_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credit_movements" ADD CONSTRAINT "client_credit_movements_by_user_fk" FOREIGN KEY ("firm_id","by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_fk" FOREIGN KEY ("firm_id","credit_note_id") REFERENCES "public"."credit_notes"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_invoice_line_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_credit_movements_client_idx" ON "client_credit_movements" USING btree ("firm_id","client_id","currency_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_lines_invoice_line_key" ON "credit_note_lines" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "credit_note_lines_credit_note_idx" ON "credit_note_lines" USING btree ("firm_id","credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_firm_number_key" ON "credit_notes" USING btree ("firm_id","number_value");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("firm_id","invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_client_idx" ON "credit_notes" USING btree ("firm_id","client_id","credit_date");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_type_check" CHECK ("journal_entries"."source_type" in ('invoice', 'invoice-payment', 'invoice-void', 'invoice-write-off', 'trust', 'gateway-fee', 'expense-payment', 'unapplied-cash', 'manual', 'credit-note', 'client-credit'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_balance_check" CHECK ("invoices"."balance_due" = "invoices"."total" - "invoices"."paid_amount" - "invoices"."written_off_amount" - "invoices"."credited_amount");--> statement-breakpoint
-- Credit notes and client credit movements are money records: the app role adds and reads them, never
-- changes or removes them (ADR 0050). The default privileges of migration 0001 gave it everything.
REVOKE ALL ON credit_notes, credit_note_lines, client_credit_movements FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT ON credit_notes, credit_note_lines, client_credit_movements TO matterhorn_app;--> statement-breakpoint
ALTER TABLE credit_notes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE credit_notes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON credit_notes TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE credit_note_lines ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE credit_note_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON credit_note_lines TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE client_credit_movements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_credit_movements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_credit_movements TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- Realised exchange gains and losses post to 4300 (now a system account) against 3950, the home
-- currency's side of foreign money (ADR 0050); default-chart.ts gives new firms the same. A firm
-- whose 4300 is another kind of account gets the system account as 4390 instead.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE ledger_accounts SET code = 'fx-gain-loss', is_system = true, is_active = true
WHERE number = '4300' AND code IS NULL AND type = 'income' AND parent_id IS NULL;--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, number, name, type, normal_balance, description, is_system)
SELECT firms.id, 'fx-gain-loss', chart.number, 'Foreign exchange gain or loss', 'income', 'credit',
  'Realised gains (credits) and losses (debits) when foreign-currency invoices are paid at another rate.', true
FROM firms
CROSS JOIN LATERAL (
  SELECT candidate AS number FROM (VALUES ('4300'), ('4390'), ('4399')) AS candidates (candidate)
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts taken WHERE taken.firm_id = firms.id AND taken.number = candidate)
  LIMIT 1
) chart
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts existing WHERE existing.firm_id = firms.id AND existing.code = 'fx-gain-loss');--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, number, name, type, normal_balance, description, is_system, owned_by_module)
SELECT firms.id, 'currency-translation', chart.number, 'Foreign currency translation', 'equity', 'credit',
  'The home currency’s side of realised exchange gains and losses on money kept in other currencies.', true, 'payments'
FROM firms
CROSS JOIN LATERAL (
  SELECT candidate AS number FROM (VALUES ('3950'), ('3990'), ('3999')) AS candidates (candidate)
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts taken WHERE taken.firm_id = firms.id AND taken.number = candidate)
  LIMIT 1
) chart
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts existing WHERE existing.firm_id = firms.id AND existing.code = 'currency-translation');--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;
