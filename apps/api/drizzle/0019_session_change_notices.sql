-- The API keeps each signed-in session's check for a while (authenticator.ts). Whatever ends a
-- session or changes what it may do (a session revoked or expired early, a user deactivated, moved
-- to another role or verified, a role's permissions, the firm's owner) tells every API process
-- that shares the database, on commit, by a notice naming the firm: they then forget that firm's
-- sessions. PostgreSQL sends a transaction's identical notices once.
CREATE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  -- TG_ARGV[0]: the column that names the row's firm (firm_id, or id on firms).
  PERFORM pg_notify('matterhorn_session_changes', changed ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_session_change AFTER UPDATE OF revoked_at, expires_at ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION notify_session_change('firm_id');--> statement-breakpoint
CREATE TRIGGER sessions_session_end AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change('firm_id');--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OF is_active, role_id, email_verified_at, firm_id ON users FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.role_id IS DISTINCT FROM NEW.role_id
        OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at OR OLD.firm_id IS DISTINCT FROM NEW.firm_id)
  EXECUTE FUNCTION notify_session_change('firm_id');--> statement-breakpoint
CREATE TRIGGER users_session_end AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_change('firm_id');--> statement-breakpoint
CREATE TRIGGER roles_session_change AFTER UPDATE OF permissions ON roles FOR EACH ROW
  WHEN (OLD.permissions IS DISTINCT FROM NEW.permissions)
  EXECUTE FUNCTION notify_session_change('firm_id');--> statement-breakpoint
CREATE TRIGGER roles_session_end AFTER DELETE ON roles FOR EACH ROW EXECUTE FUNCTION notify_session_change('firm_id');--> statement-breakpoint
CREATE TRIGGER firms_session_change AFTER UPDATE OF owner_user_id ON firms FOR EACH ROW
  WHEN (OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id)
  EXECUTE FUNCTION notify_session_change('id');--> statement-breakpoint
CREATE TRIGGER firms_session_end AFTER DELETE ON firms FOR EACH ROW EXECUTE FUNCTION notify_session_change('id');
