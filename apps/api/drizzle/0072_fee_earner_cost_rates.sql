CREATE TABLE "fee_earner_cost_rates" (
	"firm_id" uuid NOT NULL,
	"fee_earner_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"cost_rate" numeric(14, 2),
	"set_by_user_id" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_earner_cost_rates_pkey" PRIMARY KEY("firm_id","fee_earner_id","effective_from"),
	CONSTRAINT "fee_earner_cost_rates_rate_check" CHECK ("fee_earner_cost_rates"."cost_rate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_cost_rate_check";--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "cost_amount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "time_entry_day_totals" ADD COLUMN "cost" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entry_day_totals" ADD COLUMN "uncosted_hours" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_earner_cost_rates" ADD CONSTRAINT "fee_earner_cost_rates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_earner_cost_rates" ADD CONSTRAINT "fee_earner_cost_rates_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_earner_cost_rates" ADD CONSTRAINT "fee_earner_cost_rates_firm_user_fk" FOREIGN KEY ("firm_id","fee_earner_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 37's matter profitability (ADR 0058): each time entry keeps its cost as at the day of the
-- work, so the day totals carry costs and the report's tie-out reads them instead of a year of entries.
-- A fee earner's rate history is the firm's own; a rate is corrected, never deleted.
REVOKE DELETE ON fee_earner_cost_rates FROM matterhorn_app;--> statement-breakpoint
ALTER TABLE fee_earner_cost_rates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE fee_earner_cost_rates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON fee_earner_cost_rates TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- The one rule of a time entry's cost: hours × the fee earner's rate on the day, half-up to the cent;
-- null without a rate that day. Runs as the caller: the entry's own firm's rates.
CREATE FUNCTION time_entry_cost_on(p_firm_id uuid, p_fee_earner_id uuid, p_day date, p_hours numeric) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT round(p_hours * (SELECT rate.cost_rate FROM fee_earner_cost_rates rate
     WHERE rate.firm_id = p_firm_id AND rate.fee_earner_id = p_fee_earner_id AND rate.effective_from <= p_day
     ORDER BY rate.effective_from DESC LIMIT 1), 2)
$$;--> statement-breakpoint
CREATE FUNCTION time_entries_cost() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.cost_amount := time_entry_cost_on(NEW.firm_id, NEW.user_id, NEW.time_entry_date, NEW.duration);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER time_entries_cost BEFORE INSERT OR UPDATE OF duration, user_id, time_entry_date ON time_entries
  FOR EACH ROW EXECUTE FUNCTION time_entries_cost();--> statement-breakpoint
-- The day totals now carry the cost (and the hours without one) of the statement's rows.
CREATE OR REPLACE FUNCTION time_entry_day_totals_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_added text := 'SELECT firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5) AS is_billed,
    duration AS hours, home_total_amount AS amount, 1 AS entries, coalesce(cost_amount, 0) AS cost,
    CASE WHEN cost_amount IS NULL THEN duration ELSE 0 END AS uncosted_hours FROM new_entries WHERE deleted_at IS NULL';
  v_taken text := 'SELECT firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5) AS is_billed,
    -duration AS hours, -home_total_amount AS amount, -1 AS entries, -coalesce(cost_amount, 0) AS cost,
    CASE WHEN cost_amount IS NULL THEN -duration ELSE 0 END AS uncosted_hours FROM old_entries WHERE deleted_at IS NULL';
  -- Only the transition tables the event has exist.
  v_changes text := CASE TG_OP WHEN 'INSERT' THEN v_added WHEN 'DELETE' THEN v_taken ELSE v_added || ' UNION ALL ' || v_taken END;
BEGIN
  EXECUTE 'INSERT INTO time_entry_day_totals AS t (firm_id, entry_date, fee_earner_id, is_billable, is_billed, hours, amount, entries, cost, uncosted_hours)
    SELECT firm_id, time_entry_date, user_id, is_billable, is_billed, sum(hours), sum(amount), sum(entries), sum(cost), sum(uncosted_hours)
      FROM (' || v_changes || ') change
     GROUP BY firm_id, time_entry_date, user_id, is_billable, is_billed
    HAVING sum(entries) <> 0 OR sum(hours) <> 0 OR sum(amount) <> 0 OR sum(cost) <> 0 OR sum(uncosted_hours) <> 0
     ORDER BY firm_id, time_entry_date, user_id, is_billable, is_billed
    ON CONFLICT (firm_id, entry_date, fee_earner_id, is_billable, is_billed)
    DO UPDATE SET hours = t.hours + excluded.hours, amount = t.amount + excluded.amount, entries = t.entries + excluded.entries,
      cost = t.cost + excluded.cost, uncosted_hours = t.uncosted_hours + excluded.uncosted_hours';
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The rates so far: each fee earner's cost rate applies to all their time until now (the rule before
-- this migration), from their first entry or their joining, whichever is earlier. The owner reads
-- every firm only while the forced row security is lifted (as 0068).
ALTER TABLE users NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE time_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE fee_earner_cost_rates NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE time_entry_day_totals NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO fee_earner_cost_rates (firm_id, fee_earner_id, effective_from, cost_rate)
SELECT users.firm_id, users.id,
  least(users.created_at::date, (SELECT min(time_entries.time_entry_date) FROM time_entries
    WHERE time_entries.firm_id = users.firm_id AND time_entries.user_id = users.id)),
  users.cost_rate
  FROM users WHERE users.cost_rate IS NOT NULL;--> statement-breakpoint
-- Every entry's cost, and the day totals' costs from them in one pass rather than through the trigger.
ALTER TABLE time_entries DISABLE TRIGGER time_entries_day_totals_update;--> statement-breakpoint
UPDATE time_entries SET cost_amount = time_entry_cost_on(firm_id, user_id, time_entry_date, duration)
 WHERE EXISTS (SELECT 1 FROM fee_earner_cost_rates rate WHERE rate.firm_id = time_entries.firm_id AND rate.fee_earner_id = time_entries.user_id);--> statement-breakpoint
ALTER TABLE time_entries ENABLE TRIGGER time_entries_day_totals_update;--> statement-breakpoint
UPDATE time_entry_day_totals t SET cost = summed.cost, uncosted_hours = summed.uncosted_hours
  FROM (SELECT firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5) AS is_billed,
      coalesce(sum(cost_amount), 0) AS cost, coalesce(sum(duration) FILTER (WHERE cost_amount IS NULL), 0) AS uncosted_hours
      FROM time_entries WHERE deleted_at IS NULL
     GROUP BY firm_id, time_entry_date, user_id, is_billable, (invoice_id IS NOT NULL OR status = 5)) summed
 WHERE t.firm_id = summed.firm_id AND t.entry_date = summed.time_entry_date AND t.fee_earner_id = summed.user_id
   AND t.is_billable = summed.is_billable AND t.is_billed = summed.is_billed;--> statement-breakpoint
ALTER TABLE time_entry_day_totals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE fee_earner_cost_rates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Matter profitability sums a year's hours and costs by matter from the firm's date index alone.
DROP INDEX time_entries_firm_date_idx;--> statement-breakpoint
CREATE INDEX time_entries_firm_date_idx ON time_entries (firm_id, time_entry_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (client_id, matter_id, user_id, is_billable, status, invoice_id, duration, home_total_amount, cost_amount) WHERE deleted_at IS NULL;--> statement-breakpoint
-- The rate of today is read from the history: users keep no copy to go stale.
ALTER TABLE users DROP COLUMN cost_rate;
