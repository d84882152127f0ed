CREATE TABLE "privacy_notice_consents" (
	"firm_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"portal_account_id" uuid NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_notice_consents_portal_account_id_version_id_pk" PRIMARY KEY("portal_account_id","version_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_notice_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by_user_id" uuid,
	CONSTRAINT "privacy_notice_versions_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "privacy_notice_versions_firm_version_key" UNIQUE("firm_id","version"),
	CONSTRAINT "privacy_notice_versions_version_check" CHECK ("privacy_notice_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD COLUMN "officer_name" text;--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD COLUMN "officer_email" text;--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD COLUMN "officer_phone" text;--> statement-breakpoint
ALTER TABLE "privacy_notice_consents" ADD CONSTRAINT "privacy_notice_consents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_consents" ADD CONSTRAINT "privacy_notice_consents_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_consents" ADD CONSTRAINT "privacy_notice_consents_firm_id_version_id_privacy_notice_versions_firm_id_id_fk" FOREIGN KEY ("firm_id","version_id") REFERENCES "public"."privacy_notice_versions"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD CONSTRAINT "privacy_notice_versions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD CONSTRAINT "privacy_notice_versions_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_notice_consents_version_idx" ON "privacy_notice_consents" USING btree ("firm_id","version_id");--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD CONSTRAINT "data_protection_settings_officer_check" CHECK (("data_protection_settings"."officer_name" is null) = ("data_protection_settings"."officer_email" is null));--> statement-breakpoint
-- A published version is never edited: a change is a new version, so a consent names the words read.
CREATE FUNCTION privacy_notice_version_refuse_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  RAISE EXCEPTION 'A published privacy notice cannot be changed; publish a new version'
    USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER privacy_notice_versions_immutable BEFORE UPDATE ON privacy_notice_versions
  FOR EACH ROW EXECUTE FUNCTION privacy_notice_version_refuse_update();--> statement-breakpoint
ALTER TABLE privacy_notice_versions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE privacy_notice_versions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON privacy_notice_versions TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE privacy_notice_consents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE privacy_notice_consents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON privacy_notice_consents TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
