-- Matter budgets (issue 36): a total and/or hours, fees and expenses limits per matter, the thresholds
-- the responsible fee earner was told of (once each), and the firm's choice to refuse time past a budget.
CREATE TABLE "matter_budget_alerts" (
	"firm_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"threshold" smallint NOT NULL,
	"notified_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matter_budget_alerts_matter_id_measure_threshold_pk" PRIMARY KEY("matter_id","measure","threshold"),
	CONSTRAINT "matter_budget_alerts_measure_check" CHECK ("matter_budget_alerts"."measure" in ('total', 'hours', 'fees', 'expenses')),
	CONSTRAINT "matter_budget_alerts_threshold_check" CHECK ("matter_budget_alerts"."threshold" in (80, 100))
);
--> statement-breakpoint
CREATE TABLE "matter_budgets" (
	"matter_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"total_amount" numeric(14, 2),
	"hours_limit" numeric(10, 2),
	"fees_limit" numeric(14, 2),
	"expenses_limit" numeric(14, 2),
	"responsible_user_id" uuid NOT NULL,
	"updated_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matter_budgets_some_limit_check" CHECK (coalesce("matter_budgets"."total_amount", "matter_budgets"."hours_limit", "matter_budgets"."fees_limit", "matter_budgets"."expenses_limit") is not null),
	CONSTRAINT "matter_budgets_positive_check" CHECK (coalesce("matter_budgets"."total_amount", 1) > 0 and coalesce("matter_budgets"."hours_limit", 1) > 0 and coalesce("matter_budgets"."fees_limit", 1) > 0 and coalesce("matter_budgets"."expenses_limit", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "block_time_past_budget" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matter_budget_alerts" ADD CONSTRAINT "matter_budget_alerts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_budget_alerts" ADD CONSTRAINT "matter_budget_alerts_budget_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matter_budgets"("matter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_budgets" ADD CONSTRAINT "matter_budgets_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_budgets" ADD CONSTRAINT "matter_budgets_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_budgets" ADD CONSTRAINT "matter_budgets_responsible_fk" FOREIGN KEY ("firm_id","responsible_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_budgets" ADD CONSTRAINT "matter_budgets_updated_by_fk" FOREIGN KEY ("firm_id","updated_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE matter_budgets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_budgets FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON matter_budgets TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE matter_budget_alerts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_budget_alerts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON matter_budget_alerts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
