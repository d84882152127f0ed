ALTER TABLE "firms" ADD COLUMN "date_format" text DEFAULT 'DD/MM/YYYY' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "ledes_firm_id" text;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "recycle_bin_retention_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "idle_timeout_minutes" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "max_session_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_date_format_check" CHECK ("firms"."date_format" in ('DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY'));--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_ledes_firm_id_length_check" CHECK (char_length("firms"."ledes_firm_id") <= 20);--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_recycle_bin_retention_check" CHECK ("firms"."recycle_bin_retention_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_idle_timeout_check" CHECK ("firms"."idle_timeout_minutes" between 15 and 1440);--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_max_session_hours_check" CHECK ("firms"."max_session_hours" between 1 and 720);--> statement-breakpoint
-- A member's session also ends after the firm's idle timeout without a request and after its
-- maximum age from the sign-in, whatever its token says; the check answers when it was last active
-- so the request can write a new moment after its answer when the stored one is five minutes old.
DROP FUNCTION firm_session(uuid, uuid);--> statement-breakpoint
CREATE FUNCTION firm_session(p_firm_id uuid, p_session_id uuid)
RETURNS TABLE (session_id uuid, firm_id uuid, user_id uuid, admin_user_id uuid, permissions text[], email_verified_at timestamptz, last_active_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public SET plan_cache_mode = auto AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.firm_id, u.id, coalesce(f.owner_user_id, u.id), r.permissions, u.email_verified_at, s.last_active_at
      FROM sessions s
      JOIN users u ON u.id = s.user_id AND u.firm_id = s.firm_id
      JOIN roles r ON r.id = u.role_id AND r.firm_id = s.firm_id
      JOIN firms f ON f.id = s.firm_id
     WHERE s.id = p_session_id AND s.firm_id = p_firm_id AND s.kind = 'firm'
       AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active
       AND s.last_active_at > now() - make_interval(mins => f.idle_timeout_minutes)
       AND s.created_at > now() - make_interval(hours => f.max_session_hours);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION firm_session(uuid, uuid) FROM PUBLIC;
