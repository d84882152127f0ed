ALTER TABLE "firms" ADD COLUMN "invoice_accent_colour" text;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "invoice_footer" text;