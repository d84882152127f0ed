import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, toScaled } from '../common/money.ts';
import { computeInvoiceAmounts, type InvoiceAmountInput, type InvoiceAmountLine } from './invoice-amounts.ts';
import { computeExpenseAmounts } from '../expenses/expense-amounts.ts';
import { computeTimeEntryAmounts } from '../time-entries/time-entry-amounts.ts';

const cents = (text: string) => toScaled(text, 2);
const moneyOf = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
const amount = fc.bigInt({ min: 0n, max: 10_000_000_00n }).map(moneyOf);
const percent = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9999 }))
  .map(([whole, fraction]) => (whole === 100 ? '100' : `${whole}.${String(fraction).padStart(4, '0')}`));

/** Lines as invoicing builds them: time entries (hours × rate), expenses (quantity × cost), flat fees. */
const timeLine = fc
  .record({ hours: fc.integer({ min: 1, max: 240_000 }), rate: fc.bigInt({ min: 0n, max: 2_000_000n }) })
  .map(({ hours, rate }): InvoiceAmountLine => {
    const duration = `${Math.floor(hours / 10_000)}.${String(hours % 10_000).padStart(4, '0')}`;
    return { type: 'fee', amount: computeTimeEntryAmounts({ userRate: moneyOf(rate), duration, exchangeRate: '1' }).homeTotalAmount };
  });
const expenseLine = fc
  .record({ quantity: fc.integer({ min: 1, max: 1_000_000 }), cost: fc.bigInt({ min: 1n, max: 10_000_000n }) })
  .map(({ quantity, cost }): InvoiceAmountLine => {
    const text = `${Math.floor(quantity / 10_000)}.${String(quantity % 10_000).padStart(4, '0')}`;
    return { type: 'expense', amount: computeExpenseAmounts({ quantity: text, unitCost: moneyOf(cost) }).amount };
  });
const flatFeeLine = amount.map((value): InvoiceAmountLine => ({ type: 'flatFee', amount: value }));
const line = fc
  .tuple(fc.oneof(timeLine, expenseLine, flatFeeLine), fc.option(amount, { nil: null }))
  .map(([item, adjusted]) => ({ ...item, adjustedAmount: adjusted }));

const invoice = fc.record({
  lines: fc.array(line, { maxLength: 40 }),
  discountType: fc.constantFrom('amount' as const, 'percent' as const, null),
  discountValue: fc.oneof(amount, percent),
  taxPercent: fc.oneof(percent, fc.constant('7.5'), fc.constant(null)),
  taxAppliesTo: fc.constantFrom('fees' as const, 'expenses' as const, 'both' as const),
}) as fc.Arbitrary<InvoiceAmountInput>;

describe('computeInvoiceAmounts (property-based)', () => {
  it('total = subtotal − discount + tax, subtotal = the sum of the line amounts and of the three groups, to the cent', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const { lines, totals } = computeInvoiceAmounts(input);
        expect(cents(totals.total)).toBe(cents(totals.subtotal) - cents(totals.discountAmount) + cents(totals.taxAmount));
        expect(totals.subtotal).toBe(addMoney('0', ...lines.map((entry) => entry.amount)));
        expect(totals.subtotal).toBe(addMoney(totals.feesSubtotal, totals.expensesSubtotal, totals.flatFeesSubtotal));
        for (const [index, entry] of lines.entries()) {
          const source = input.lines[index]!;
          expect(entry.amount).toBe(addMoney(source.adjustedAmount ?? source.amount));
          expect(cents(entry.adjustment)).toBe(cents(entry.amount) - cents(source.amount));
        }
        for (const figure of Object.values(totals)) expect(figure).toMatch(/^-?\d+\.\d{2}$/);
      }),
      { numRuns: 500 },
    );
  });

  it('the discount is never negative and never more than the subtotal; tax is never negative', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const { totals } = computeInvoiceAmounts(input);
        expect(cents(totals.discountAmount) >= 0n).toBe(true);
        expect(cents(totals.discountAmount) <= cents(totals.subtotal)).toBe(true);
        expect(cents(totals.taxAmount) >= 0n).toBe(true);
        expect(cents(totals.total) >= 0n).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the totals do not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        invoice.chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray([...input.lines], { minLength: input.lines.length }))),
        ([input, shuffled]) => {
          expect(computeInvoiceAmounts({ ...input, lines: shuffled }).totals).toEqual(computeInvoiceAmounts(input).totals);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('balance due = total − payments − write-offs', () => {
    fc.assert(
      fc.property(invoice, amount, amount, (input, paid, writtenOff) => {
        const { totals } = computeInvoiceAmounts({ ...input, paidAmount: paid, writtenOffAmount: writtenOff });
        expect(cents(totals.balanceDue)).toBe(cents(totals.total) - cents(paid) - cents(writtenOff));
      }),
    );
  });
});

describe('computeInvoiceAmounts (examples)', () => {
  it('a 10% discount and 7.5% VAT on fees only, rounded half-up once per figure', () => {
    const { totals } = computeInvoiceAmounts({
      lines: [
        { type: 'fee', amount: '1000.00' },
        { type: 'flatFee', amount: '500.00' },
        { type: 'expense', amount: '250.05' },
      ],
      discountType: 'percent',
      discountValue: '10',
      taxPercent: '7.5',
      taxAppliesTo: 'fees',
    });
    // subtotal 1750.05; discount 175.005 → 175.01; fees' share 175.01 × 1500 / 1750.05 = 150.004… → 150.00
    // taxable 1350.00 × 7.5% = 101.25; total 1750.05 − 175.01 + 101.25 = 1676.29
    expect(totals).toMatchObject({
      feesSubtotal: '1000.00',
      flatFeesSubtotal: '500.00',
      expensesSubtotal: '250.05',
      subtotal: '1750.05',
      discountAmount: '175.01',
      taxableAmount: '1350.00',
      taxAmount: '101.25',
      total: '1676.29',
      balanceDue: '1676.29',
    });
  });

  it('a write-down bills the adjusted amount and shows the adjustment', () => {
    const { lines, totals } = computeInvoiceAmounts({ lines: [{ type: 'fee', amount: '300.00', adjustedAmount: '250' }] });
    expect(lines[0]).toEqual({ amount: '250.00', adjustment: '-50.00' });
    expect(totals.total).toBe('250.00');
  });

  it('an amount discount larger than the subtotal is held to the subtotal', () => {
    const { totals } = computeInvoiceAmounts({
      lines: [{ type: 'fee', amount: '10' }],
      discountType: 'amount',
      discountValue: '25',
      taxPercent: '7.5',
    });
    expect(totals).toMatchObject({ discountAmount: '10.00', taxAmount: '0.00', total: '0.00' });
  });
});
