import { divideRounded, EXCHANGE_RATE_DECIMALS, fromScaled, MONEY_DECIMALS, toScaled } from '@matterhorn/shared';

/** SPEC's quantity has at most 4 decimals, the unit cost 2. */
export const QUANTITY_DECIMALS = 4;

const QUANTITY_PATTERN = /^\d{1,8}(\.\d{1,4})?$/;
const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const RATE_PATTERN = /^\d{1,10}(\.\d{1,8})?$/;

/**
 * quantity × unit cost, exact on the decimal text (never a float), rounded half-up to 2 decimals;
 * null while either is not a number yet. 3 × 33.33 is 99.99.
 */
export function expenseAmount(quantity: string, unitCost: string): string | null {
  const q = quantity.trim();
  const u = unitCost.replace(/,/g, '').trim();
  if (!QUANTITY_PATTERN.test(q) || !MONEY_PATTERN.test(u)) return null;
  const product = toScaled(q, QUANTITY_DECIMALS) * toScaled(u, MONEY_DECIMALS);
  return fromScaled(divideRounded(product, 10n ** BigInt(QUANTITY_DECIMALS)), MONEY_DECIMALS);
}

/** The amount in the firm's home currency: amount × exchange rate (home units for 1 foreign unit). */
export function homeAmountOf(amount: string | null, exchangeRate: string): string | null {
  const rate = exchangeRate.trim();
  if (amount === null || !RATE_PATTERN.test(rate)) return null;
  const product = toScaled(amount, MONEY_DECIMALS) * toScaled(rate, EXCHANGE_RATE_DECIMALS);
  return fromScaled(divideRounded(product, 10n ** BigInt(EXCHANGE_RATE_DECIMALS)), MONEY_DECIMALS);
}
