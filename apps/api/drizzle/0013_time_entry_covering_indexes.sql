-- Issue 4, "Speed": the time-entry lists' indexes carry what their filters, counts and totals read
-- besides the key (billable, status, invoice, hours, home amount), so a fee earner's, matter's or
-- client's count and totals come from the index alone. INCLUDE cannot be said in drizzle's schema.
DROP INDEX time_entries_firm_date_idx;
--> statement-breakpoint
CREATE INDEX time_entries_firm_date_idx ON time_entries (firm_id, time_entry_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (is_billable, status, invoice_id, duration, home_total_amount) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX time_entries_user_date_idx;
--> statement-breakpoint
CREATE INDEX time_entries_user_date_idx ON time_entries (firm_id, user_id, time_entry_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (is_billable, status, invoice_id, duration, home_total_amount) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX time_entries_matter_date_idx;
--> statement-breakpoint
CREATE INDEX time_entries_matter_date_idx ON time_entries (firm_id, matter_id, time_entry_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (is_billable, status, invoice_id, duration, home_total_amount) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX time_entries_client_date_idx;
--> statement-breakpoint
CREATE INDEX time_entries_client_date_idx ON time_entries (firm_id, client_id, time_entry_date DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (is_billable, status, invoice_id, duration, home_total_amount) WHERE deleted_at IS NULL;
