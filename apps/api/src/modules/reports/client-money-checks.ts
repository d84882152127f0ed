import { isoToDisplayDate, subtractMoney, type ReportCheck } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { TRUST_LEDGER_ACCOUNTS } from '../trust/trust.api.ts';
import { findLedgerAccountLabel, sumLedgerAccountOn, type LedgerFigureFilter } from './client-money.repository.ts';
import { moneyCheck } from './report-texts.ts';

/** Currencies in one order for every client-money report: alphabetical. */
export const currenciesOf = (...maps: ReadonlyArray<ReadonlyMap<string, unknown>>) =>
  [...new Set(maps.flatMap((map) => [...map.keys()]))].sort();

/**
 * The tie-outs of a record of client money against the general ledger on a date, per currency: the
 * record's figure (`subject`, e.g. "Σ balances") = the client trust liability there, and = the trust
 * bank there (trust movements post both, trust.postings.ts). A currency the ledger holds and the
 * record does not (or the reverse) fails as 0.00 against the other's figure. The trust bank is
 * compared only for whole trust accounts: a transfer between ledgers moves the liability from one
 * client or matter to another and leaves the bank as it was, so one client's bank lines do not add
 * up to what the client holds.
 */
export async function trustLedgerChecks(
  tx: Tx,
  firmId: string,
  subject: string,
  records: ReadonlyMap<string, string>,
  filter: LedgerFigureFilter,
): Promise<ReportCheck[]> {
  const [liability, bank, liabilityLabel, bankLabel] = await Promise.all([
    sumLedgerAccountOn(tx, firmId, TRUST_LEDGER_ACCOUNTS.liability, filter),
    sumLedgerAccountOn(tx, firmId, TRUST_LEDGER_ACCOUNTS.bank, filter),
    findLedgerAccountLabel(tx, firmId, TRUST_LEDGER_ACCOUNTS.liability),
    findLedgerAccountLabel(tx, firmId, TRUST_LEDGER_ACCOUNTS.bank),
  ]);
  const on = isoToDisplayDate(filter.asOf);
  const isWholeAccounts = !filter.clientId && !filter.matterId && !filter.isGeneralFundsOnly;
  return currenciesOf(records, liability, bank).flatMap((currency) => {
    const record = records.get(currency) ?? '0.00';
    return [
      // A liability's balance is credit − debit.
      moneyCheck(
        `${subject} = ${liabilityLabel} in the ledger on ${on}, ${currency}`,
        record,
        subtractMoney('0', liability.get(currency) ?? '0'),
      ),
      ...(isWholeAccounts
        ? [moneyCheck(`${subject} = ${bankLabel} in the ledger on ${on}, ${currency}`, record, bank.get(currency) ?? '0.00')]
        : []),
    ];
  });
}

/** The day `months` calendar months before a date (the 31st falls back to the month's last day), YYYY-MM-DD. */
export function monthsBefore(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Where a ledger is, as a report's Matter column prints it. */
export const matterLabelOf = (row: { matterNumber: string | null; matterName: string | null; matterId: string | null }) =>
  row.matterId ? [row.matterNumber, row.matterName].filter(Boolean).join(' ') : 'General trust funds (no matter)';
