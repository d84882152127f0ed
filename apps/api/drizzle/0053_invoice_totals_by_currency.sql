-- The list's summary is per currency (issue 33 §3: no figure adds two currencies), grouped on the
-- invoice's currency: the covering index holds currency_id too, so the totals stay an index-only scan.
DROP INDEX IF EXISTS "invoices_firm_totals_idx";--> statement-breakpoint
CREATE INDEX "invoices_firm_totals_idx" ON "invoices" USING btree ("firm_id","status") INCLUDE ("currency_id","total","paid_amount","balance_due") WHERE deleted_at is null;
