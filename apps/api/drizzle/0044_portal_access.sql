DROP INDEX "portal_accounts_client_key";--> statement-breakpoint
DROP INDEX "portal_accounts_firm_email_key";--> statement-breakpoint
ALTER TABLE "portal_accounts" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "portal_requires_totp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
CREATE INDEX "portal_accounts_client_idx" ON "portal_accounts" USING btree ("firm_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_accounts_firm_email_key" ON "portal_accounts" USING btree ("firm_id","email") WHERE "portal_accounts"."status" <> 'removed';--> statement-breakpoint
ALTER TABLE "portal_accounts" ADD CONSTRAINT "portal_accounts_status_check" CHECK ("status" in ('invited', 'active', 'disabled', 'removed'));
--> statement-breakpoint
-- A portal session lives only while its own account is active: disabling or removing one contact's
-- account ends its sessions on the very next request, without touching the client's other contacts.
CREATE OR REPLACE FUNCTION portal_session(p_firm_id uuid, p_session_id uuid)
RETURNS TABLE (session_id uuid, firm_id uuid, portal_account_id uuid, client_id uuid, company text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public SET plan_cache_mode = auto AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.firm_id, p.id, p.client_id, f.portal_slug
      FROM sessions s
      JOIN portal_accounts p ON p.id = s.portal_account_id AND p.firm_id = s.firm_id
      JOIN clients c ON c.id = p.client_id AND c.firm_id = s.firm_id
      JOIN firms f ON f.id = s.firm_id
     WHERE s.id = p_session_id AND s.firm_id = p_firm_id AND s.kind = 'portal'
       AND s.revoked_at IS NULL AND s.expires_at > now()
       AND p.status = 'active' AND c.deleted_at IS NULL AND c.is_portal_enabled;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_session(uuid, uuid) FROM PUBLIC;
