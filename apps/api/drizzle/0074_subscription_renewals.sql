ALTER TABLE "subscription_charges" DROP CONSTRAINT "subscription_charges_kind_check";--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "renews_period_end" date;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "renewal_attempt" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_renewal_attempt_key" ON "subscription_charges" USING btree ("firm_id","renews_period_end","renewal_attempt") WHERE "subscription_charges"."renewal_attempt" is not null;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_renewal_check" CHECK (("subscription_charges"."kind" = 'renewal') = ("subscription_charges"."renews_period_end" is not null));--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_kind_check" CHECK ("subscription_charges"."kind" in ('start', 'upgrade', 'renewal'));