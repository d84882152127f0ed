ALTER TABLE "subscriptions" ADD COLUMN "renewal_gateway" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_method_sealed" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_method_description" text;