import { compareMoney } from '@matterhorn/shared';

/** Pure rules of trust money (table-tested in trust-rules.test.ts). */

/** Only the last four characters of an account number are kept. */
export const lastFourOf = (accountNumber: string) => accountNumber.replace(/[^0-9A-Za-z]/g, '').slice(-4);
export const maskAccountNumber = (lastFour: string) => `••••${lastFour}`;

/** The two-person rule: a movement out of trust above the firm's threshold waits for a second person. */
export const needsSecondPerson = (amount: string, threshold: string | null) => threshold !== null && compareMoney(amount, threshold) > 0;

/** Cash at or above the firm's review threshold is flagged for anti-money-laundering review (RPC 2023 ch. 2). */
export const needsCashReview = (method: string | null | undefined, amount: string, threshold: string | null) =>
  method === 'Cash' && threshold !== null && compareMoney(amount, threshold) >= 0;

export type FundsRefusal = 'balance' | 'cleared' | null;

/** Why funds cannot pay an amount: more than the ledger holds, or more than has cleared; null when they can. */
export function refusalOf(amount: string, funds: { balance: string; clearedBalance: string }): FundsRefusal {
  if (compareMoney(amount, funds.balance) > 0) return 'balance';
  if (compareMoney(amount, funds.clearedBalance) > 0) return 'cleared';
  return null;
}

/** Where a ledger is, in words: its matter's number, or the client's general trust funds. */
export const ledgerPlace = (matterNumber: string | null | undefined) => matterNumber ?? 'general trust funds (no matter)';

/** An evergreen retainer's shortfall after money left: the minimum when the balance fell below it, else null. */
export function topUpNeeded(balanceAfter: string, minimumBalance: string | null): boolean {
  return minimumBalance !== null && compareMoney(balanceAfter, minimumBalance) < 0;
}

/** What a movement's fields say of it, for a book's particulars column. */
export type MovementParticularsInput = {
  type: 'deposit' | 'disbursement' | 'invoice-payment' | 'refund' | 'transfer-out' | 'transfer-in' | 'reversal';
  counterparty: string | null;
  purpose: string | null;
  reference: string | null;
  reason: string | null;
  invoiceNumber: string | null;
  reversesNumber: string | null;
};

const withDetail = (text: string, detail: string | null | undefined) => (detail ? `${text}: ${detail}` : text);

/** A movement in words, as a cash book or a ledger prints it: who paid or was paid, and why. */
export function movementParticulars(movement: MovementParticularsInput): string {
  const party = movement.counterparty ?? '';
  switch (movement.type) {
    case 'deposit':
      return `Received from ${party}${movement.reference ? ` (ref. ${movement.reference})` : ''}`;
    case 'disbursement':
      return withDetail(`Paid to ${party}`, movement.purpose);
    case 'refund':
      return withDetail(`Refunded to ${party}`, movement.purpose);
    case 'invoice-payment':
      return `To the firm’s account: ${movement.purpose ?? `payment of invoice ${movement.invoiceNumber ?? ''}`.trim()}`;
    case 'transfer-out':
      return withDetail(`Transfer to ${party}`, movement.reason);
    case 'transfer-in':
      return withDetail(`Transfer from ${party}`, movement.reason);
    case 'reversal':
      return withDetail(`Reversal of ${movement.reversesNumber ?? 'a movement'}`, movement.reason);
  }
}
