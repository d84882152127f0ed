CREATE TABLE "consultation_booking_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consultation_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"consultation_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"gateway" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"fee" numeric(14, 2),
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "consultation_payments_status_check" CHECK ("consultation_payments"."status" in ('pending', 'succeeded', 'failed', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "consultation_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"length_minutes" integer NOT NULL,
	"working_hours" jsonb NOT NULL,
	"notice_days" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"fee_amount" numeric(14, 2),
	"fee_currency" text,
	"is_fee_required" boolean DEFAULT false NOT NULL,
	"office_address" text,
	"video_link" text,
	"updated_by_user_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"assignee_user_id" uuid NOT NULL,
	"start_local" timestamp NOT NULL,
	"end_local" timestamp NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"fee_amount" numeric(14, 2),
	"fee_currency" text,
	"paid_at" timestamp with time zone,
	"location" text,
	"video_link" text,
	"booked_through" text NOT NULL,
	"booked_by_user_id" uuid,
	"calendar_event_id" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "consultations_status_check" CHECK ("consultations"."status" in ('AwaitingPayment', 'Confirmed', 'Cancelled', 'Lapsed')),
	CONSTRAINT "consultations_order_check" CHECK ("consultations"."end_local" > "consultations"."start_local"),
	CONSTRAINT "consultations_booked_through_check" CHECK ("consultations"."booked_through" in ('link', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_type_check";--> statement-breakpoint
ALTER TABLE "consultation_booking_links" ADD CONSTRAINT "consultation_booking_links_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_booking_links" ADD CONSTRAINT "consultation_links_creator_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_payments" ADD CONSTRAINT "consultation_payments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_payments" ADD CONSTRAINT "consultation_payments_consultation_fk" FOREIGN KEY ("firm_id","consultation_id") REFERENCES "public"."consultations"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_settings" ADD CONSTRAINT "consultation_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_assignee_fk" FOREIGN KEY ("firm_id","assignee_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_booking_links_token_key" ON "consultation_booking_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "consultation_booking_links_lead_idx" ON "consultation_booking_links" USING btree ("firm_id","lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_payments_reference_key" ON "consultation_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "consultation_payments_consultation_idx" ON "consultation_payments" USING btree ("firm_id","consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_assignee_start_key" ON "consultations" USING btree ("firm_id","assignee_user_id","start_local") WHERE status in ('AwaitingPayment', 'Confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_live_lead_key" ON "consultations" USING btree ("firm_id","lead_id") WHERE status in ('AwaitingPayment', 'Confirmed');--> statement-breakpoint
CREATE INDEX "consultations_assignee_range_idx" ON "consultations" USING btree ("firm_id","assignee_user_id","start_local");--> statement-breakpoint
CREATE INDEX "consultations_lead_idx" ON "consultations" USING btree ("firm_id","lead_id","created_at");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_type_check" CHECK ("journal_entries"."source_type" in ('invoice', 'invoice-payment', 'invoice-void', 'invoice-write-off', 'trust', 'gateway-fee', 'expense-payment', 'unapplied-cash', 'manual', 'credit-note', 'client-credit', 'consultation-fee'));--> statement-breakpoint
-- Consultation fees paid online by prospective clients (no client or matter exists yet) are income of
-- their own, a system account under 4000 Fee income: 4060, or 4069 / 4099 when the firm has taken it.
-- default-chart.ts gives new firms the same.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, number, name, type, normal_balance, description, is_system, parent_id)
SELECT firms.id, 'consultation-fees', chart.number, 'Fee income – Consultations', 'income', 'credit',
  'Fees prospective clients paid online to book a consultation (no client or matter exists yet).', true,
  (SELECT parent.id FROM ledger_accounts parent WHERE parent.firm_id = firms.id AND parent.code = 'fee-income' AND parent.parent_id IS NULL)
FROM firms
CROSS JOIN LATERAL (
  SELECT candidate AS number FROM (VALUES ('4060'), ('4069'), ('4099')) AS candidates (candidate)
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts taken WHERE taken.firm_id = firms.id AND taken.number = candidate)
  LIMIT 1
) chart
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts existing WHERE existing.firm_id = firms.id AND existing.code = 'consultation-fees');--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE consultation_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE consultation_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON consultation_settings TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE consultations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE consultations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON consultations TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE consultation_booking_links ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE consultation_booking_links FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON consultation_booking_links TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- The booking page finds its link by the token's hash before the firm is known (identity lookup),
-- then continues as the app role inside that firm: the lookup role reads only these columns.
GRANT SELECT (firm_id, lead_id, token_hash, expires_at, revoked_at) ON consultation_booking_links TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON consultation_booking_links FOR SELECT TO matterhorn_auth USING (true);--> statement-breakpoint
ALTER TABLE consultation_payments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE consultation_payments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON consultation_payments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A gateway's webhook names only our reference: the lookup role finds the payment's firm from it.
GRANT SELECT (firm_id, reference, gateway) ON consultation_payments TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON consultation_payments FOR SELECT TO matterhorn_auth USING (true);
