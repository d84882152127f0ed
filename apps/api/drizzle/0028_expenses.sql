CREATE TABLE "expense_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"utbms_expense_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "expense_categories_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "expense_categories_utbms_check" CHECK ("expense_categories"."utbms_expense_code" is null or "expense_categories"."utbms_expense_code" ~ '^E1(0[1-9]|1[0-9]|2[0-4])$')
);
--> statement-breakpoint
CREATE TABLE "expense_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "expense_receipts_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"is_firm_expense" boolean NOT NULL,
	"is_expense_request" boolean DEFAULT false NOT NULL,
	"client_id" uuid,
	"matter_id" uuid,
	"expense_date" date NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"home_amount" numeric(14, 2) NOT NULL,
	"home_currency_id" integer,
	"foreign_currency_id" integer,
	"exchange_rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"is_billable" smallint NOT NULL,
	"payee" text,
	"reference" text,
	"note" text,
	"approval_status" text NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"payment_status" text DEFAULT 'Unpaid' NOT NULL,
	"paid_date" date,
	"payment_method" text,
	"payment_reference" text,
	"invoice_id" uuid,
	"added_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "expenses_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "expenses_owner_check" CHECK (("expenses"."is_firm_expense" and "expenses"."client_id" is null and "expenses"."matter_id" is null and "expenses"."is_billable" = 2)
        or (not "expenses"."is_firm_expense" and "expenses"."client_id" is not null and "expenses"."matter_id" is not null)),
	CONSTRAINT "expenses_is_billable_check" CHECK ("expenses"."is_billable" in (2, 4)),
	CONSTRAINT "expenses_approval_status_check" CHECK ("expenses"."approval_status" in ('Pending', 'Approved', 'Rejected')),
	CONSTRAINT "expenses_payment_status_check" CHECK ("expenses"."payment_status" in ('Unpaid', 'Paid')),
	CONSTRAINT "expenses_amounts_check" CHECK ("expenses"."quantity" > 0 and "expenses"."unit_cost" > 0 and "expenses"."exchange_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_firm_expense_fk" FOREIGN KEY ("firm_id","expense_id") REFERENCES "public"."expenses"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_firm_uploaded_by_fk" FOREIGN KEY ("firm_id","uploaded_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_home_currency_id_currencies_id_fk" FOREIGN KEY ("home_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_foreign_currency_id_currencies_id_fk" FOREIGN KEY ("foreign_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_category_fk" FOREIGN KEY ("firm_id","category_id") REFERENCES "public"."expense_categories"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_added_by_fk" FOREIGN KEY ("firm_id","added_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_decided_by_fk" FOREIGN KEY ("firm_id","decided_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_firm_name_key" ON "expense_categories" USING btree ("firm_id",lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "expense_receipts_expense_idx" ON "expense_receipts" USING btree ("firm_id","expense_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "expenses_firm_date_idx" ON "expenses" USING btree ("firm_id","is_firm_expense","expense_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "expenses_matter_date_idx" ON "expenses" USING btree ("firm_id","matter_id","expense_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "expenses_unbilled_date_idx" ON "expenses" USING btree ("firm_id","expense_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null and invoice_id is null and approval_status = 'Approved' and is_firm_expense = false and is_billable = 4;--> statement-breakpoint
CREATE INDEX "expenses_pending_idx" ON "expenses" USING btree ("firm_id","expense_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null and approval_status = 'Pending';--> statement-breakpoint
CREATE INDEX "expenses_added_by_idx" ON "expenses" USING btree ("firm_id","added_by_user_id","expense_date" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "expenses_description_trgm_idx" ON "expenses" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_payee_trgm_idx" ON "expenses" USING gin ("payee" gin_trgm_ops);--> statement-breakpoint
INSERT INTO expense_categories (firm_id, name, utbms_expense_code)
SELECT firms.id, defaults.name, defaults.code
FROM firms
CROSS JOIN (VALUES
  ('Court filing fees', 'E112'),
  ('Travel', 'E110'),
  ('Courier', 'E107'),
  ('Photocopying', 'E101'),
  ('Expert fees', 'E119'),
  ('Postage', 'E108'),
  ('Meals', 'E111'),
  ('Other', 'E124')
) AS defaults(name, code);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON expense_categories TO matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON expenses TO matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON expense_receipts TO matterhorn_app;--> statement-breakpoint
ALTER TABLE expense_categories ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE expense_categories FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON expense_categories TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON expenses TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE expense_receipts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE expense_receipts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON expense_receipts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
