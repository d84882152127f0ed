CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"gateway_payment_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_event_key" UNIQUE("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"invoice_id" uuid,
	"trust_request_id" uuid,
	"portal_account_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"currency_code" text NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_session_id" text,
	"gateway_transaction_id" text,
	"fee" numeric(16, 2),
	"recorded_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "gateway_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "gateway_payments_amount_check" CHECK ("gateway_payments"."amount" > 0),
	CONSTRAINT "gateway_payments_one_target_check" CHECK (("gateway_payments"."invoice_id" is null) <> ("gateway_payments"."trust_request_id" is null)),
	CONSTRAINT "gateway_payments_settled_check" CHECK (("gateway_payments"."status" = 'succeeded') = ("gateway_payments"."settled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_gateway_payment_id_gateway_payments_id_fk" FOREIGN KEY ("gateway_payment_id") REFERENCES "public"."gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_trust_request_fk" FOREIGN KEY ("firm_id","trust_request_id") REFERENCES "public"."trust_requests"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_payments_client_idx" ON "gateway_payments" USING btree ("firm_id","client_id","created_at");--> statement-breakpoint
ALTER TABLE gateway_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON gateway_payments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
-- A gateway's webhook names only our reference: the lookup role finds the payment's firm from it, then
-- continues as the app role inside that firm. It reads only these columns.
GRANT SELECT (firm_id, reference, gateway) ON gateway_payments TO matterhorn_auth;
--> statement-breakpoint
CREATE POLICY identity_lookup ON gateway_payments TO matterhorn_auth USING (true);
--> statement-breakpoint
ALTER TABLE gateway_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON gateway_events TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
