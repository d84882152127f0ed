import { describe, expect, it } from 'vitest';
import { journalTotals } from './journal-totals.ts';

const line = (debit: string, credit: string, currencyCode = '') => ({ debit, credit, currencyCode });

describe('journalTotals', () => {
  it.each([
    [
      'balanced in the home currency',
      [line('100', ''), line('', '100.00')],
      [{ currency: 'Home', debit: '100.00', credit: '100.00', isBalanced: true, difference: '0.00' }],
    ],
    [
      'out by a cent',
      [line('0.10', ''), line('0.20', ''), line('', '0.29')],
      [{ currency: 'Home', debit: '0.30', credit: '0.29', isBalanced: false, difference: '0.01' }],
    ],
    [
      'empty lines are not balanced',
      [line('', ''), line('', '')],
      [{ currency: 'Home', debit: '0.00', credit: '0.00', isBalanced: false, difference: '0.00' }],
    ],
  ])('%s', (_case, lines, expected) => {
    expect(journalTotals(lines, 'Home')).toEqual(expected);
  });

  it('keeps each currency apart: equal sums across two currencies do not balance either', () => {
    const totals = journalTotals([line('100', '', 'USD'), line('', '100', 'ngn')], 'Home');
    expect(totals.map((total) => [total.currency, total.isBalanced, total.difference])).toEqual([
      ['USD', false, '100.00'],
      ['NGN', false, '100.00'],
    ]);
  });
});
