CREATE TABLE "engagements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"practice_area_id" uuid,
	"responsible_user_id" uuid NOT NULL,
	"matter_name" text NOT NULL,
	"matter_description" text,
	"billing_type" text NOT NULL,
	"hourly_rate" numeric(14, 2),
	"flat_rate" numeric(14, 2),
	"contingency_percentage" numeric(5, 2),
	"retainer_amount" numeric(14, 2),
	"retainer_currency_code" text,
	"template_document_id" uuid,
	"letter_docx_document_id" uuid,
	"letter_pdf_document_id" uuid,
	"letter_generated_at" timestamp with time zone,
	"signature_request_id" uuid,
	"client_id" uuid,
	"matter_id" uuid,
	"trust_request_id" uuid,
	"converted_at" timestamp with time zone,
	"converted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagements_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "engagements_lead_key" UNIQUE("firm_id","lead_id"),
	CONSTRAINT "engagements_billing_type_check" CHECK ("engagements"."billing_type" in ('Hourly', 'Flat Rate', 'Contingency', 'Retainer')),
	CONSTRAINT "engagements_retainer_check" CHECK ("engagements"."retainer_amount" is null or "engagements"."retainer_currency_code" is not null),
	CONSTRAINT "engagements_converted_check" CHECK (("engagements"."converted_at" is null) = ("engagements"."client_id" is null))
);
--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_lead_fk" FOREIGN KEY ("firm_id","lead_id") REFERENCES "public"."leads"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_practice_area_fk" FOREIGN KEY ("firm_id","practice_area_id") REFERENCES "public"."practice_areas"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_responsible_fk" FOREIGN KEY ("firm_id","responsible_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE engagements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE engagements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON engagements TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
