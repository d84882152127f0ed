import { addMoney, type AccountStatementLine, type StatementSection } from '@matterhorn/shared';

/** A dated movement of one of the two accounts a client statement keeps, before running balances. */
export type StatementMovement = Omit<AccountStatementLine, 'owedAfter' | 'heldInTrustAfter'> & {
  currencyCode: string;
  currencySymbol: string;
  /** Orders a day's movements of one account as they were recorded. */
  recordedAt: string;
};

const byDateThenRecorded = (a: StatementMovement, b: StatementMovement) =>
  a.date.localeCompare(b.date) || a.recordedAt.localeCompare(b.recordedAt);

/**
 * A client's statement of account, one section per currency: the opening balances (everything
 * before the period), every line in the period with both running balances after it, and the
 * closing balances.
 *
 * What the client owes the firm (receivable) and what the firm holds for them in trust are two
 * separate running balances, never netted: trust money is the client's, and may only reduce what
 * they owe when the firm pays an invoice from trust, which the statement shows as two lines (the
 * trust payment out, and the invoice's payment). Amounts in different currencies are never added.
 */
export function buildStatementSections(
  movements: StatementMovement[],
  period: { fromDate: string | null; toDate: string },
): StatementSection[] {
  const currencies = new Map<string, StatementMovement[]>();
  for (const movement of movements) {
    const list = currencies.get(movement.currencyCode) ?? [];
    list.push(movement);
    currencies.set(movement.currencyCode, list);
  }
  return [...currencies.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currencyCode, list]) => {
      let owed = '0.00';
      let heldInTrust = '0.00';
      let opening = { owed, heldInTrust };
      const lines: AccountStatementLine[] = [];
      for (const movement of [...list].sort(byDateThenRecorded)) {
        if (movement.date > period.toDate) break;
        if (movement.account === 'invoices') owed = addMoney(owed, movement.amount);
        else heldInTrust = addMoney(heldInTrust, movement.amount);
        if (period.fromDate && movement.date < period.fromDate) {
          opening = { owed, heldInTrust };
          continue;
        }
        lines.push({
          date: movement.date,
          account: movement.account,
          description: movement.description,
          reference: movement.reference,
          matterName: movement.matterName,
          amount: movement.amount,
          owedAfter: owed,
          heldInTrustAfter: heldInTrust,
        });
      }
      return { currencyCode, currencySymbol: list[0]!.currencySymbol, opening, lines, closing: { owed, heldInTrust } };
    });
}
