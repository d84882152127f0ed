import { fromCents, toCents, type TieOut } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { sumClientCreditBalances } from '../client-credits/client-credits.api.ts';
import { sumHeldForRefund } from '../consultations/consultations.api.ts';
import { sumHeldUnapplied } from '../gateway-payments/gateway-payments.api.ts';
import { sumOpenReceivables } from '../invoices/invoices.api.ts';
import { findTrustLedgerTotals } from '../trust/trust.api.ts';
import { currencyOrder, type ChartAccount } from './statements.rules.ts';
import { sumDayTotals } from './statements.repository.ts';

/**
 * The tie-outs every statement shows (issue 36): the ledger's accounts receivable equals what the
 * invoices module says clients owe on open invoices, the ledger's client trust liability and
 * trust bank equal what the trust module's client ledgers hold, and unapplied client payments equal
 * the clients' credit balances and what online payments (invoices' and consultation fees') hold unapplied — per currency, as the books
 * stand now. The records' figures come from their own modules (sumOpenReceivables, findTrustLedgerTotals),
 * the same functions the test harness checks every test file's books with.
 */
export async function findBookTieOuts(tx: Tx, firmId: string, chart: readonly ChartAccount[], home: string): Promise<TieOut[]> {
  const byCode = new Map(chart.filter((account) => account.code).map((account) => [account.code!, account]));
  const receivable = byCode.get('accounts-receivable')!;
  const trustBank = byCode.get('trust-bank')!;
  const trustLiability = byCode.get('client-trust-liability')!;
  const unapplied = byCode.get('unapplied-cash')!;
  const ids = new Set([receivable.id, trustBank.id, trustLiability.id, unapplied.id]);

  // debit − credit per account and currency, over every posting.
  const ledger = new Map<string, bigint>();
  for (const row of await sumDayTotals(tx, firmId, { accountIds: [...ids] })) {
    const key = `${row.accountId} ${row.currencyCode}`;
    ledger.set(key, (ledger.get(key) ?? 0n) + toCents(row.debit) - toCents(row.credit));
  }
  const ledgerOf = (account: ChartAccount, currency: string) => ledger.get(`${account.id} ${currency}`) ?? 0n;

  const owed = new Map<string, bigint>();
  for (const row of await sumOpenReceivables(tx, firmId)) {
    const currency = row.currencyCode ?? home;
    owed.set(currency, (owed.get(currency) ?? 0n) + toCents(row.amount));
  }
  const held = new Map<string, bigint>();
  for (const row of await findTrustLedgerTotals(tx, firmId))
    held.set(row.currencyCode, (held.get(row.currencyCode) ?? 0n) + toCents(row.ledgers));

  // Money the firm holds for clients beyond what they owe: their credit balances and what online payments hold unapplied.
  const owedToClients = new Map<string, bigint>();
  const addOwed = (currency: string, amount: string) => owedToClients.set(currency, (owedToClients.get(currency) ?? 0n) + toCents(amount));
  for (const row of await sumClientCreditBalances(tx, firmId)) addOwed(row.currencyCode, row.balance);
  for (const row of await sumHeldUnapplied(tx, firmId)) addOwed(row.currencyCode, row.amount);
  for (const row of await sumHeldForRefund(tx, firmId)) addOwed(row.currencyCode, row.amount);

  const currenciesOf = (account: ChartAccount) =>
    [...ledger.keys()].filter((key) => key.startsWith(`${account.id} `)).map((key) => key.slice(account.id.length + 1));
  const named = (account: ChartAccount) => `${account.name} (${account.number})`;
  const tieOut = (check: string, currencyCode: string, expected: bigint, actual: bigint): TieOut => ({
    check,
    currencyCode,
    expected: fromCents(expected),
    actual: fromCents(actual),
    difference: fromCents(actual - expected),
    passes: expected === actual,
  });

  const tieOuts: TieOut[] = [];
  for (const currency of currencyOrder(home, [...owed.keys(), ...currenciesOf(receivable)])) {
    tieOuts.push(
      tieOut(`${named(receivable)} = Σ open invoices’ balance due`, currency, owed.get(currency) ?? 0n, ledgerOf(receivable, currency)),
    );
  }
  for (const currency of currencyOrder(home, [...held.keys(), ...currenciesOf(trustBank), ...currenciesOf(trustLiability)])) {
    const ledgers = held.get(currency) ?? 0n;
    tieOuts.push(
      tieOut(`${named(trustLiability)} = Σ client trust ledgers`, currency, ledgers, -ledgerOf(trustLiability, currency)),
      tieOut(`${named(trustBank)} = Σ client trust ledgers`, currency, ledgers, ledgerOf(trustBank, currency)),
    );
  }
  for (const currency of currencyOrder(home, [...owedToClients.keys(), ...currenciesOf(unapplied)])) {
    tieOuts.push(
      tieOut(
        `${named(unapplied)} = Σ client credit balances + Σ online payments held unapplied`,
        currency,
        owedToClients.get(currency) ?? 0n,
        -ledgerOf(unapplied, currency),
      ),
    );
  }
  return tieOuts;
}
