import { fromCents, toCents } from '@matterhorn/shared';

export type DraftLine = {
  accountId: string;
  debit: string;
  credit: string;
  currencyCode: string;
  clientId: string;
  matterId: string;
  memo: string;
};

export type CurrencyTotal = { currency: string; debit: string; credit: string; isBalanced: boolean; difference: string };

/**
 * A draft entry's debits and credits per currency (blank currency: the home currency), as the
 * server will check them: an entry balances in each currency on its own, never across them.
 */
export function journalTotals(lines: readonly Pick<DraftLine, 'debit' | 'credit' | 'currencyCode'>[], homeLabel: string): CurrencyTotal[] {
  const totals = new Map<string, { debit: bigint; credit: bigint }>();
  for (const line of lines) {
    const currency = line.currencyCode.trim().toUpperCase() || homeLabel;
    const total = totals.get(currency) ?? { debit: 0n, credit: 0n };
    const cents = (text: string) => (/^\d+(\.\d{0,2})?$/.test(text.trim()) ? toCents(text.trim()) : 0n);
    totals.set(currency, { debit: total.debit + cents(line.debit), credit: total.credit + cents(line.credit) });
  }
  return [...totals].map(([currency, { debit, credit }]) => ({
    currency,
    debit: fromCents(debit),
    credit: fromCents(credit),
    isBalanced: debit === credit && debit > 0n,
    difference: fromCents(debit > credit ? debit - credit : credit - debit),
  }));
}
