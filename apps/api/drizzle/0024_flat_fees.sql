CREATE TABLE "flat_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"activity_type_id" uuid,
	"flat_fee_date" date NOT NULL,
	"description" text NOT NULL,
	"note" text,
	"amount" numeric(14, 2) NOT NULL,
	"currency_id" integer,
	"invoice_id" uuid,
	"added_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "flat_fees_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_firm_added_by_fk" FOREIGN KEY ("firm_id","added_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_fees" ADD CONSTRAINT "flat_fees_firm_activity_fk" FOREIGN KEY ("firm_id","activity_type_id") REFERENCES "public"."activity_types"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flat_fees_firm_date_idx" ON "flat_fees" USING btree ("firm_id","flat_fee_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flat_fees_matter_date_idx" ON "flat_fees" USING btree ("firm_id","matter_id","flat_fee_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "flat_fees_description_trgm_idx" ON "flat_fees" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON flat_fees TO matterhorn_app;--> statement-breakpoint
ALTER TABLE flat_fees ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE flat_fees FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON flat_fees TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
