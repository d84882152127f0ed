CREATE TABLE "client_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"job_title" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conflict_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"searched_by_user_id" uuid NOT NULL,
	"context" text NOT NULL,
	"searched_names" text[] NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_count" integer DEFAULT 0 NOT NULL,
	"decision" text,
	"decision_notes" text,
	"decided_at" timestamp with time zone,
	"client_id" uuid,
	"matter_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_field_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"label" text NOT NULL,
	"field_type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "matter_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"party_role" text NOT NULL,
	"party_type" text DEFAULT 'individual' NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matter_practice_areas" (
	"firm_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"practice_area_id" uuid NOT NULL,
	CONSTRAINT "matter_practice_areas_matter_id_practice_area_id_pk" PRIMARY KEY("matter_id","practice_area_id")
);
--> statement-breakpoint
CREATE TABLE "practice_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "practice_areas_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"foreign_currency_id" integer NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"effective_date" date NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "address" text;
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "next_matter_number" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "display_name" text GENERATED ALWAYS AS (case when client_type = 'company' then coalesce(company_name, '') else btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) end) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "alternate_email" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "alternate_phone" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "city" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "state" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "country" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "postal_code" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "notes" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(company_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "created_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deleted_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "activity_types" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "matter_number" text;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "hourly_rate" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(matter_name || ' ' || coalesce(matter_number, '') || ' ' || coalesce(shelf_location, ''))) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "created_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "deleted_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_key" UNIQUE("firm_id","id");
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_firm_id_key" UNIQUE("firm_id","id");
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_firm_id_key" UNIQUE("firm_id","id");
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_firm_number_key" UNIQUE("firm_id","matter_number");
--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_firm_id_client_id_clients_firm_id_id_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conflict_checks" ADD CONSTRAINT "conflict_checks_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conflict_checks" ADD CONSTRAINT "conflict_checks_searched_by_user_id_users_id_fk" FOREIGN KEY ("searched_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_parties" ADD CONSTRAINT "matter_parties_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_practice_areas" ADD CONSTRAINT "matter_practice_areas_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_practice_areas" ADD CONSTRAINT "matter_practice_areas_area_fk" FOREIGN KEY ("firm_id","practice_area_id") REFERENCES "public"."practice_areas"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "practice_areas" ADD CONSTRAINT "practice_areas_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_foreign_currency_id_currencies_id_fk" FOREIGN KEY ("foreign_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("firm_id","client_id");
--> statement-breakpoint
CREATE INDEX "client_contacts_name_trgm_idx" ON "client_contacts" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "conflict_checks_firm_idx" ON "conflict_checks" USING btree ("firm_id","created_at");
--> statement-breakpoint
CREATE INDEX "custom_field_definitions_firm_idx" ON "custom_field_definitions" USING btree ("firm_id","entity_type");
--> statement-breakpoint
CREATE INDEX "matter_parties_matter_idx" ON "matter_parties" USING btree ("firm_id","matter_id");
--> statement-breakpoint
CREATE INDEX "matter_parties_name_trgm_idx" ON "matter_parties" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "practice_areas_firm_idx" ON "practice_areas" USING btree ("firm_id","name");
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_firm_currency_date_key" ON "exchange_rates" USING btree ("firm_id","foreign_currency_id","effective_date");
--> statement-breakpoint
CREATE INDEX "exchange_rates_firm_idx" ON "exchange_rates" USING btree ("firm_id");
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD CONSTRAINT "portal_accounts_firm_id_client_id_clients_firm_id_id_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_assignees" ADD CONSTRAINT "matter_assignees_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_assignees" ADD CONSTRAINT "matter_assignees_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "clients_firm_name_idx" ON "clients" USING btree ("firm_id","display_name");
--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("display_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "matter_assignees_user_idx" ON "matter_assignees" USING btree ("firm_id","user_id","matter_id");
--> statement-breakpoint
CREATE INDEX "matters_firm_status_idx" ON "matters" USING btree ("firm_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "matters_firm_billing_type_idx" ON "matters" USING btree ("firm_id","billing_type","created_at");
--> statement-breakpoint
CREATE INDEX "matters_search_trgm_idx" ON "matters" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "matters_name_trgm_idx" ON "matters" USING gin ("matter_name" gin_trgm_ops);
