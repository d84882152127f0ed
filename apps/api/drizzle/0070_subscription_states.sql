ALTER TABLE "plans" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "status" text DEFAULT 'trialing' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency_code" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_interval" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_seats" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_plan_id_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('trialing', 'active', 'past_due', 'free', 'read_only'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."billing_interval" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_interval_check" CHECK ("subscriptions"."scheduled_interval" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_currency_check" CHECK ("subscriptions"."currency_code" in ('NGN', 'USD'));--> statement-breakpoint
-- The plans so far under the catalogue's codes (apps/api/config/plans.json); the catalogue writes the rest at start.
UPDATE plans SET code = lower(name) WHERE name IN ('Trial', 'Free', 'Standard', 'Professional');--> statement-breakpoint
UPDATE plans SET is_public = false WHERE code IS NULL;--> statement-breakpoint
-- Each subscription's status and currency from what it was: the owner reads every firm only while the forced row
-- security is lifted (as 0063).
ALTER TABLE subscriptions NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE subscriptions s SET
  status = CASE WHEN p.name = 'Trial' THEN 'trialing'
    WHEN p.name = 'Free' THEN 'free'
    WHEN s.end_date < current_date AND NOT s.is_ngn_subscription THEN 'read_only' ELSE 'active' END,
  billing_interval = CASE WHEN p.amount > 0 THEN CASE WHEN p.duration_in_days = 365 THEN 'yearly' ELSE 'monthly' END END,
  currency_code = CASE WHEN s.is_ngn_subscription OR f.country = 'Nigeria' THEN 'NGN' ELSE 'USD' END
FROM plans p, firms f WHERE p.id = s.plan_id AND f.id = s.firm_id;--> statement-breakpoint
ALTER TABLE subscriptions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;
