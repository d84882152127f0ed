import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';

const PROPOSED_ROW_UPSERT = `VALUES (NEW.firm_id, NEW.trust_account_id, NEW.client_id, NEW.matter_id, v_delta, v_cleared)
  ON CONFLICT (trust_account_id, client_id, matter_id) DO UPDATE
    SET balance = ledger.balance + EXCLUDED.balance,
        cleared_balance = ledger.cleared_balance + EXCLUDED.cleared_balance,
        updated_at = now();`;

/**
 * Migration 0036's trust_apply_movement() upserts the ledger with the movement's delta as the
 * proposed row, and PostgreSQL checks a proposed row's CHECKs before it looks for the conflict: every
 * money-out movement is refused (balance −x < 0) even against funds. Until the trust core's fix lands,
 * this replaces that statement in this test database only (create the row at zero, then add), and
 * does nothing once the function no longer has it.
 */
export async function patchLedgerUpsertUntilFixed(database: Database): Promise<boolean> {
  const result = await database.db.execute(sql`select pg_get_functiondef('trust_apply_movement'::regproc) as definition`);
  const [row] = (result as unknown as { rows: { definition: string }[] }).rows;
  if (!row || !row.definition.includes(PROPOSED_ROW_UPSERT)) return false;
  const fixed = row.definition.replace(
    PROPOSED_ROW_UPSERT,
    `VALUES (NEW.firm_id, NEW.trust_account_id, NEW.client_id, NEW.matter_id, 0, 0)
  ON CONFLICT (trust_account_id, client_id, matter_id) DO NOTHING;
  UPDATE trust_ledgers SET balance = balance + v_delta, cleared_balance = cleared_balance + v_cleared, updated_at = now()
   WHERE trust_account_id = NEW.trust_account_id AND client_id = NEW.client_id AND matter_id IS NOT DISTINCT FROM NEW.matter_id;`,
  );
  await database.db.execute(sql.raw(fixed));
  return true;
}
