CREATE TABLE "invoice_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"slug_hash" text NOT NULL,
	"slug_prefix" text NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_links_slug_hash_key" ON "invoice_links" USING btree ("slug_hash");--> statement-breakpoint
CREATE INDEX "invoice_links_invoice_idx" ON "invoice_links" USING btree ("firm_id","invoice_id") WHERE "invoice_links"."revoked_at" is null;--> statement-breakpoint
-- Links are created and revoked (revoked_at), and their views counted; never deleted.
REVOKE ALL ON invoice_links FROM matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON invoice_links TO matterhorn_app;
--> statement-breakpoint
-- The public page finds a link by its slug's hash before the firm is known (identity lookup),
-- then continues as the app role inside that firm: the lookup role reads only these columns.
GRANT SELECT (firm_id, invoice_id, slug_hash, revoked_at) ON invoice_links TO matterhorn_auth;
--> statement-breakpoint
ALTER TABLE invoice_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_links TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY identity_lookup ON invoice_links TO matterhorn_auth USING (true);
