import { addMoney } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import type { JournalLine } from '../../platform/ledger/ledger.ts';
import {
  invoiceIssueEntry,
  invoicePaymentEntry,
  invoiceWriteOffEntry,
  realisedExchangeDifference,
  receivableMatterOfMatters,
  withRealisedExchangeDifference,
} from './invoices.postings.ts';

const owner = { clientId: 'client-1', matterId: 'matter-1' };
const side = (lines: JournalLine[], key: 'debit' | 'credit') => addMoney('0', ...lines.map((line) => line[key] ?? '0'));
const figures = (overrides: Partial<Parameters<typeof invoiceIssueEntry>[0]>) => ({
  id: 'invoice-1',
  invoiceNumber: 'INV-0001',
  issueDate: '2026-03-31',
  total: '0.00',
  discountAmount: '0.00',
  feesSubtotal: '0.00',
  flatFeesSubtotal: '0.00',
  expensesSubtotal: '0.00',
  taxAmount: '0.00',
  ...overrides,
});

describe('an invoice issued posts', () => {
  it.each([
    {
      case: 'fees and expenses with tax and a discount',
      invoice: { total: '1065.00', discountAmount: '100.00', feesSubtotal: '800.00', expensesSubtotal: '300.00', taxAmount: '65.00' },
      lines: [
        ['accounts-receivable', 'debit', '1065.00'],
        ['discounts-given', 'debit', '100.00'],
        ['fee-income', 'credit', '800.00'],
        ['expense-recoveries', 'credit', '300.00'],
        ['tax-payable', 'credit', '65.00'],
      ],
    },
    {
      case: 'fees and flat fees together as fee income, zero lines left out',
      invoice: { total: '1500.50', feesSubtotal: '1000.25', flatFeesSubtotal: '500.25' },
      lines: [
        ['accounts-receivable', 'debit', '1500.50'],
        ['fee-income', 'credit', '1500.50'],
      ],
    },
    {
      case: 'expenses alone',
      invoice: { total: '42.10', expensesSubtotal: '42.10' },
      lines: [
        ['accounts-receivable', 'debit', '42.10'],
        ['expense-recoveries', 'credit', '42.10'],
      ],
    },
  ])('$case, balanced', ({ invoice, lines }) => {
    const entry = invoiceIssueEntry(figures(invoice), owner, 'USD')!;
    expect(entry.lines.map((line) => [line.account, line.debit ? 'debit' : 'credit', line.debit ?? line.credit])).toEqual(lines);
    expect(side(entry.lines, 'debit')).toBe(side(entry.lines, 'credit'));
    expect(entry).toMatchObject({ entryDate: '2026-03-31', memo: 'Invoice INV-0001 issued', sourceType: 'invoice', currency: 'USD' });
    expect(entry.lines.every((line) => line.clientId === 'client-1' && line.matterId === 'matter-1')).toBe(true);
  });

  it('nothing for an invoice of nothing', () => {
    expect(invoiceIssueEntry(figures({}), owner, 'NGN')).toBeNull();
  });
});

describe('the receivable is booked to', () => {
  it.each([
    { matterIds: [], matterId: null },
    { matterIds: ['m1'], matterId: 'm1' },
    { matterIds: ['m1', 'm2'], matterId: null },
  ])('$matterIds.length matter(s): $matterId', ({ matterIds, matterId }) => {
    expect(receivableMatterOfMatters(matterIds)).toBe(matterId);
  });
});

describe('a payment and a write-off post', () => {
  it.each([
    {
      case: 'a payment by hand: Dr operating bank / Cr receivable',
      entry: invoicePaymentEntry(
        { invoiceNumber: 'INV-0002', clientId: 'client-1' },
        { id: 'payment-1', receiptNumber: 'RCT-0001', amount: '250.00', date: '2026-04-02' },
        'matter-1',
        'NGN',
      ),
      memo: 'Payment RCT-0001 on invoice INV-0002',
      lines: [
        ['operating-bank', '250.00', undefined],
        ['accounts-receivable', undefined, '250.00'],
      ],
    },
    {
      case: 'a payment from trust: its funding lines, then the receivable',
      entry: invoicePaymentEntry(
        { invoiceNumber: 'INV-0003', clientId: 'client-1' },
        {
          id: 'payment-2',
          receiptNumber: 'RCT-0002',
          amount: '75.00',
          date: '2026-04-03',
          memoSuffix: 'from trust (Client account)',
          fundingLines: [
            { account: 'client-trust-liability', debit: '75.00' },
            { account: 'trust-bank', credit: '75.00' },
            { account: 'operating-bank', debit: '75.00' },
          ],
        },
        null,
        'USD',
      ),
      memo: 'Payment RCT-0002 on invoice INV-0003 from trust (Client account)',
      lines: [
        ['client-trust-liability', '75.00', undefined],
        ['trust-bank', undefined, '75.00'],
        ['operating-bank', '75.00', undefined],
        ['accounts-receivable', undefined, '75.00'],
      ],
    },
    {
      case: 'a write-off: Dr write-offs / Cr receivable',
      entry: invoiceWriteOffEntry(
        { id: 'invoice-4', invoiceNumber: 'INV-0004' },
        { amount: '10.00', reason: 'Goodwill', date: '2026-04-04' },
        owner,
        'NGN',
      ),
      memo: 'Invoice INV-0004 written off: Goodwill',
      lines: [
        ['write-offs', '10.00', undefined],
        ['accounts-receivable', undefined, '10.00'],
      ],
    },
  ])('$case, balanced', ({ entry, memo, lines }) => {
    expect(entry.memo).toBe(memo);
    expect(entry.lines.map((line) => [line.account, line.debit, line.credit])).toEqual(lines);
    expect(side(entry.lines, 'debit')).toBe(side(entry.lines, 'credit'));
  });
});

