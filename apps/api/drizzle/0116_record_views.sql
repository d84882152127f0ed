CREATE TABLE "record_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"user_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_views_record_type_check" CHECK ("record_views"."record_type" in ('matter', 'document', 'documentList', 'trustLedger'))
);
--> statement-breakpoint
ALTER TABLE "record_views" ADD CONSTRAINT "record_views_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_views" ADD CONSTRAINT "record_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_views_firm_client_viewed_idx" ON "record_views" USING btree ("firm_id","client_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE record_views ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE record_views FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON record_views TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
REVOKE ALL ON record_views FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT ON record_views TO matterhorn_app;
