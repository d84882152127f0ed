CREATE TABLE "payment_plan_instalments" (
	"firm_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"cumulative_amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "payment_plan_instalments_pkey" PRIMARY KEY("plan_id","number"),
	CONSTRAINT "payment_plan_instalments_amount_check" CHECK ("payment_plan_instalments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by_user_id" uuid,
	"ended_at" timestamp with time zone,
	CONSTRAINT "payment_plans_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "payment_plans_status_check" CHECK ("payment_plans"."status" in ('Active', 'Replaced', 'Cancelled')),
	CONSTRAINT "payment_plans_total_check" CHECK ("payment_plans"."total" > 0),
	CONSTRAINT "payment_plans_ended_check" CHECK (("payment_plans"."status" = 'Active') = ("payment_plans"."ended_at" is null))
);
--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD CONSTRAINT "payment_plan_instalments_plan_fk" FOREIGN KEY ("firm_id","plan_id") REFERENCES "public"."payment_plans"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_ended_by_fk" FOREIGN KEY ("firm_id","ended_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plan_instalments_due_idx" ON "payment_plan_instalments" USING btree ("firm_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_live_key" ON "payment_plans" USING btree ("firm_id","invoice_id") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "payment_plans_invoice_idx" ON "payment_plans" USING btree ("firm_id","invoice_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- A plan is never edited: its instalments never change, and the plan itself only ends (Replaced or Cancelled), once.
CREATE FUNCTION payment_plans_refuse_edit() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_TABLE_NAME = 'payment_plan_instalments'
    OR OLD.status <> 'Active'
    OR (NEW.id, NEW.firm_id, NEW.invoice_id, NEW.total, NEW.created_by_user_id, NEW.created_at)
       IS DISTINCT FROM (OLD.id, OLD.firm_id, OLD.invoice_id, OLD.total, OLD.created_by_user_id, OLD.created_at) THEN
    RAISE EXCEPTION 'A payment plan cannot be edited; replace it with a new plan'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_plans_only_end BEFORE UPDATE ON payment_plans
  FOR EACH ROW EXECUTE FUNCTION payment_plans_refuse_edit();
--> statement-breakpoint
CREATE TRIGGER payment_plan_instalments_immutable BEFORE UPDATE ON payment_plan_instalments
  FOR EACH ROW EXECUTE FUNCTION payment_plans_refuse_edit();
--> statement-breakpoint
ALTER TABLE payment_plans ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payment_plans FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON payment_plans TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE payment_plan_instalments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payment_plan_instalments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON payment_plan_instalments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
