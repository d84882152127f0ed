-- The session checks run on every request with the same shape whatever the firm: plpgsql keeps
-- their plans for the connection, even where prepared statements are planned per call
-- (DATABASE_PREPARED_STATEMENTS sets plan_cache_mode = force_custom_plan on its connections).
ALTER FUNCTION firm_session(uuid, uuid) SET plan_cache_mode = auto;--> statement-breakpoint
ALTER FUNCTION portal_session(uuid, uuid) SET plan_cache_mode = auto;
