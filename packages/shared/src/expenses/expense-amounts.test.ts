import { describe, expect, it } from 'vitest';
import { computeExpenseAmounts } from './expense-amounts.ts';

describe('computeExpenseAmounts', () => {
  it('multiplies exactly and rounds half-up once', () => {
    expect(computeExpenseAmounts({ quantity: '3', unitCost: '33.33' })).toEqual({ amount: '99.99', homeAmount: '99.99' });
    expect(computeExpenseAmounts({ quantity: '0.5', unitCost: '10.01' })).toEqual({ amount: '5.01', homeAmount: '5.01' });
    expect(computeExpenseAmounts({ quantity: '0.1', unitCost: '0.05' })).toEqual({ amount: '0.01', homeAmount: '0.01' });
    expect(computeExpenseAmounts({ quantity: '1.0005', unitCost: '100' })).toEqual({ amount: '100.05', homeAmount: '100.05' });
  });

  it('converts the rounded amount to the home currency at the exchange rate', () => {
    expect(computeExpenseAmounts({ quantity: '2', unitCost: '120.50', exchangeRate: '1550.25' })).toEqual({
      amount: '241.00',
      homeAmount: '373610.25',
    });
    expect(computeExpenseAmounts({ quantity: '1', unitCost: '0.01', exchangeRate: '0.5' })).toEqual({ amount: '0.01', homeAmount: '0.01' });
  });
});
