-- Issue 34 §1: a ledger page read the balance after each movement by summing every movement recorded
-- after it (a page 50,000 back summed 50,000 rows). Each movement now keeps its ledger's balance once it
-- was applied, written by the database in the statement that posts it, under the trust account's lock.
ALTER TABLE "trust_transactions" ADD COLUMN "ledger_balance_after" numeric(16, 2);--> statement-breakpoint
-- Movements are never edited (trust_transactions_immutable): the backfill alone may write them, once.
ALTER TABLE "trust_transactions" DISABLE TRIGGER "trust_transactions_immutable";--> statement-breakpoint
UPDATE "trust_transactions" t SET "ledger_balance_after" = running.balance_after
  FROM (
    SELECT id, sum(CASE WHEN direction = 'in' THEN amount ELSE -amount END)
      OVER (PARTITION BY trust_account_id, client_id, matter_id ORDER BY sequence_number) AS balance_after
    FROM "trust_transactions"
  ) running
 WHERE running.id = t.id;--> statement-breakpoint
ALTER TABLE "trust_transactions" ENABLE TRIGGER "trust_transactions_immutable";--> statement-breakpoint
ALTER TABLE "trust_transactions" ALTER COLUMN "ledger_balance_after" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "trust_transactions" ALTER COLUMN "ledger_balance_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_ledger_balance_check" CHECK ("trust_transactions"."ledger_balance_after" >= 0);--> statement-breakpoint
-- A ledger page reads newest recorded first: these stop after the page (and the capped count after its
-- cap, from the index alone) instead of sorting the whole ledger. Ascending, read backwards: that is
-- `order by sequence_number desc` (nulls first), which a DESC NULLS LAST index cannot serve. INCLUDE
-- cannot be said in drizzle's schema.
CREATE INDEX "trust_transactions_client_sequence_idx" ON "trust_transactions" USING btree ("firm_id","client_id","sequence_number")
  INCLUDE ("matter_id", "trust_account_id");--> statement-breakpoint
CREATE INDEX "trust_transactions_matter_sequence_idx" ON "trust_transactions" USING btree ("firm_id","matter_id","sequence_number")
  INCLUDE ("client_id", "trust_account_id");--> statement-breakpoint
-- One ledger's balance as of a movement: the newest of its movements up to it, from the index alone.
CREATE INDEX "trust_transactions_ledger_sequence_idx" ON "trust_transactions" USING btree ("firm_id","trust_account_id","client_id","matter_id","sequence_number")
  INCLUDE ("ledger_balance_after");--> statement-breakpoint
-- The movement's balances move before the row is written (it was after), so the row can carry its
-- ledger's new balance: the same checks, the same locks, the same refusals (migration 0036), and one
-- more figure. An error anywhere in the statement still undoes the balances with the row. Each row of
-- a many-row insert sees the balances the rows before it left.
CREATE OR REPLACE FUNCTION trust_apply_movement() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_delta numeric;
  v_cleared numeric;
  v_original trust_transactions%ROWTYPE;
  v_locked_until date;
  v_balance numeric;
BEGIN
  SELECT max(period_end) INTO v_locked_until FROM trust_reconciliations
   WHERE trust_account_id = NEW.trust_account_id AND firm_id = NEW.firm_id;
  IF v_locked_until IS NOT NULL AND NEW.transaction_date <= v_locked_until THEN
    RAISE EXCEPTION 'Trust movements dated on or before % are in a signed-off reconciliation', v_locked_until
      USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_period_locked';
  END IF;
  v_delta := CASE WHEN NEW.direction = 'in' THEN NEW.amount ELSE -NEW.amount END;
  IF NEW.type = 'reversal' THEN
    SELECT * INTO v_original FROM trust_transactions
     WHERE id = NEW.reverses_transaction_id AND firm_id = NEW.firm_id;
    IF NOT FOUND OR v_original.type = 'reversal' OR v_original.trust_account_id <> NEW.trust_account_id
       OR v_original.client_id <> NEW.client_id OR v_original.matter_id IS DISTINCT FROM NEW.matter_id
       OR v_original.amount <> NEW.amount OR v_original.direction = NEW.direction THEN
      RAISE EXCEPTION 'A reversal must mirror the trust movement it reverses'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_reversal_mirror';
    END IF;
    -- Reversing a deposit whose funds never cleared takes nothing from the cleared funds.
    IF v_original.type = 'deposit' AND NOT v_original.is_cleared
       AND NOT EXISTS (SELECT 1 FROM trust_deposit_clearances WHERE transaction_id = v_original.id) THEN
      v_cleared := 0;
    ELSE
      v_cleared := v_delta;
    END IF;
  ELSIF NEW.type = 'deposit' AND NOT NEW.is_cleared THEN
    v_cleared := 0;
  ELSE
    v_cleared := v_delta;
  END IF;
  -- The ledger's row lock orders its movements: an update that waited for another movement's commit
  -- adds to the balance that one left, and RETURNING answers the sum.
  IF v_delta >= 0 AND v_cleared >= 0 THEN
    -- Money in opens the ledger when it is the first.
    INSERT INTO trust_ledgers AS ledger (firm_id, trust_account_id, client_id, matter_id, balance, cleared_balance)
    VALUES (NEW.firm_id, NEW.trust_account_id, NEW.client_id, NEW.matter_id, v_delta, v_cleared)
    ON CONFLICT (trust_account_id, client_id, matter_id) DO UPDATE
      SET balance = ledger.balance + EXCLUDED.balance,
          cleared_balance = ledger.cleared_balance + EXCLUDED.cleared_balance,
          updated_at = now()
    RETURNING balance INTO v_balance;
  ELSE
    -- Money out of a ledger that was never opened would take it below zero.
    UPDATE trust_ledgers SET balance = balance + v_delta, cleared_balance = cleared_balance + v_cleared, updated_at = now()
     WHERE firm_id = NEW.firm_id AND trust_account_id = NEW.trust_account_id AND client_id = NEW.client_id
       AND matter_id IS NOT DISTINCT FROM NEW.matter_id
    RETURNING balance INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Insufficient trust funds: the ledger holds nothing'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_ledgers_balance_check';
    END IF;
  END IF;
  UPDATE trust_accounts
     SET balance = balance + v_delta, cleared_balance = cleared_balance + v_cleared
   WHERE id = NEW.trust_account_id AND firm_id = NEW.firm_id;
  -- Whatever the insert said, the figure is the ledger's own.
  NEW.ledger_balance_after := v_balance;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "trust_transactions_apply" ON "trust_transactions";--> statement-breakpoint
CREATE TRIGGER "trust_transactions_apply" BEFORE INSERT ON "trust_transactions"
  FOR EACH ROW EXECUTE FUNCTION trust_apply_movement();
