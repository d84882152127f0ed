import { divideRounded, fromScaled, MONEY_DECIMALS, toScaled } from '../common/money.ts';
import { EXCHANGE_RATE_DECIMALS } from '../time-entries/time-entry-amounts.ts';

/** Quantities carry at most 4 decimals (half a night, 2.5 km…). */
export const QUANTITY_DECIMALS = 4;

export type ExpenseAmounts = {
  /** quantity × unit cost, in the expense's currency, rounded half-up to 2 decimals. */
  amount: string;
  /** That amount in the firm's home currency: amount × exchange rate (1 in the home currency), half-up to 2 decimals. */
  homeAmount: string;
};

/**
 * The one computation of an expense's value, used by the server to store it and by the form to
 * show it, so both always agree: exact decimals (ADR 0001), one half-up rounding per figure. The
 * exchange rate is home-currency units per unit of the expense's currency, as time entries read it.
 */
export function computeExpenseAmounts(input: { quantity: string; unitCost: string; exchangeRate?: string | null }): ExpenseAmounts {
  const quantity = toScaled(input.quantity || '0', QUANTITY_DECIMALS);
  const unitCost = toScaled(input.unitCost || '0', MONEY_DECIMALS);
  const rate = toScaled(input.exchangeRate || '1', EXCHANGE_RATE_DECIMALS);
  // quantity (10^4) × cost (10^2) = 10^6; back to 10^2.
  const amount = divideRounded(quantity * unitCost, 10n ** BigInt(QUANTITY_DECIMALS));
  // amount (10^2) × rate (10^8) = 10^10; back to 10^2.
  const homeAmount = divideRounded(amount * rate, 10n ** BigInt(EXCHANGE_RATE_DECIMALS));
  return { amount: fromScaled(amount, MONEY_DECIMALS), homeAmount: fromScaled(homeAmount, MONEY_DECIMALS) };
}
