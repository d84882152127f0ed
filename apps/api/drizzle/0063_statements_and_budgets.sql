-- Statements (issue 36, ADR 0047): the firm's fiscal year start month, each day's totals per account
-- kept at every posting's commit, and firm budgets.
CREATE TABLE "journal_day_totals" (
	"firm_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"account_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"source_type" text NOT NULL,
	"debit" numeric(18, 2) NOT NULL,
	"credit" numeric(18, 2) NOT NULL,
	CONSTRAINT "journal_day_totals_pkey" PRIMARY KEY("firm_id","entry_date","account_id","currency_code","source_type")
);
--> statement-breakpoint
CREATE TABLE "firm_budget_amounts" (
	"firm_id" uuid NOT NULL,
	"budget_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "firm_budget_amounts_pkey" PRIMARY KEY("budget_id","account_id","month"),
	CONSTRAINT "firm_budget_amounts_month_check" CHECK (extract(day from "firm_budget_amounts"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "firm_budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"fiscal_year" integer NOT NULL,
	"currency_code" text NOT NULL,
	"updated_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_budgets_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "firm_budgets_firm_year_key" UNIQUE("firm_id","fiscal_year"),
	CONSTRAINT "firm_budgets_fiscal_year_check" CHECK ("firm_budgets"."fiscal_year" between 1900 and 9999),
	CONSTRAINT "firm_budgets_currency_code_check" CHECK ("firm_budgets"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "fiscal_year_start_month" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Entries posted before this migration keep a null posted_xid (a volatile default would stamp them all
-- with this migration's transaction); the day totals below start from their lines.
ALTER TABLE "journal_entries" ADD COLUMN "posted_xid" "xid8";--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "posted_xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "journal_day_totals" ADD CONSTRAINT "journal_day_totals_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_day_totals" ADD CONSTRAINT "journal_day_totals_firm_account_fk" FOREIGN KEY ("firm_id","account_id") REFERENCES "public"."ledger_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_budget_amounts" ADD CONSTRAINT "firm_budget_amounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_budget_amounts" ADD CONSTRAINT "firm_budget_amounts_budget_fk" FOREIGN KEY ("firm_id","budget_id") REFERENCES "public"."firm_budgets"("firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_budget_amounts" ADD CONSTRAINT "firm_budget_amounts_account_fk" FOREIGN KEY ("firm_id","account_id") REFERENCES "public"."ledger_accounts"("firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_budgets" ADD CONSTRAINT "firm_budgets_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_budgets" ADD CONSTRAINT "firm_budgets_firm_updated_by_fk" FOREIGN KEY ("firm_id","updated_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_fiscal_year_start_month_check" CHECK ("firms"."fiscal_year_start_month" between 1 and 12);;--> statement-breakpoint
-- The day totals of every line posted so far. The owner reads every firm only while the forced row
-- security is lifted (as 0059).
ALTER TABLE journal_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO journal_day_totals (firm_id, entry_date, account_id, currency_code, source_type, debit, credit)
SELECT l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type, sum(l.debit), sum(l.credit)
  FROM journal_lines l JOIN journal_entries e ON e.firm_id = l.firm_id AND e.id = l.entry_id
 GROUP BY l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type;--> statement-breakpoint
ALTER TABLE journal_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Kept at commit, once per transaction and firm, by the first of its entries' deferred triggers to
-- fire: one statement adds every entry of the transaction (savepoints included: posted_xid is the
-- top-level transaction's), its rows in key order. So two transactions posting to the same accounts
-- and days lock their totals rows in one order (no deadlock), and only while they commit, after all
-- their other work. Lines join only an entry of their own transaction (0029), so every line is in.
-- A transaction must not SET CONSTRAINTS this trigger IMMEDIATE before its last entry: entries posted
-- after the first firing would be missed (the test harness compares the totals with the lines).
-- SECURITY DEFINER: the app role only reads the totals.
CREATE FUNCTION journal_day_totals_add() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_done text := coalesce(current_setting('matterhorn.day_totals_added', true), '');
  v_mark text := pg_current_xact_id()::text || '/' || NEW.firm_id::text;
BEGIN
  IF position(v_mark IN v_done) > 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('matterhorn.day_totals_added', v_done || ' ' || v_mark, true);
  INSERT INTO journal_day_totals AS t (firm_id, entry_date, account_id, currency_code, source_type, debit, credit)
  SELECT l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type, sum(l.debit), sum(l.credit)
    FROM journal_entries e JOIN journal_lines l ON l.firm_id = e.firm_id AND l.entry_id = e.id
   WHERE e.firm_id = NEW.firm_id AND e.created_at = transaction_timestamp() AND e.posted_xid = pg_current_xact_id()
   GROUP BY l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type
   ORDER BY l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type
  ON CONFLICT (firm_id, entry_date, account_id, currency_code, source_type)
  DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
  RETURN NULL;
END;
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION journal_day_totals_add() FROM PUBLIC;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_day_totals
  AFTER INSERT ON journal_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_day_totals_add();--> statement-breakpoint
REVOKE ALL ON journal_day_totals FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT ON journal_day_totals TO matterhorn_app;--> statement-breakpoint
ALTER TABLE journal_day_totals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_day_totals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON journal_day_totals TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- Budgets are the firm's own figures: saved whole (a year's grid replaces the last) and deleted.
GRANT SELECT, INSERT, UPDATE, DELETE ON firm_budgets, firm_budget_amounts TO matterhorn_app;--> statement-breakpoint
ALTER TABLE firm_budgets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_budgets FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON firm_budgets TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE firm_budget_amounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_budget_amounts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON firm_budget_amounts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);