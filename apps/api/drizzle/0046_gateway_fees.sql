ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_type_check";--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_type_check" CHECK ("journal_entries"."source_type" in ('invoice', 'invoice-payment', 'invoice-void', 'invoice-write-off', 'trust', 'gateway-fee', 'manual'));--> statement-breakpoint
-- A gateway's fee is the firm's cost: every firm gets the expense account it is booked to (ADR 0031).
-- The owner reads every firm only while the forced row security is lifted, as in 0022.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, name, type, normal_balance, is_system)
SELECT firms.id, 'bank-charges', 'Bank and payment charges', 'expense', 'debit', true
FROM firms
ON CONFLICT (firm_id, code) DO NOTHING;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;
