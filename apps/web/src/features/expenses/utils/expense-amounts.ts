import { computeExpenseAmounts } from '@matterhorn/shared';

const QUANTITY_PATTERN = /^\d{1,8}(\.\d{1,4})?$/;
const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const RATE_PATTERN = /^\d{1,10}(\.\d{1,8})?$/;

/**
 * quantity × unit cost as the server computes it (the shared computeExpenseAmounts: exact decimals,
 * half-up to 2 decimals); null while either is not a number yet. 3 × 33.33 is 99.99.
 */
export function expenseAmount(quantity: string, unitCost: string): string | null {
  const q = quantity.trim();
  const u = unitCost.replace(/,/g, '').trim();
  if (!QUANTITY_PATTERN.test(q) || !MONEY_PATTERN.test(u)) return null;
  return computeExpenseAmounts({ quantity: q, unitCost: u }).amount;
}

/** The amount in the firm's home currency at the exchange rate (home units for 1 foreign unit). */
export function homeAmountOf(quantity: string, unitCost: string, exchangeRate: string): string | null {
  const rate = exchangeRate.trim();
  if (expenseAmount(quantity, unitCost) === null || !RATE_PATTERN.test(rate)) return null;
  return computeExpenseAmounts({ quantity: quantity.trim(), unitCost: unitCost.replace(/,/g, '').trim(), exchangeRate: rate }).homeAmount;
}
