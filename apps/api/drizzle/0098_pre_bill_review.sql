CREATE TABLE "billing_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"from_invoice_id" uuid,
	"reason" text NOT NULL,
	"held_by_user_id" uuid NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by_user_id" uuid,
	"released_at" timestamp with time zone,
	CONSTRAINT "billing_holds_type_check" CHECK ("billing_holds"."item_type" in ('fee', 'expense', 'flatFee'))
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "stale_work_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_held_by_fk" FOREIGN KEY ("firm_id","held_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_holds_live_item_key" ON "billing_holds" USING btree ("firm_id","item_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "billing_holds_firm_held_idx" ON "billing_holds" USING btree ("firm_id","held_at" DESC NULLS LAST);--> statement-breakpoint
-- Each firm's own holds (issue 44's pre-bill review).
ALTER TABLE billing_holds ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE billing_holds FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON billing_holds TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
