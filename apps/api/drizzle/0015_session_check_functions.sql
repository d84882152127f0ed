-- Every signed-in request checks its session before anything else. Run as its own transaction that
-- check cost four round trips (begin, switch role and firm, select, commit); as one call of these
-- functions it costs one. They run as their owner, so they filter by firm themselves, and no
-- request role may call them: only the API's own connection, outside any transaction.
-- plpgsql keeps each statement's plan for the connection, so the check is planned once, not per request.
CREATE FUNCTION firm_session(p_firm_id uuid, p_session_id uuid)
RETURNS TABLE (session_id uuid, firm_id uuid, user_id uuid, admin_user_id uuid, permissions text[], email_verified_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.firm_id, u.id, coalesce(f.owner_user_id, u.id), r.permissions, u.email_verified_at
      FROM sessions s
      JOIN users u ON u.id = s.user_id AND u.firm_id = s.firm_id
      JOIN roles r ON r.id = u.role_id AND r.firm_id = s.firm_id
      JOIN firms f ON f.id = s.firm_id
     WHERE s.id = p_session_id AND s.firm_id = p_firm_id AND s.kind = 'firm'
       AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active;
END
$$;--> statement-breakpoint
CREATE FUNCTION portal_session(p_firm_id uuid, p_session_id uuid)
RETURNS TABLE (session_id uuid, firm_id uuid, portal_account_id uuid, client_id uuid, company text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.firm_id, p.id, p.client_id, f.portal_slug
      FROM sessions s
      JOIN portal_accounts p ON p.id = s.portal_account_id AND p.firm_id = s.firm_id
      JOIN clients c ON c.id = p.client_id AND c.firm_id = s.firm_id
      JOIN firms f ON f.id = s.firm_id
     WHERE s.id = p_session_id AND s.firm_id = p_firm_id AND s.kind = 'portal'
       AND s.revoked_at IS NULL AND s.expires_at > now()
       AND c.deleted_at IS NULL AND c.is_portal_enabled;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION firm_session(uuid, uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_session(uuid, uuid) FROM PUBLIC;
