CREATE TABLE "breach_incident_clients" (
	"firm_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "breach_incident_clients_incident_id_client_id_pk" PRIMARY KEY("incident_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "breach_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"data_affected" text NOT NULL,
	"people_affected" text NOT NULL,
	"discovered_at" timestamp with time zone NOT NULL,
	"regulator_notified_at" timestamp with time zone,
	"regulator_notified_to" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breach_incidents_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "breach_incidents_notified_check" CHECK (("breach_incidents"."regulator_notified_at" is null) = ("breach_incidents"."regulator_notified_to" is null))
);
--> statement-breakpoint
ALTER TABLE "breach_incident_clients" ADD CONSTRAINT "breach_incident_clients_firm_id_incident_id_breach_incidents_firm_id_id_fk" FOREIGN KEY ("firm_id","incident_id") REFERENCES "public"."breach_incidents"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_incident_clients" ADD CONSTRAINT "breach_incident_clients_firm_id_client_id_clients_firm_id_id_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_incidents" ADD CONSTRAINT "breach_incidents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_incidents" ADD CONSTRAINT "breach_incidents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breach_incidents_firm_discovered_idx" ON "breach_incidents" USING btree ("firm_id","discovered_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE breach_incidents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE breach_incidents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON breach_incidents TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE breach_incident_clients ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE breach_incident_clients FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON breach_incident_clients TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
