CREATE TABLE "time_entry_day_totals" (
	"firm_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"fee_earner_id" uuid NOT NULL,
	"is_billable" smallint NOT NULL,
	"is_billed" boolean NOT NULL,
	"hours" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "time_entry_day_totals_pkey" PRIMARY KEY("firm_id","entry_date","fee_earner_id","is_billable","is_billed")
);
--> statement-breakpoint
ALTER TABLE "time_entry_day_totals" ADD CONSTRAINT "time_entry_day_totals_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_firm_date_idx" ON "invoice_payments" USING btree ("firm_id","payment_date");--> statement-breakpoint
-- Issue 37's speed targets (ADR 0055). The firm's date index carries the client, matter and fee earner
-- too, so the time reports group a year of entries by matter and fee earner from the index alone.
DROP INDEX time_entries_firm_date_idx;--> statement-breakpoint
CREATE INDEX time_entries_firm_date_idx ON time_entries (firm_id, time_entry_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (client_id, matter_id, user_id, is_billable, status, invoice_id, duration, home_total_amount) WHERE deleted_at IS NULL;--> statement-breakpoint
-- The day totals of the live entries so far. The owner reads every firm only while the forced row
-- security is lifted (as 0063).
ALTER TABLE time_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO time_entry_day_totals (firm_id, entry_date, fee_earner_id, is_billable, is_billed, hours, amount, entries)
SELECT firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5), sum(duration), sum(home_total_amount), count(*)
  FROM time_entries WHERE deleted_at IS NULL
 GROUP BY firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5);--> statement-breakpoint
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Kept at each statement that writes time entries: what the statement's rows added (their new
-- values, when live) less what they took away (their old values, when live), summed per key, a key
-- with no change skipped, in key order, so two statements lock their totals rows in one order. The
-- rule of billed is the time-entries module's (isBilledTimeEntry: on an invoice, or status 5).
-- A key whose entries all went keeps a row of zeros. SECURITY DEFINER: the app role only reads the totals.
CREATE FUNCTION time_entry_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_added text := 'SELECT firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5) AS is_billed,
    duration AS hours, home_total_amount AS amount, 1 AS entries FROM new_entries WHERE deleted_at IS NULL';
  v_taken text := 'SELECT firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5) AS is_billed,
    -duration AS hours, -home_total_amount AS amount, -1 AS entries FROM old_entries WHERE deleted_at IS NULL';
  -- Only the transition tables the event has exist.
  v_changes text := CASE TG_OP WHEN 'INSERT' THEN v_added WHEN 'DELETE' THEN v_taken ELSE v_added || ' UNION ALL ' || v_taken END;
BEGIN
  EXECUTE 'INSERT INTO time_entry_day_totals AS t (firm_id, entry_date, fee_earner_id, is_billable, is_billed, hours, amount, entries)
    SELECT firm_id, time_entry_date, user_id, is_billable, is_billed, sum(hours), sum(amount), sum(entries)
      FROM (' || v_changes || ') change
     GROUP BY firm_id, time_entry_date, user_id, is_billable, is_billed
    HAVING sum(entries) <> 0 OR sum(hours) <> 0 OR sum(amount) <> 0
     ORDER BY firm_id, time_entry_date, user_id, is_billable, is_billed
    ON CONFLICT (firm_id, entry_date, fee_earner_id, is_billable, is_billed)
    DO UPDATE SET hours = t.hours + excluded.hours, amount = t.amount + excluded.amount, entries = t.entries + excluded.entries';
  RETURN NULL;
END;
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION time_entry_day_totals_apply() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER time_entries_day_totals_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION time_entry_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER time_entries_day_totals_update AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION time_entry_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER time_entries_day_totals_delete AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION time_entry_day_totals_apply();--> statement-breakpoint
REVOKE ALL ON time_entry_day_totals FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT ON time_entry_day_totals TO matterhorn_app;--> statement-breakpoint
ALTER TABLE time_entry_day_totals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE time_entry_day_totals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON time_entry_day_totals TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
-- The dashboard's billed per month (and the invoice register's range) reads issued invoices' totals by issue date
-- from the index alone.
DROP INDEX invoices_firm_issue_idx;--> statement-breakpoint
CREATE INDEX invoices_firm_issue_idx ON invoices (firm_id, issue_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (status, currency_id, total) WHERE deleted_at IS NULL;
