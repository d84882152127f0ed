import { fromCents, isoToDisplayDate, toCents, type CurrencyTrialBalance, type TrialBalance } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import { currencyOrder } from './statements.rules.ts';
import { findChart, findStatementFirm, sumDayTotals } from './statements.repository.ts';
import { findBookTieOuts } from './tie-outs.ts';

/**
 * The trial balance as of a date (every entry when none): one per currency, the home currency's
 * first and at the top level, each listing the whole chart by number; never totalled across
 * currencies. Read from the day totals (one row per account, currency, source and day).
 */
export async function buildTrialBalance(tx: Tx, firmId: string, asOfDate: string | null): Promise<TrialBalance & { firmName: string }> {
  const firm = await findStatementFirm(tx, firmId);
  const home = await homeCurrencyOf(tx, firmId);
  const chart = await findChart(tx, firmId);
  const totals = new Map<string, { debit: bigint; credit: bigint }>();
  for (const row of await sumDayTotals(tx, firmId, { toDate: asOfDate })) {
    const key = `${row.currencyCode} ${row.accountId}`;
    const before = totals.get(key) ?? { debit: 0n, credit: 0n };
    totals.set(key, { debit: before.debit + toCents(row.debit), credit: before.credit + toCents(row.credit) });
  }
  const codes = currencyOrder(
    home,
    [...totals.keys()].map((key) => key.slice(0, key.indexOf(' '))),
  );
  const currencies: CurrencyTrialBalance[] = codes.map((currencyCode) => {
    let totalDebit = 0n;
    let totalCredit = 0n;
    const accounts = chart.map((account) => {
      const { debit, credit } = totals.get(`${currencyCode} ${account.id}`) ?? { debit: 0n, credit: 0n };
      totalDebit += debit;
      totalCredit += credit;
      return {
        id: account.id,
        number: account.number,
        code: account.code as TrialBalance['accounts'][number]['code'],
        name: account.name,
        type: account.type as TrialBalance['accounts'][number]['type'],
        normalBalance: account.normalBalance as 'debit' | 'credit',
        totalDebit: fromCents(debit),
        totalCredit: fromCents(credit),
        balance: fromCents(debit - credit),
      };
    });
    return {
      currencyCode,
      accounts,
      totalDebit: fromCents(totalDebit),
      totalCredit: fromCents(totalCredit),
      isBalanced: totalDebit === totalCredit,
    };
  });
  const homeBalance = currencies[0]!;
  const tieOuts = await findBookTieOuts(tx, firmId, chart, home);
  return {
    firmName: firm.firmName,
    asOfDate,
    currencyCode: home,
    accounts: homeBalance.accounts,
    totalDebit: homeBalance.totalDebit,
    totalCredit: homeBalance.totalCredit,
    isBalanced: currencies.every((currency) => currency.isBalanced),
    currencies,
    basisDescription:
      'Accrual basis: every journal line ' +
      (asOfDate ? `dated on or before ${isoToDisplayDate(asOfDate)}` : 'posted') +
      ', per account and currency; balance = debits − credits (a credit balance is negative).',
    tieOuts,
    tieOutsPass: tieOuts.every((tieOut) => tieOut.passes),
  };
}
