ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_type_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payment_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD COLUMN "unapplied_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD COLUMN "unapplied_currency_code" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_type_check" CHECK ("journal_entries"."source_type" in ('invoice', 'invoice-payment', 'invoice-void', 'invoice-write-off', 'trust', 'gateway-fee', 'expense-payment', 'unapplied-cash', 'manual'));--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_unapplied_check" CHECK ("gateway_payments"."unapplied_amount" is null or "gateway_payments"."unapplied_amount" >= 0);--> statement-breakpoint
-- Every cash movement is in the books (ADR 0020): a paid firm expense, a paid client cost, and a
-- gateway payment that settles nothing each post to an account every firm now has.
-- The owner reads every firm only while the forced row security is lifted, as in 0022 and 0046.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, name, type, normal_balance, is_system)
SELECT firms.id, account.code, account.name, account.type, account.normal_balance, true
FROM firms
CROSS JOIN (VALUES
  ('firm-expenses', 'Firm expenses', 'expense', 'debit'),
  ('client-costs-advanced', 'Client costs advanced', 'expense', 'debit'),
  ('unapplied-cash', 'Unapplied client payments', 'liability', 'credit')
) AS account (code, name, type, normal_balance)
ON CONFLICT (firm_id, code) DO NOTHING;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;
