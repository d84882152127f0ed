import { addMoney, compareMoney, depositSchema, type TrustTransaction } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { type FirmPrincipal, outsideReaderOf } from '../../plugins/route-access.ts';
import { postDeposit } from './deposit-into-trust.ts';
import {
  findClientLedgers,
  findTrustFirm,
  findTransactionViews,
  findTrustAccounts,
  sumLedgers,
  sumLedgersByAccount,
} from './trust.repository.ts';
import { trustTransactionView } from './trust.views.ts';
import type { LedgerAccountCode } from '../../platform/ledger/ledger.ts';
import { createTrustMovementService } from './trust-movements.service.ts';
import { createTrustService } from './trust.service.ts';
import { createTrustAccountService } from './trust-accounts.service.ts';

/**
 * The trust module's surface for other modules: a client's money held in trust for one matter in
 * the firm's home currency, across its trust accounts in that currency (letters from templates
 * quote it with the home currency's symbol, so money in another currency is never added in).
 * Runs in the caller's transaction.
 */
export async function findMatterTrustBalance(tx: Tx, firmId: string, ledger: { clientId: string; matterId: string }): Promise<string> {
  const home = (await findTrustFirm(tx, firmId)).homeCurrencyCode;
  const totals = await sumLedgers(tx, firmId, ledger);
  return totals.find((row) => row.currencyCode === home)?.balance ?? '0.00';
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

/** The currency of each of the firm's trust accounts, by id. */
async function currencyByAccount(tx: Tx, firmId: string) {
  return new Map((await findTrustAccounts(tx, firmId)).map((row) => [row.account.id, row.account.currencyCode]));
}

/**
 * A client's trust movements across the firm's accounts, oldest first, each with its account's
 * currency (the statement of account): the newest `limit` of them.
 */
export async function findClientTrustMovements(
  tx: Tx,
  firmId: string,
  clientId: string,
  limit: number,
): Promise<(TrustTransaction & { currencyCode: string })[]> {
  const currencies = await currencyByAccount(tx, firmId);
  const rows = await findTransactionViews(tx, firmId, { clientId }, { limit, offset: 0 });
  return rows.reverse().map((row) => ({
    ...trustTransactionView(row),
    currencyCode: currencies.get(row.row.trustAccountId) ?? '',
  }));
}

/** What the firm holds in trust for the client, per currency: the sum of their ledgers' balances. */
export async function sumClientTrustHeld(tx: Tx, firmId: string, clientId: string) {
  const currencies = await currencyByAccount(tx, firmId);
  const held = new Map<string, { currencyCode: string; currencySymbol: string; amount: string }>();
  for (const ledger of await findClientLedgers(tx, firmId, clientId, null)) {
    const currencyCode = currencies.get(ledger.trustAccountId) ?? '';
    const sum = held.get(currencyCode) ?? { currencyCode, currencySymbol: ledger.currencySymbol, amount: '0.00' };
    held.set(currencyCode, { ...sum, amount: addMoney(sum.amount, ledger.balance) });
  }
  return [...held.values()]
    .filter((row) => compareMoney(row.amount, '0') !== 0)
    .sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
}

/**
 * Per trust bank account: its register balance and the sum of its client ledgers (what the client
 * trust liability and the trust bank in the ledger must equal), with the account's currency.
 */
export function findTrustLedgerTotals(
  tx: Tx,
  firmId: string,
): Promise<{ trustAccountId: string; currencyCode: string; register: string; ledgers: string }[]> {
  return sumLedgersByAccount(tx, firmId);
}

/**
 * The firm's books of client money as of a date and in date order (the report centre's trust
 * listing and statutory books), read by the trust module's own rules: a movement's sign, its number,
 * its ledger, the order a statement lists movements in, and its particulars in words.
 */
export {
  findLedgerBalancesOn,
  findMovementsInDateOrder,
  findTrustAccountName,
  sumMovementsInDateRange,
  sumBookSections,
  type TrustBookFilter,
  type TrustBookMovementRow,
  type TrustLedgerBalanceRow,
  type TrustBookSectionRow,
  type TrustRunningBalance,
} from './trust-books.repository.ts';
export { ledgerPlace, movementParticulars } from './trust.rules.ts';

/** The general-ledger accounts every trust movement posts to (trust.postings.ts): what the books of client money tie out to. */
export const TRUST_LEDGER_ACCOUNTS = {
  liability: 'client-trust-liability',
  bank: 'trust-bank',
} as const satisfies Record<string, LedgerAccountCode>;

/** The firm's trust rules, read and changed through the trust module's own audit (Settings › General). */
export function createTrustSettings(database: Database) {
  const { settings, updateSettings } = createTrustAccountService(database);
  return { settings, updateSettings };
}

/**
 * A client's trust balance brought over from a previous system (bulk import, issue 39): an opening
 * deposit, cleared, with its reference, posted by the trust module's own rules in the caller's
 * transaction (the ledger, Dr trust bank / Cr client trust liability, and the audit). Throws the
 * deposit's refusal (a closed account, another client's matter, a signed-off period).
 */
export function postOpeningTrustBalance(
  tx: Tx,
  principal: FirmPrincipal,
  balance: { trustAccountId: string; clientId: string; matterId: string | null; amount: string; date: string; reference: string },
) {
  return postDeposit(
    tx,
    principal,
    depositSchema.parse({
      trustAccountId: balance.trustAccountId,
      clientId: balance.clientId,
      matterId: balance.matterId,
      amount: balance.amount,
      depositDate: balance.date,
      method: 'Other',
      reference: balance.reference,
      payer: 'Opening balance brought forward',
      isCleared: true,
    }),
  );
}
