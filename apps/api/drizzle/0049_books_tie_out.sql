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
--> statement-breakpoint
-- Expenses marked paid before this release never reached the books: each gets the entry marking it
-- paid posts now (Dr firm expenses or client costs advanced, Cr operating bank), dated when it was paid.
ALTER TABLE expenses NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Each in the expense's own currency (migration 0048 gave every line one), else the firm's home currency.
CREATE TEMPORARY TABLE paid_expenses_to_book AS
SELECT id, firm_id, gen_random_uuid() AS entry_id, coalesce(paid_date, expense_date) AS paid_on,
  left('Expense paid: ' || description, 500) AS memo, coalesce(decided_by_user_id, added_by_user_id) AS booked_by,
  CASE WHEN is_firm_expense THEN 'firm-expenses' ELSE 'client-costs-advanced' END AS cost_account,
  amount, client_id, matter_id,
  coalesce(
    (SELECT c.iso_code FROM currencies c WHERE c.id = coalesce(expenses.foreign_currency_id, expenses.home_currency_id)),
    (SELECT c.iso_code FROM firms f JOIN currencies c ON c.id = f.home_currency_id WHERE f.id = expenses.firm_id),
    'NGN') AS currency_code
FROM expenses
WHERE payment_status = 'Paid' AND deleted_at IS NULL AND payment_entry_id IS NULL;--> statement-breakpoint
INSERT INTO journal_entries (id, firm_id, entry_date, memo, source_type, source_id, created_by_user_id)
SELECT entry_id, firm_id, paid_on, memo, 'expense-payment', id, booked_by FROM paid_expenses_to_book;--> statement-breakpoint
INSERT INTO journal_lines (firm_id, entry_id, account_id, debit, credit, client_id, matter_id, currency_code)
SELECT paid.firm_id, paid.entry_id, account.id,
  CASE WHEN account.code = 'operating-bank' THEN 0 ELSE paid.amount END,
  CASE WHEN account.code = 'operating-bank' THEN paid.amount ELSE 0 END,
  paid.client_id, paid.matter_id, paid.currency_code
FROM paid_expenses_to_book paid
JOIN ledger_accounts account ON account.firm_id = paid.firm_id AND account.code IN (paid.cost_account, 'operating-bank');--> statement-breakpoint
UPDATE expenses SET payment_entry_id = paid.entry_id FROM paid_expenses_to_book paid WHERE expenses.id = paid.id;--> statement-breakpoint
-- The books' balance checks run now, so no trigger event is left pending when the tables are altered below.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP TABLE paid_expenses_to_book;--> statement-breakpoint
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;
