-- Reject back to draft (issue 15): an invoice rejected after submission returns to Draft keeping the
-- number it took at submission (numbers are gapless and never given back), so a draft may now hold a
-- number; a numbered invoice is never deleted, only voided, so every number stays on the books.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_number_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_numbered_not_deleted_check" CHECK ("invoices"."number_value" is null or "invoices"."deleted_at" is null);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_check" CHECK ("invoices"."status" = 'Draft' or "invoices"."number_value" is not null);
