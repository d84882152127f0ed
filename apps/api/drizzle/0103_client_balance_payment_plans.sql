CREATE TABLE "payment_plan_invoices" (
	"firm_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	CONSTRAINT "payment_plan_invoices_pkey" PRIMARY KEY("plan_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "client_id" uuid;--> statement-breakpoint
-- Existing plans are invoice plans: their client is the invoice's (the only write to them since they were set up).
ALTER TABLE "payment_plans" DISABLE TRIGGER payment_plans_only_end;--> statement-breakpoint
UPDATE "payment_plans" p SET "client_id" = i."client_id" FROM "invoices" i WHERE i."firm_id" = p."firm_id" AND i."id" = p."invoice_id";--> statement-breakpoint
ALTER TABLE "payment_plans" ENABLE TRIGGER payment_plans_only_end;--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "client_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plan_invoices" ADD CONSTRAINT "payment_plan_invoices_plan_fk" FOREIGN KEY ("firm_id","plan_id") REFERENCES "public"."payment_plans"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_invoices" ADD CONSTRAINT "payment_plan_invoices_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plan_invoices_invoice_idx" ON "payment_plan_invoices" USING btree ("firm_id","invoice_id");--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_live_client_key" ON "payment_plans" USING btree ("firm_id","client_id") WHERE status = 'Active' and kind = 'clientBalance';--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_kind_check" CHECK (("payment_plans"."kind" = 'invoice') = ("payment_plans"."invoice_id" is not null) and "payment_plans"."kind" in ('invoice', 'clientBalance'));--> statement-breakpoint
-- Every plan's invoices: one row for each existing invoice plan.
INSERT INTO "payment_plan_invoices" ("firm_id", "plan_id", "invoice_id") SELECT "firm_id", "id", "invoice_id" FROM "payment_plans";--> statement-breakpoint
-- A plan is never edited (ADR 0075), now with its kind and client; a plan's invoices never change either.
CREATE OR REPLACE FUNCTION payment_plans_refuse_edit() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_TABLE_NAME <> 'payment_plans' THEN
    RAISE EXCEPTION 'A payment plan cannot be edited; replace it with a new plan'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'Active'
    OR (NEW.id, NEW.firm_id, NEW.invoice_id, NEW.kind, NEW.client_id, NEW.total, NEW.created_by_user_id, NEW.created_at)
       IS DISTINCT FROM (OLD.id, OLD.firm_id, OLD.invoice_id, OLD.kind, OLD.client_id, OLD.total, OLD.created_by_user_id, OLD.created_at) THEN
    RAISE EXCEPTION 'A payment plan cannot be edited; replace it with a new plan'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_plan_invoices_immutable BEFORE UPDATE ON payment_plan_invoices
  FOR EACH ROW EXECUTE FUNCTION payment_plans_refuse_edit();
--> statement-breakpoint
ALTER TABLE payment_plan_invoices ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payment_plan_invoices FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON payment_plan_invoices TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