describe('a payment keeping its excess as the client’s credit posts', () => {
  it('the whole sum received to the bank, what the invoice owed off the receivable and the rest to unapplied cash', () => {
    const entry = invoicePaymentEntry(
      { invoiceNumber: 'INV-0005', clientId: 'client-1' },
      { id: 'payment-5', receiptNumber: 'RCT-0005', amount: '80.00', keptAsCredit: '20.00', date: '2026-04-05' },
      'matter-1',
      'NGN',
    );
    expect(entry.lines.map((line) => [line.account, line.debit, line.credit, line.clientId])).toEqual([
      ['operating-bank', '100.00', undefined, 'client-1'],
      ['accounts-receivable', undefined, '80.00', 'client-1'],
      ['unapplied-cash', undefined, '20.00', 'client-1'],
    ]);
    expect(side(entry.lines, 'debit')).toBe(side(entry.lines, 'credit'));
  });
});

describe('a payment of a foreign-currency invoice realises the exchange difference', () => {
  const usdPayment = (amount = '100.00') =>
    invoicePaymentEntry(
      { invoiceNumber: 'INV-0006', clientId: 'client-1' },
      { id: 'payment-6', receiptNumber: 'RCT-0006', amount, date: '2026-05-01' },
      'matter-1',
      'USD',
    );
  const shape = (lines: JournalLine[]) =>
    lines.map((line) => [line.account, line.currency ?? 'USD', line.debit, line.credit, line.exchangeRate]);

  it.each([
    {
      case: 'a gain: paid at 1550, booked at 1500',
      rates: { invoiceRate: '1500', paymentRate: '1550' },
      lines: [
        ['operating-bank', 'USD', '100.00', undefined, '1550'],
        ['accounts-receivable', 'USD', undefined, '100.00', '1500'],
        ['currency-translation', 'NGN', '5000.00', undefined, undefined],
        ['fx-gain-loss', 'NGN', undefined, '5000.00', undefined],
      ],
    },
    {
      case: 'a loss: paid at 1480.5, booked at 1500',
      rates: { invoiceRate: '1500', paymentRate: '1480.5' },
      lines: [
        ['operating-bank', 'USD', '100.00', undefined, '1480.5'],
        ['accounts-receivable', 'USD', undefined, '100.00', '1500'],
        ['currency-translation', 'NGN', undefined, '1950.00', undefined],
        ['fx-gain-loss', 'NGN', '1950.00', undefined, undefined],
      ],
    },
    {
      case: 'nothing realised at the same rate',
      rates: { invoiceRate: '1500', paymentRate: '1500.0' },
      lines: [
        ['operating-bank', 'USD', '100.00', undefined, '1500.0'],
        ['accounts-receivable', 'USD', undefined, '100.00', '1500'],
      ],
    },
    {
      case: 'nothing realised while the invoice’s rate is unknown: every line at the payment’s',
      rates: { invoiceRate: null, paymentRate: '1550' },
      lines: [
        ['operating-bank', 'USD', '100.00', undefined, '1550'],
        ['accounts-receivable', 'USD', undefined, '100.00', '1550'],
      ],
    },
    {
      case: 'unchanged while the payment’s rate is unknown (the ledger leaves home amounts out)',
      rates: { invoiceRate: '1500', paymentRate: null },
      lines: [
        ['operating-bank', 'USD', '100.00', undefined, undefined],
        ['accounts-receivable', 'USD', undefined, '100.00', undefined],
      ],
    },
  ])('$case', ({ rates, lines }) => {
    const entry = withRealisedExchangeDifference(usdPayment(), { homeCurrency: 'NGN', ...rates });
    expect(shape(entry.lines)).toEqual(lines);
    for (const currency of ['USD', 'NGN']) {
      const inCurrency = entry.lines.filter((line) => (line.currency ?? entry.currency) === currency);
      expect(side(inCurrency, 'debit'), currency).toBe(side(inCurrency, 'credit'));
    }
  });

  it('rounds each side to the cent before the difference: 33.33 at 1500.015 and 1500', () => {
    expect(realisedExchangeDifference('33.33', '1500', '1500.015')).toBe('0.50');
    expect(realisedExchangeDifference('33.33', '1500.015', '1500')).toBe('-0.50');
  });

  it('nothing for an invoice in the home currency', () => {
    const entry = usdPayment();
    expect(withRealisedExchangeDifference(entry, { homeCurrency: 'USD', invoiceRate: '1500', paymentRate: '1550' })).toBe(entry);
    expect(withRealisedExchangeDifference(entry, null)).toBe(entry);
  });

  it('on what settled the receivable only: an excess kept as credit takes the payment’s rate', () => {
    const entry = withRealisedExchangeDifference(
      invoicePaymentEntry(
        { invoiceNumber: 'INV-0007', clientId: 'client-1' },
        { id: 'payment-7', receiptNumber: 'RCT-0007', amount: '100.00', keptAsCredit: '10.00', date: '2026-05-01' },
        null,
        'USD',
      ),
      { homeCurrency: 'NGN', invoiceRate: '1500', paymentRate: '1550' },
    );
    expect(shape(entry.lines)).toEqual([
      ['operating-bank', 'USD', '110.00', undefined, '1550'],
      ['accounts-receivable', 'USD', undefined, '100.00', '1500'],
      ['unapplied-cash', 'USD', undefined, '10.00', '1550'],
      ['currency-translation', 'NGN', '5000.00', undefined, undefined],
      ['fx-gain-loss', 'NGN', undefined, '5000.00', undefined],
    ]);
  });
});
