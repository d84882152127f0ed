-- 0096's index held open matters only, and under row-level security the planner costed it above
-- the all-firms matters_search_trgm_idx, whose gin scan walks every firm's posting lists (12–15 ms
-- a lookup for a 5,000-matter firm beside four as large). Over all of the firm's matters, led by
-- the firm, the same lookup is chosen and takes under 1 ms; quick add's query keeps its own
-- condition on open matters. PostgreSQL only, as in 0016 (btree_gin).
DROP INDEX IF EXISTS "matters_open_firm_search_trgm_idx";--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX "matters_firm_search_trgm_idx" ON "matters" USING gin ("firm_id","search_text" gin_trgm_ops);
  END IF;
END
$$;
