-- Fuzzy name matching for conflict checks and list search (trigram similarity and indexed ILIKE).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
