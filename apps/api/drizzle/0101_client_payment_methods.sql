CREATE TABLE "client_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"sealed" text NOT NULL,
	"description" text NOT NULL,
	"consented_by_portal_account_id" uuid NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_from_payment_id" uuid NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_portal_account_id" uuid,
	"withdrawn_by_user_id" uuid,
	"withdrawn_reason" text,
	CONSTRAINT "client_payment_methods_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "client_payment_methods_withdrawn_check" CHECK (("client_payment_methods"."withdrawn_at" is null) = ("client_payment_methods"."withdrawn_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD COLUMN "keeps_method" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD COLUMN "payment_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD COLUMN "instalment_number" integer;--> statement-breakpoint
ALTER TABLE "client_payment_methods" ADD CONSTRAINT "client_payment_methods_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_methods" ADD CONSTRAINT "client_payment_methods_consented_by_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("consented_by_portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_methods" ADD CONSTRAINT "client_payment_methods_saved_from_payment_id_gateway_payments_id_fk" FOREIGN KEY ("saved_from_payment_id") REFERENCES "public"."gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_methods" ADD CONSTRAINT "client_payment_methods_withdrawn_by_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("withdrawn_by_portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_methods" ADD CONSTRAINT "client_payment_methods_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_methods" ADD CONSTRAINT "client_payment_methods_withdrawn_by_fk" FOREIGN KEY ("firm_id","withdrawn_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_payment_methods_live_key" ON "client_payment_methods" USING btree ("firm_id","client_id","gateway") WHERE withdrawn_at is null;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_payment_plan_fk" FOREIGN KEY ("firm_id","payment_plan_id") REFERENCES "public"."payment_plans"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_payment_method_fk" FOREIGN KEY ("firm_id","payment_method_id") REFERENCES "public"."client_payment_methods"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_instalment_charge_key" ON "gateway_payments" USING btree ("firm_id","payment_plan_id","instalment_number") WHERE payment_plan_id is not null;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_automatic_charge_check" CHECK (("gateway_payments"."payment_method_id" is null) = ("gateway_payments"."payment_plan_id" is null) and ("gateway_payments"."payment_plan_id" is null) = ("gateway_payments"."instalment_number" is null));--> statement-breakpoint
ALTER TABLE client_payment_methods ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_payment_methods FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_payment_methods TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
