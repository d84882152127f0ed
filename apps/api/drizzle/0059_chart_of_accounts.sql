-- The numbered chart of accounts (issue 36, ADR 0046). A system account keeps its code (what the
-- modules post to) and gains a number; the firm's own accounts have no code.
ALTER TABLE "ledger_accounts" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ALTER COLUMN "is_system" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "owned_by_module" text;--> statement-breakpoint
-- Every existing firm gets the default chart new firms get (platform/ledger/default-chart.ts; keep in step):
-- its system accounts numbered, then the firm's own default accounts, Nigeria's tax accounts for a
-- firm in Nigeria. The owner reads every firm only while the forced row security is lifted (as 0046).
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE ledger_accounts SET number = chart.number, description = chart.description, owned_by_module = chart.owned_by_module
FROM (VALUES
  ('operating-bank', '1000', 'The firm’s own bank account: fees received, expenses paid.', NULL),
  ('trust-bank', '1100', 'Money held for clients in the trust (client) bank accounts; moves only with trust movements.', 'trust'),
  ('accounts-receivable', '1200', 'What clients owe on issued invoices; moves only with invoices and their payments.', 'invoices'),
  ('tax-payable', '2100', 'VAT output: tax charged on invoices, owed to the tax authority.', NULL),
  ('client-trust-liability', '2200', 'What the firm holds in trust for each client; equals the client ledgers.', 'trust'),
  ('unapplied-cash', '2400', 'Client payments received but not yet applied to an invoice or refunded.', 'payments'),
  ('fee-income', '4000', 'Fees billed for time and flat fees.', NULL),
  ('expense-recoveries', '4100', 'Reimbursed client costs: expenses billed to clients on invoices.', NULL),
  ('firm-expenses', '5000', 'The firm’s own expenses paid through Matterhorn’s expenses (equal to them); post other running costs to 5010–5060.', 'expenses'),
  ('client-costs-advanced', '5100', 'Advanced client costs: costs paid for clients, booked as an expense and recovered through expense recoveries when billed.', 'expenses'),
  ('bank-charges', '5300', 'Bank fees and payment gateways’ fees.', NULL),
  ('write-offs', '5400', 'Bad debts: invoice balances written off as uncollectable.', NULL),
  ('discounts-given', '5500', 'Discounts given on invoices (contra-income).', NULL)
) AS chart (code, number, description, owned_by_module)
WHERE ledger_accounts.code = chart.code;--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, number, name, type, normal_balance, description, is_system)
SELECT firms.id, chart.number, chart.name, chart.type, chart.normal_balance, chart.description, false
FROM firms
CROSS JOIN (VALUES
  ('1010', 'Petty cash', 'asset', 'debit', 'Cash kept in the office for small payments.', false),
  ('1250', 'Withholding tax receivable', 'asset', 'debit', 'Withholding tax clients deducted from fees, recoverable against the firm’s income tax with the credit notes.', true),
  ('1500', 'Office equipment', 'asset', 'debit', 'Computers, furniture and other equipment the firm owns.', false),
  ('2000', 'Accounts payable', 'liability', 'credit', 'What the firm owes its suppliers.', false),
  ('2150', 'Withholding tax payable', 'liability', 'credit', 'Withholding tax the firm deducted from its suppliers, owed to the tax authority.', true),
  ('2160', 'PAYE and pension payable', 'liability', 'credit', 'Staff income tax and pension contributions deducted, owed to the authorities and the pension administrator.', true),
  ('2300', 'Unearned retainers', 'liability', 'credit', 'Fees received in advance of the work, not yet earned.', false),
  ('3000', 'Owner’s equity', 'equity', 'credit', 'The partners’ or owner’s capital in the firm.', false),
  ('3100', 'Owner’s drawings', 'equity', 'debit', 'Money the partners or owner took out of the firm.', false),
  ('3900', 'Retained earnings', 'equity', 'credit', 'Profits of earlier years kept in the firm.', false),
  ('4200', 'Other income', 'income', 'credit', 'Income that is not fees: interest, rent received, and so on.', false),
  ('4300', 'Foreign exchange gain or loss', 'income', 'credit', 'Gains (credits) and losses (debits) on money in other currencies.', false),
  ('5010', 'Rent and rates', 'expense', 'debit', 'Office rent, service charges and rates.', false),
  ('5020', 'Salaries and wages', 'expense', 'debit', 'Staff pay and benefits.', false),
  ('5030', 'Utilities and internet', 'expense', 'debit', 'Power, water, telephone and internet.', false),
  ('5040', 'Practising fees and subscriptions', 'expense', 'debit', 'Bar practising fees, law reports and professional subscriptions.', false),
  ('5050', 'Office supplies', 'expense', 'debit', 'Stationery, printing and small office items.', false),
  ('5060', 'Professional indemnity insurance', 'expense', 'debit', 'The firm’s professional indemnity and other insurance.', false),
  ('5200', 'Non-reimbursable client costs', 'expense', 'debit', 'Costs of clients’ matters the firm bears itself.', false)
) AS chart (number, name, type, normal_balance, description, nigeria_only)
WHERE NOT chart.nigeria_only OR coalesce(firms.country, '') ~* '^\s*(nigeria|ng|nga)\s*$';--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, number, name, type, normal_balance, description, is_system, parent_id)
SELECT firms.id, chart.number, chart.name, chart.type, chart.normal_balance, chart.description, false, parent.id
FROM firms
CROSS JOIN (VALUES
  ('4010', '4000', 'Fee income – Corporate', 'income', 'credit', 'Fees of corporate and commercial matters.'),
  ('4020', '4000', 'Fee income – Litigation', 'income', 'credit', 'Fees of litigation and dispute matters.'),
  ('4030', '4000', 'Fee income – Property', 'income', 'credit', 'Fees of property and conveyancing matters.'),
  ('4040', '4000', 'Fee income – Family and probate', 'income', 'credit', 'Fees of family, probate and estate matters.'),
  ('4050', '4000', 'Fee income – Other practice areas', 'income', 'credit', 'Fees of matters in the other practice areas.')
) AS chart (number, parent_number, name, type, normal_balance, description)
JOIN ledger_accounts parent ON parent.firm_id = firms.id AND parent.number = chart.parent_number;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_firm_parent_fk" FOREIGN KEY ("firm_id","parent_id") REFERENCES "public"."ledger_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_firm_number_key" UNIQUE("firm_id","number");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_number_check" CHECK ("ledger_accounts"."number" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_system_code_check" CHECK ("ledger_accounts"."is_system" = ("ledger_accounts"."code" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owned_by_module_check" CHECK ("ledger_accounts"."owned_by_module" in ('invoices', 'trust', 'payments', 'expenses'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_parent_check" CHECK ("ledger_accounts"."parent_id" <> "ledger_accounts"."id");--> statement-breakpoint
-- The firm now keeps its own chart: the app role may change and delete accounts (never journal rows).
-- A system account keeps its code, type, side and owner, stays active and is never deleted, whoever asks;
-- an account with lines is never deleted (journal_lines' foreign key).
GRANT UPDATE, DELETE ON ledger_accounts TO matterhorn_app;--> statement-breakpoint
CREATE FUNCTION ledger_account_keep_system() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF OLD.is_system THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'System account % cannot be deleted', OLD.code USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.code IS DISTINCT FROM OLD.code OR NEW.type <> OLD.type OR NEW.normal_balance <> OLD.normal_balance
       OR NEW.is_system <> OLD.is_system OR NEW.owned_by_module IS DISTINCT FROM OLD.owned_by_module OR NOT NEW.is_active THEN
      RAISE EXCEPTION 'System account % keeps its code, type and owner and stays active', OLD.code USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_keep_system BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_keep_system();
