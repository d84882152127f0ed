import { describe, expect, it } from 'vitest';
import { adjustedLineAmount, LINE_ADJUSTMENT_MESSAGES } from './line-adjustment.ts';

describe('a line written down or up', () => {
  it.each([
    ['100000.00', 'down', 'percent', '12.5', '87500.00'],
    ['100000.00', 'up', 'percent', '10', '110000.00'],
    ['333.33', 'down', 'percent', '33.3333', '222.22'],
    // Half-up to the cent: 10.05 × 50% = 5.025 → 5.03 off.
    ['10.05', 'down', 'percent', '50', '5.02'],
    ['10.05', 'up', 'percent', '50', '15.08'],
    ['100000.00', 'down', 'amount', '2500.50', '97499.50'],
    ['100000.00', 'up', 'amount', '0.01', '100000.01'],
    ['100000.00', 'down', 'amount', '100000', '0.00'],
    ['100000.00', 'down', 'percent', '100', '0.00'],
  ] as const)('%s %s by %s %s bills %s', (itemAmount, direction, basis, value, amount) => {
    expect(adjustedLineAmount(itemAmount, { direction, basis, value })).toEqual({ amount });
  });

  it('refuses a write-down past the recorded amount or 100%', () => {
    expect(adjustedLineAmount('100.00', { direction: 'down', basis: 'amount', value: '100.01' })).toEqual({
      refusal: LINE_ADJUSTMENT_MESSAGES.belowZero,
    });
    expect(adjustedLineAmount('100.00', { direction: 'down', basis: 'percent', value: '100.0001' })).toEqual({
      refusal: LINE_ADJUSTMENT_MESSAGES.percentOver100,
    });
    expect(adjustedLineAmount('100.00', { direction: 'up', basis: 'percent', value: '250' })).toEqual({ amount: '350.00' });
  });
});
