ALTER TABLE "trust_statement_lines" ADD COLUMN "fingerprint" text;--> statement-breakpoint
-- The lines imported before get the fingerprint an import computes (fingerprintLines in
-- trust-reconciliation.rules.ts): date|amount|balance|description with spaces collapsed|occurrence.
-- The occurrence is counted across the account, so lines a statement imported twice before stay
-- (as two occurrences) and a later import of the same file skips both.
UPDATE "trust_statement_lines" l SET "fingerprint" = f.fingerprint
FROM (
  SELECT id, encode(sha256(convert_to(
    key || '|' || row_number() OVER (PARTITION BY firm_id, trust_account_id, key ORDER BY line_date, id), 'UTF8')), 'hex') AS fingerprint
  FROM (
    SELECT id, firm_id, trust_account_id, line_date,
      line_date::text || '|' || amount::text || '|' || coalesce(balance::text, '') || '|' || btrim(regexp_replace(description, '\s+', ' ', 'g')) AS key
    FROM "trust_statement_lines"
  ) k
) f
WHERE l.id = f.id;--> statement-breakpoint
ALTER TABLE "trust_statement_lines" ALTER COLUMN "fingerprint" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_statement_lines_fingerprint_key" ON "trust_statement_lines" USING btree ("firm_id","trust_account_id","fingerprint");
