CREATE TABLE "client_reminder_opt_outs" (
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"opted_out_by_user_id" uuid NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_reminder_opt_outs_pkey" PRIMARY KEY("firm_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_disputes" (
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"note" text NOT NULL,
	"disputed_by_user_id" uuid NOT NULL,
	"disputed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_disputes_pkey" PRIMARY KEY("firm_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_reminder_schedules" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminder_steps" (
	"firm_id" uuid NOT NULL,
	"days_from_due" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "invoice_reminder_steps_pkey" PRIMARY KEY("firm_id","days_from_due"),
	CONSTRAINT "invoice_reminder_steps_days_check" CHECK ("invoice_reminder_steps"."days_from_due" between -90 and 365)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"days_from_due" integer NOT NULL,
	"reminder_date" date NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"outgoing_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_once_key" UNIQUE("firm_id","invoice_id","days_from_due")
);
--> statement-breakpoint
ALTER TABLE "client_reminder_opt_outs" ADD CONSTRAINT "client_reminder_opt_outs_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reminder_opt_outs" ADD CONSTRAINT "client_reminder_opt_outs_by_fk" FOREIGN KEY ("firm_id","opted_out_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_disputed_by_fk" FOREIGN KEY ("firm_id","disputed_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_schedules" ADD CONSTRAINT "invoice_reminder_schedules_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_schedules" ADD CONSTRAINT "invoice_reminder_schedules_updated_by_fk" FOREIGN KEY ("firm_id","updated_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_steps" ADD CONSTRAINT "invoice_reminder_steps_schedule_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."invoice_reminder_schedules"("firm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The reminders job reads a firm's open invoices by due date (issue 44 §4); drizzle cannot say a partial index on another module's table here, so it is written by hand.
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("firm_id","due_date") WHERE deleted_at is null and status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0;--> statement-breakpoint
-- Each firm's own schedule, reminders, disputes and clients' choices.
ALTER TABLE invoice_reminder_schedules ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_reminder_schedules FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_reminder_schedules TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE invoice_reminder_steps ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_reminder_steps FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_reminder_steps TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE invoice_reminders ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_reminders FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_reminders TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE invoice_disputes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_disputes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_disputes TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE client_reminder_opt_outs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_reminder_opt_outs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_reminder_opt_outs TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
