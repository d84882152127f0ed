ALTER TABLE "bulk_imports" DROP CONSTRAINT "bulk_imports_kind_check";--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_kind_check" CHECK ("bulk_imports"."kind" in ('clients', 'matters', 'timeEntries', 'expenses', 'openingTrustBalances', 'openingReceivables'));--> statement-breakpoint
-- Opening receivables (bulk import, issue 39) are credited to a system equity account, 3800 Opening
-- balances: their income was recognised in the previous system. default-chart.ts gives new firms the
-- same; a firm whose 3800 is taken gets 3890 or 3899.
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO ledger_accounts (firm_id, code, number, name, type, normal_balance, description, is_system)
SELECT firms.id, 'opening-balances', chart.number, 'Opening balances', 'equity', 'credit',
  'The other side of balances brought over from a previous system (opening receivables); clear it to retained earnings.', true
FROM firms
CROSS JOIN LATERAL (
  SELECT candidate AS number FROM (VALUES ('3800'), ('3890'), ('3899')) AS candidates (candidate)
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts taken WHERE taken.firm_id = firms.id AND taken.number = candidate)
  LIMIT 1
) chart
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts existing WHERE existing.firm_id = firms.id AND existing.code = 'opening-balances');--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ledger_accounts FORCE ROW LEVEL SECURITY;
