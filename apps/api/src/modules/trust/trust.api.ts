import type { Tx } from '../../db/database.ts';
import { sumLedgers } from './trust.repository.ts';

/**
 * The trust module's surface for other modules: a client's money held in trust for one matter,
 * across the firm's trust accounts (letters from templates quote it). Runs in the caller's transaction.
 */
export async function findMatterTrustBalance(tx: Tx, firmId: string, ledger: { clientId: string; matterId: string }): Promise<string> {
  const totals = await sumLedgers(tx, firmId, ledger);
  return totals.balance;
}
