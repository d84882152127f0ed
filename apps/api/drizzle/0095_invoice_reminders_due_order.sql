-- The reminders job reads a firm's open invoices a batch at a time in due date and id order (issue 44 §4): with the id
-- in the index, each batch reads on from the last by index order instead of sorting every open invoice again.
DROP INDEX IF EXISTS "invoices_open_due_idx";--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("firm_id","due_date","id") WHERE deleted_at is null and status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0;
