-- The books' speed targets (ADR 0049). A general ledger page read from the day totals: each day total
-- counts its lines, so an account's line count, totals, opening balance and the days a page falls on
-- are sums over its days, never over its lines; the page's lines are then read from those days'
-- entries. And what clients owe (every statement's tie-outs) read from the open invoices alone.
ALTER TABLE "journal_day_totals" ADD COLUMN "lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_day_totals_account_idx" ON "journal_day_totals" USING btree ("firm_id","account_id","entry_date") INCLUDE ("currency_code","source_type","debit","credit","lines");--> statement-breakpoint
CREATE INDEX "journal_entries_firm_date_idx" ON "journal_entries" USING btree ("firm_id","entry_date");--> statement-breakpoint
CREATE INDEX "invoices_firm_owed_idx" ON "invoices" USING btree ("firm_id","status","currency_id","balance_due") WHERE deleted_at is null and balance_due > 0;--> statement-breakpoint
-- The lines of the totals kept so far. The owner reads every firm only while the forced row security is
-- lifted (as 0063).
ALTER TABLE journal_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_day_totals NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE journal_day_totals t SET lines = c.lines
  FROM (SELECT l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type, count(*)::int AS lines
          FROM journal_lines l JOIN journal_entries e ON e.firm_id = l.firm_id AND e.id = l.entry_id
         GROUP BY l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type) c
 WHERE t.firm_id = c.firm_id AND t.entry_date = c.entry_date AND t.account_id = c.account_id
   AND t.currency_code = c.currency_code AND t.source_type = c.source_type;--> statement-breakpoint
ALTER TABLE journal_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE journal_day_totals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- As 0063's, and the lines counted.
CREATE OR REPLACE FUNCTION journal_day_totals_add() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_done text := coalesce(current_setting('matterhorn.day_totals_added', true), '');
  v_mark text := pg_current_xact_id()::text || '/' || NEW.firm_id::text;
BEGIN
  IF position(v_mark IN v_done) > 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('matterhorn.day_totals_added', v_done || ' ' || v_mark, true);
  INSERT INTO journal_day_totals AS t (firm_id, entry_date, account_id, currency_code, source_type, debit, credit, lines)
  SELECT l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type, sum(l.debit), sum(l.credit), count(*)
    FROM journal_entries e JOIN journal_lines l ON l.firm_id = e.firm_id AND l.entry_id = e.id
   WHERE e.firm_id = NEW.firm_id AND e.created_at = transaction_timestamp() AND e.posted_xid = pg_current_xact_id()
   GROUP BY l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type
   ORDER BY l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type
  ON CONFLICT (firm_id, entry_date, account_id, currency_code, source_type)
  DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit, lines = t.lines + excluded.lines;
  RETURN NULL;
END;
$$;
