-- The invoice list's indexes (ADR 13): "newest first", the web's default order, with and without a
-- status tab; the overdue tab; the invoice number search (trigrams); the totals. The issue-date
-- order, the status tabs in it and a client's invoices have theirs since migration 0030.
CREATE INDEX "invoices_firm_created_idx" ON "invoices" USING btree ("firm_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "invoices_firm_status_created_idx" ON "invoices" USING btree ("firm_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
-- The overdue tab: issued invoices with money due, newest first, their due date included so the
-- tab's page and count compare it from the index alone.
CREATE INDEX "invoices_open_created_idx" ON "invoices" USING btree ("firm_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("due_date") WHERE deleted_at is null and status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0;--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
-- The list's totals (IncludeTotals) from the index alone, by status tab or for the whole firm: at
-- 100,000 invoices 23 ms instead of 40 ms for a sequential scan of the table's wide rows.
CREATE INDEX "invoices_firm_totals_idx" ON "invoices" USING btree ("firm_id","status") INCLUDE ("total","paid_amount","balance_due") WHERE deleted_at is null;