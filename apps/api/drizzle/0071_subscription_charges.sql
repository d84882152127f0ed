CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"gateway" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"billing_interval" text NOT NULL,
	"seats" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"requested_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "subscription_charges_reference_unique" UNIQUE("reference"),
	CONSTRAINT "subscription_charges_kind_check" CHECK ("subscription_charges"."kind" in ('start', 'upgrade')),
	CONSTRAINT "subscription_charges_status_check" CHECK ("subscription_charges"."status" in ('pending', 'paid', 'failed', 'refused')),
	CONSTRAINT "subscription_charges_gateway_check" CHECK ("subscription_charges"."gateway" in ('paystack', 'stripe')),
	CONSTRAINT "subscription_charges_amount_check" CHECK ("subscription_charges"."amount_minor" > 0 and "subscription_charges"."vat_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"charge_id" uuid NOT NULL,
	"payload" text NOT NULL,
	"outcome" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_gateway_events_event_key" UNIQUE("gateway","event_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_gateway_events" ADD CONSTRAINT "subscription_gateway_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_gateway_events" ADD CONSTRAINT "subscription_gateway_events_charge_id_subscription_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."subscription_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_charges_firm_idx" ON "subscription_charges" USING btree ("firm_id","created_at");--> statement-breakpoint
-- Each firm's own charges and events; a charge is never deleted, and only settled once (the service's rule).
REVOKE DELETE ON subscription_charges, subscription_gateway_events FROM matterhorn_app;--> statement-breakpoint
ALTER TABLE subscription_charges ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE subscription_charges FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON subscription_charges TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A webhook names a reference, not a firm: the identity lookup finds the charge's firm (as 0041 for portal payments).
GRANT SELECT (firm_id, reference, gateway) ON subscription_charges TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON subscription_charges TO matterhorn_auth USING (true);--> statement-breakpoint
ALTER TABLE subscription_gateway_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE subscription_gateway_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON subscription_gateway_events TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
