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
