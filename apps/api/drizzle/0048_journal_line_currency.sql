-- Every journal line carries its currency, and an entry balances in each currency it uses (issue:
-- a client's USD and NGN trust money were summed as one figure).
ALTER TABLE "journal_lines" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "exchange_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "home_amount" numeric(14, 2);--> statement-breakpoint
-- Posted lines are immutable to everyone; this one-time backfill of a new column is the exception.
ALTER TABLE "journal_lines" DISABLE TRIGGER "journal_lines_immutable";--> statement-breakpoint
-- A trust line is in its trust account's currency.
UPDATE "journal_lines" jl SET "currency_code" = ta.currency_code
  FROM "trust_accounts" ta
  WHERE ta.id = jl.trust_account_id AND ta.firm_id = jl.firm_id;--> statement-breakpoint
-- An invoice's entries (issue, write-off, void) are in the invoice's currency (null: the firm's home currency, below).
UPDATE "journal_lines" jl SET "currency_code" = c.iso_code
  FROM "journal_entries" e
  JOIN "invoices" i ON i.firm_id = e.firm_id AND i.id = e.source_id
  JOIN "currencies" c ON c.id = i.currency_id
  WHERE e.id = jl.entry_id AND jl.currency_code IS NULL
    AND e.source_type IN ('invoice', 'invoice-write-off', 'invoice-void');--> statement-breakpoint
-- A payment (or its reversal) is in its invoice's currency.
UPDATE "journal_lines" jl SET "currency_code" = c.iso_code
  FROM "journal_entries" e
  JOIN "invoice_payments" p ON p.firm_id = e.firm_id AND p.id = e.source_id
  JOIN "invoices" i ON i.firm_id = p.firm_id AND i.id = p.invoice_id
  JOIN "currencies" c ON c.id = i.currency_id
  WHERE e.id = jl.entry_id AND jl.currency_code IS NULL AND e.source_type = 'invoice-payment';--> statement-breakpoint
-- A gateway's fee is in the currency the payment was made in.
UPDATE "journal_lines" jl SET "currency_code" = upper(g.currency_code)
  FROM "journal_entries" e
  JOIN "gateway_payments" g ON g.firm_id = e.firm_id AND g.id = e.source_id
  WHERE e.id = jl.entry_id AND jl.currency_code IS NULL AND e.source_type = 'gateway-fee';--> statement-breakpoint
-- A reversal mirrors its original entry.
UPDATE "journal_lines" jl SET "currency_code" = (
    SELECT min(o.currency_code) FROM "journal_lines" o WHERE o.entry_id = e.reverses_entry_id AND o.currency_code IS NOT NULL)
  FROM "journal_entries" e
  WHERE e.id = jl.entry_id AND jl.currency_code IS NULL AND e.reverses_entry_id IS NOT NULL;--> statement-breakpoint
-- The other lines of an entry that has a trust line (the operating bank's side of a payment from trust).
UPDATE "journal_lines" jl SET "currency_code" = (
    SELECT min(o.currency_code) FROM "journal_lines" o WHERE o.entry_id = jl.entry_id AND o.currency_code IS NOT NULL)
  WHERE jl.currency_code IS NULL;--> statement-breakpoint
-- Everything else is in the firm's home currency (NGN for a firm that never chose one: the product's default).
UPDATE "journal_lines" jl SET "currency_code" = coalesce(
    (SELECT c.iso_code FROM "firms" f JOIN "currencies" c ON c.id = f.home_currency_id WHERE f.id = jl.firm_id), 'NGN')
  WHERE jl.currency_code IS NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ENABLE TRIGGER "journal_lines_immutable";--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "currency_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_currency_code_check" CHECK ("journal_lines"."currency_code" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_conversion_check" CHECK (("journal_lines"."exchange_rate" is null) = ("journal_lines"."home_amount" is null) and ("journal_lines"."exchange_rate" is null or "journal_lines"."exchange_rate" > 0));--> statement-breakpoint
-- Every entry balances in each of its currencies, checked at commit as before (migration 0029).
CREATE OR REPLACE FUNCTION journal_entry_balance_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_entry_id uuid;
  v_lines bigint;
  v_currency text;
  v_debit numeric;
  v_credit numeric;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    v_entry_id := NEW.id;
  ELSE
    v_entry_id := NEW.entry_id;
  END IF;
  SELECT count(*) INTO v_lines FROM journal_lines WHERE entry_id = v_entry_id;
  IF v_lines = 0 THEN
    RAISE EXCEPTION 'Journal entry % has no lines', v_entry_id USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency_code, sum(debit), sum(credit)
    INTO v_currency, v_debit, v_credit
    FROM journal_lines WHERE entry_id = v_entry_id
    GROUP BY currency_code
    HAVING sum(debit) <> sum(credit)
    ORDER BY currency_code
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Journal entry % does not balance in %: debits %, credits %', v_entry_id, v_currency, v_debit, v_credit
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
