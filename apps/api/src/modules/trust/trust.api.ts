import type { Database, Tx } from '../../db/database.ts';
import { outsideReaderOf } from '../../plugins/route-access.ts';
import { sumLedgers } from './trust.repository.ts';
import { createTrustMovementService } from './trust-movements.service.ts';
import { createTrustService } from './trust.service.ts';

/**
 * The trust module's surface for other modules: a client's money held in trust for one matter,
 * across the firm's trust accounts (letters from templates quote it). Runs in the caller's transaction.
 */
export async function findMatterTrustBalance(tx: Tx, firmId: string, ledger: { clientId: string; matterId: string }): Promise<string> {
  const totals = await sumLedgers(tx, firmId, ledger);
  return totals.balance;
}

/**
 * A client's own trust money, read by the trust module's own rules (balances per ledger, and the
 * ledger with the balance after each movement, newest first): the client portal shows it.
 */
export function createClientTrustReader(database: Database) {
  const trust = createTrustService(database);
  return {
    balances: (firmId: string, clientId: string) => trust.balance(outsideReaderOf(firmId), clientId, null),
    ledger: (firmId: string, clientId: string, page: { page: number; size: number }) =>
      trust.ledger(outsideReaderOf(firmId), { ClientId: clientId, page: page.page, size: page.size }),
  };
}

/**
 * Money paid into trust from outside the trust pages (a bank transfer the firm confirms, a card
 * payment a gateway confirms), posted by the trust module's own rules in the caller's transaction:
 * the ledger, its journal entry and, when named, the trust request it settles.
 */
export function createTrustDepositPoster(database: Database) {
  return createTrustMovementService(database).postDeposit;
}
