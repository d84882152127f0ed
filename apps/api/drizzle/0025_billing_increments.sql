ALTER TABLE "firms" ADD COLUMN "billing_increment" numeric(4, 2) DEFAULT '0.10' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "recorded_duration" numeric(8, 4);--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_billing_increment_check" CHECK ("firms"."billing_increment" in (0, 0.01, 0.05, 0.1, 0.25));