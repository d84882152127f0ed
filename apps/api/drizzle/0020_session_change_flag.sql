-- A change that ends a session or changes what it may do also marks its own transaction, so the
-- API process that commits it knows, with the commit's answer, whether to forget the sessions'
-- checks it keeps (authenticator.ts); other processes still learn of it by the notice. A
-- transaction-local setting: it goes with the transaction, and a rolled-back change leaves none.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  -- TG_ARGV[0]: the column that names the row's firm (firm_id, or id on firms).
  PERFORM pg_notify('matterhorn_session_changes', changed ->> TG_ARGV[0]);
  PERFORM set_config('matterhorn.session_changed', 'on', true);
  RETURN NULL;
END
$$;
