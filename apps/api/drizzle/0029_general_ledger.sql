CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"memo" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reverses_entry_id" uuid,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "journal_entries_reverses_key" UNIQUE("reverses_entry_id"),
	CONSTRAINT "journal_entries_source_type_check" CHECK ("journal_entries"."source_type" in ('invoice', 'invoice-payment', 'invoice-void', 'invoice-write-off', 'trust', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"debit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"client_id" uuid,
	"matter_id" uuid,
	"memo" text,
	CONSTRAINT "journal_lines_debit_check" CHECK ("journal_lines"."debit" >= 0),
	CONSTRAINT "journal_lines_credit_check" CHECK ("journal_lines"."credit" >= 0),
	CONSTRAINT "journal_lines_one_side_check" CHECK (("journal_lines"."debit" > 0) <> ("journal_lines"."credit" > 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"normal_balance" text NOT NULL,
	"is_system" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_firm_code_key" UNIQUE("firm_id","code"),
	CONSTRAINT "ledger_accounts_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "ledger_accounts_type_check" CHECK ("ledger_accounts"."type" in ('asset', 'liability', 'income', 'expense', 'equity')),
	CONSTRAINT "ledger_accounts_normal_balance_check" CHECK ("ledger_accounts"."normal_balance" in ('debit', 'credit'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_firm_reverses_fk" FOREIGN KEY ("firm_id","reverses_entry_id") REFERENCES "public"."journal_entries"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_firm_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_firm_entry_fk" FOREIGN KEY ("firm_id","entry_id") REFERENCES "public"."journal_entries"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_firm_account_fk" FOREIGN KEY ("firm_id","account_id") REFERENCES "public"."ledger_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_firm_created_idx" ON "journal_entries" USING btree ("firm_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entries_firm_source_idx" ON "journal_entries" USING btree ("firm_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_firm_account_client_idx" ON "journal_lines" USING btree ("firm_id","account_id","client_id");--> statement-breakpoint
CREATE INDEX "journal_lines_firm_account_matter_idx" ON "journal_lines" USING btree ("firm_id","account_id","matter_id");--> statement-breakpoint
-- The chart of accounts of every existing firm (new firms get it at creation: seedLedgerAccounts).
INSERT INTO ledger_accounts (firm_id, code, name, type, normal_balance, is_system)
SELECT firms.id, chart.code, chart.name, chart.type, chart.normal_balance, true
FROM firms
CROSS JOIN (VALUES
  ('operating-bank', 'Operating bank', 'asset', 'debit'),
  ('accounts-receivable', 'Accounts receivable', 'asset', 'debit'),
  ('fee-income', 'Fee income', 'income', 'credit'),
  ('expense-recoveries', 'Expense recoveries', 'income', 'credit'),
  ('tax-payable', 'Tax payable', 'liability', 'credit'),
  ('discounts-given', 'Discounts given', 'expense', 'debit'),
  ('write-offs', 'Bad debt write-offs', 'expense', 'debit'),
  ('trust-bank', 'Client trust bank', 'asset', 'debit'),
  ('client-trust-liability', 'Client trust liability', 'liability', 'credit')
) AS chart(code, name, type, normal_balance)
ON CONFLICT (firm_id, code) DO NOTHING;--> statement-breakpoint
-- Every entry balances: checked at commit (deferred), so an entry's lines can be inserted one by one
-- in its transaction, and a transaction that leaves any entry unbalanced or without lines fails whole.
-- SECURITY DEFINER: the check reads every line of the entry whatever the caller's row-level security.
CREATE FUNCTION journal_entry_balance_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_entry_id uuid;
  v_lines bigint;
  v_debit numeric;
  v_credit numeric;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    v_entry_id := NEW.id;
  ELSE
    v_entry_id := NEW.entry_id;
  END IF;
  SELECT count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0)
    INTO v_lines, v_debit, v_credit
    FROM journal_lines WHERE entry_id = v_entry_id;
  IF v_lines = 0 THEN
    RAISE EXCEPTION 'Journal entry % has no lines', v_entry_id USING ERRCODE = 'check_violation';
  END IF;
  IF v_debit <> v_credit THEN
    RAISE EXCEPTION 'Journal entry % does not balance: debits %, credits %', v_entry_id, v_debit, v_credit
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balance
  AFTER INSERT ON journal_lines DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_entry_balance_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_have_lines
  AFTER INSERT ON journal_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_entry_balance_check();--> statement-breakpoint
-- Posted means final: an entry's created_at is its transaction's moment, and lines join only an entry
-- of their own transaction, so no later transaction adds (even balanced) lines to a posted entry.
CREATE FUNCTION journal_entry_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  NEW.created_at := transaction_timestamp();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER journal_entries_stamp BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entry_stamp();--> statement-breakpoint
CREATE FUNCTION journal_line_same_transaction() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM journal_entries
     WHERE id = NEW.entry_id AND firm_id = NEW.firm_id AND created_at = transaction_timestamp()
  ) THEN
    RAISE EXCEPTION 'Journal entry % is already posted: lines are added only when it is posted', NEW.entry_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER journal_lines_same_transaction BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_line_same_transaction();--> statement-breakpoint
-- Never edited or deleted: a mistake is corrected by a reversing entry (ADR 0020).
CREATE FUNCTION journal_refuse_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  RAISE EXCEPTION 'Posted journal entries cannot be changed or deleted; post a reversing entry'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_refuse_change();--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_change();--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_refuse_change();--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_change();--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION journal_entry_balance_check() FROM PUBLIC;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION journal_line_same_transaction() FROM PUBLIC;--> statement-breakpoint
-- The app role reads and posts; the default privileges of migration 0001 also gave it UPDATE and DELETE.
REVOKE ALL ON ledger_accounts, journal_entries, journal_lines FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT ON ledger_accounts, journal_entries, journal_lines TO matterhorn_app;--> statement-breakpoint
ALTER TABLE ledger_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON ledger_accounts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE journal_entries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON journal_entries TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE journal_lines ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON journal_lines TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
