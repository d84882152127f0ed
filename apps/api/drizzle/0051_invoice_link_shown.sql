ALTER TABLE "invoice_links" ADD COLUMN "slug_sealed" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "emailed_to" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "emailed_at" timestamp with time zone;