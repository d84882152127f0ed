import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, divideRounded, fromScaled, subtractMoney, toScaled } from '@matterhorn/shared';
import { creditFiguresOf } from '../src/modules/invoices/credit-note.rules.ts';
import { formatLedes, LEDES_FIELDS, parseLedes, type LedesOptions } from '../src/modules/invoices/documents/ledes.ts';
import {
  formatLedesInternational,
  LEDES_BI_FIELDS,
  type LedesBiOptions,
  type LedesBiRecord,
} from '../src/modules/invoices/documents/ledes-international.ts';
import { expectLedes1998B, expectLedes1998BI } from './support/ledes-check.ts';
import { buildInvoiceFixture, type FixtureLine } from './support/invoice-fixture.ts';

const options: LedesOptions = {
  lawFirmId: 'FIRM-TIN-0001',
  clientNumbers: new Map([['00000000-0000-4000-8000-0000000000c1', 'CL-00031']]),
  matters: new Map([['matter-1', { matterNumber: 'M-00042', clientMatterReference: 'LIT/2026/117' }]]),
  timekeepers: new Map([['user-1', { code: 'TK-004', name: 'Adébáyọ̀ Ọlápé Obi', classification: 'AS' }]]),
};
const product = (a: string, b: string, aScale: number) =>
  fromScaled(divideRounded(toScaled(a, aScale) * toScaled(b, 2), 10n ** BigInt(aScale)), 2);

describe('LEDES 1998B', () => {
  const invoice = buildInvoiceFixture({
    lines: [
      { type: 'fee', hours: '1.5000', rate: '200.00', amount: '300.00', description: 'Drafting | reviewing [lease]' },
      { type: 'fee', hours: '0.3000', rate: '250.00', amount: '75.00', adjustedAmount: '50.00' },
      { type: 'expense', quantity: '2.0000', rate: '12.50', amount: '25.00', description: 'Courier\nLagos' },
      { type: 'flatFee', rate: '500.00', amount: '500.00', description: 'Incorporation' },
    ],
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
  });
  const text = formatLedes([invoice], options);

  it('passes the LEDES 1998B check: field count, lengths, ASCII, dates, line types, codes and totals', () => {
    expectLedes1998B(text);
  });

  it('writes the exact header, the 24 field names and [] line ends', () => {
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('LEDES1998B[]');
    expect(lines[1]).toBe(`${LEDES_FIELDS.join('|')}[]`);
    expect(LEDES_FIELDS).toHaveLength(24);
    for (const line of lines.slice(2)) {
      expect(line.endsWith('[]')).toBe(true);
      expect(line.slice(0, -2).split('|')).toHaveLength(24);
    }
  });

  it('has one record per line, F/E types, UTBMS codes, YYYYMMDD dates, and discount and tax as IF/IE', () => {
    const records = parseLedes(text);
    const types = records.map((record) => record['EXP/FEE/INV_ADJ_TYPE']);
    expect(types).toEqual(['F', 'F', 'F', 'E', 'IF', 'IE', 'IF', 'IE']);
    const [drafting, adjusted, flatFee, courier] = records;
    expect(drafting).toMatchObject({
      INVOICE_DATE: '20261101',
      INVOICE_NUMBER: 'INV-00007',
      LAW_FIRM_MATTER_ID: 'M-00042',
      LINE_ITEM_NUMBER: '1',
      LINE_ITEM_NUMBER_OF_UNITS: '1.5',
      LINE_ITEM_UNIT_COST: '200.00',
      LINE_ITEM_TOTAL: '300.00',
      LINE_ITEM_ADJUSTMENT_AMOUNT: '0.00',
      LINE_ITEM_DATE: '20261001',
      LINE_ITEM_TASK_CODE: 'L110',
      LINE_ITEM_ACTIVITY_CODE: 'A101',
      LINE_ITEM_EXPENSE_CODE: '',
      CLIENT_ID: 'CL-00031',
      CLIENT_MATTER_ID: 'LIT/2026/117',
      TIMEKEEPER_ID: 'TK-004',
      // ASCII, "Last, First": the marks of "Adébáyọ̀ Ọlápé" come off.
      TIMEKEEPER_NAME: 'Obi, Adebayo Olape',
      TIMEKEEPER_CLASSIFICATION: 'AS',
      LINE_ITEM_DESCRIPTION: 'Drafting / reviewing (lease)',
      LAW_FIRM_ID: 'FIRM-TIN-0001',
    });
    expect(adjusted).toMatchObject({ LINE_ITEM_TOTAL: '50.00', LINE_ITEM_ADJUSTMENT_AMOUNT: '-25.00' });
    expect(flatFee).toMatchObject({ LINE_ITEM_NUMBER_OF_UNITS: '1', LINE_ITEM_UNIT_COST: '500.00', LINE_ITEM_TOTAL: '500.00' });
    expect(courier).toMatchObject({
      LINE_ITEM_EXPENSE_CODE: 'E101',
      LINE_ITEM_TASK_CODE: '',
      LINE_ITEM_NUMBER_OF_UNITS: '2',
      LINE_ITEM_UNIT_COST: '12.50',
      LINE_ITEM_DESCRIPTION: 'Courier Lagos',
    });
    expect(records.every((record) => record.BILLING_START_DATE === '20261001' && record.BILLING_END_DATE === '20261004')).toBe(true);
  });

  it('INVOICE_TOTAL is the invoice total and the sum of LINE_ITEM_TOTAL', () => {
    const records = parseLedes(text);
    // subtotal 875.00, discount 87.50, tax 7.5% of 787.50 = 59.06, total 846.56
    expect(invoice.totals.total).toBe('846.56');
    expect(new Set(records.map((record) => record.INVOICE_TOTAL))).toEqual(new Set(['846.56']));
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe('846.56');
  });

  it('exports several invoices under one header', () => {
    const second = { ...invoice, id: 'other', invoiceNumber: 'INV-00008' };
    const records = parseLedes(formatLedes([invoice, second], options));
    expect(records.filter((record) => record.INVOICE_NUMBER === 'INV-00008')).toHaveLength(8);
    expect(records.filter((record) => record.INVOICE_NUMBER === 'INV-00007')).toHaveLength(8);
  });

  it('property: for any mix of lines, discount and tax, the LEDES total equals the invoice total to the cent', () => {
    const money = fc.bigInt({ min: 0n, max: 5_000_000n }).map((value) => fromScaled(value, 2));
    const hours = fc.bigInt({ min: 1n, max: 200_000n }).map((value) => fromScaled(value, 4));
    const line: fc.Arbitrary<FixtureLine> = fc.oneof(
      fc.record({ hours, rate: money, adjusted: fc.option(money) }).map(({ hours, rate, adjusted }) => ({
        type: 'fee' as const,
        hours,
        rate,
        amount: product(hours, rate, 4),
        adjustedAmount: adjusted,
      })),
      fc.record({ quantity: hours, rate: money, adjusted: fc.option(money) }).map(({ quantity, rate, adjusted }) => ({
        type: 'expense' as const,
        quantity,
        rate,
        amount: product(quantity, rate, 4),
        adjustedAmount: adjusted,
      })),
      fc.record({ rate: money, adjusted: fc.option(money) }).map(({ rate, adjusted }) => ({
        type: 'flatFee' as const,
        rate,
        amount: rate,
        adjustedAmount: adjusted,
      })),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.oneof(
          fc.constant({ discountType: null, discountValue: null }),
          money.map((value) => ({ discountType: 'amount' as const, discountValue: value })),
          fc
            .bigInt({ min: 0n, max: 1_000_000n })
            .map((value) => ({ discountType: 'percent' as const, discountValue: fromScaled(value, 4) })),
        ),
        fc.bigInt({ min: 0n, max: 1_000_000n }).map((value) => fromScaled(value, 4)),
        fc.constantFrom('fees' as const, 'expenses' as const, 'both' as const),
        (lines, discount, taxPercent, taxAppliesTo) => {
          const generated = buildInvoiceFixture({ lines, ...discount, taxPercent, taxAppliesTo });
          const file = formatLedes([generated], options);
          expectLedes1998B(file);
          const records = parseLedes(file);
          expect(records.length).toBeGreaterThanOrEqual(lines.length);
          expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe(generated.totals.total);
          expect(records.every((record) => record.INVOICE_TOTAL === generated.totals.total)).toBe(true);
          // Each F/E record's total is its units × unit cost plus its adjustment.
          for (const record of records.filter((r) => r['EXP/FEE/INV_ADJ_TYPE'] === 'F' || r['EXP/FEE/INV_ADJ_TYPE'] === 'E')) {
            const base = product(record.LINE_ITEM_NUMBER_OF_UNITS, record.LINE_ITEM_UNIT_COST, 4);
            expect(addMoney(base, record.LINE_ITEM_ADJUSTMENT_AMOUNT)).toBe(record.LINE_ITEM_TOTAL);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** A 1998BI file's records, each field by name. */
const biRecords = (file: string) =>
  file
    .split('\r\n')
    .slice(2, -1)
    .map(
      (line) => Object.fromEntries(LEDES_BI_FIELDS.map((field, index) => [field, line.slice(0, -2).split('|')[index]!])) as LedesBiRecord,
    );

const biOptions: LedesBiOptions = {
  ...options,
  firm: { name: 'Okafor & Partners', address: '3 Broad Street\nLagos Island', country: 'Nigeria' },
  clients: new Map([
    [
      '00000000-0000-4000-8000-0000000000c1',
      {
        name: 'Chidi Okafor Ltd',
        taxNumber: 'GB123456789',
        address: '1 Poultry, London',
        city: 'London',
        state: null,
        postalCode: 'EC2R 8EJ',
        country: 'United Kingdom',
      },
    ],
  ]),
};

describe('LEDES 1998BI V2 (international, with tax)', () => {
  const invoice = buildInvoiceFixture({
    lines: [
      { type: 'fee', hours: '1.5000', rate: '200.00', amount: '300.00' },
      { type: 'fee', hours: '0.3000', rate: '250.00', amount: '75.00', adjustedAmount: '50.00' },
      { type: 'expense', quantity: '2.0000', rate: '12.50', amount: '25.00' },
      { type: 'flatFee', rate: '500.00', amount: '500.00' },
    ],
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    taxAppliesTo: 'fees',
  });
  const file = formatLedesInternational([invoice], biOptions);

  it("passes the 1998BI check: 52 fields, each line's tax on it, and the totals", () => {
    expectLedes1998BI(file);
    expect(file.split('\r\n')[1]!.split('|')).toHaveLength(52);
  });

  it('puts the VAT on the fee lines it applies to (the discount carries its share), not on adjustment lines', () => {
    const records = biRecords(file);
    expect(records.map((record) => record['EXP/FEE/INV_ADJ_TYPE'])).toEqual(['F', 'F', 'F', 'E', 'IF', 'IE']);
    expect(records.map((record) => record.LINE_ITEM_TAX_RATE)).toEqual(['0.075', '0.075', '0.075', '0', '0.075', '0']);
    expect(records.map((record) => record.LINE_ITEM_TAX_TYPE)).toEqual(['VAT', 'VAT', 'VAT', '', 'VAT', '']);
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TAX_TOTAL))).toBe(invoice.totals.taxAmount);
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe(invoice.totals.total);
    expect(records[0]).toMatchObject({
      INVOICE_CURRENCY: 'USD',
      INVOICE_TAX_CURRENCY: 'USD',
      INVOICE_TAX_TOTAL: invoice.totals.taxAmount,
      INVOICE_REPORTED_TAX_TOTAL: invoice.totals.taxAmount,
      TIMEKEEPER_LAST_NAME: 'Obi',
      TIMEKEEPER_FIRST_NAME: 'Adebayo Olape',
      ACCOUNT_TYPE: 'O',
      LAW_FIRM_NAME: 'Okafor & Partners',
      LAW_FIRM_ADDRESS_1: '3 Broad Street',
      LAW_FIRM_ADDRESS_2: 'Lagos Island',
      LAW_FIRM_COUNTRY: 'NG',
      CLIENT_NAME: 'Chidi Okafor Ltd',
      CLIENT_TAX_ID: 'GB123456789',
      CLIENT_ADDRESS_1: '1 Poultry',
      CLIENT_CITY: 'London',
      CLIENT_POSTCODE: 'EC2R 8EJ',
      CLIENT_COUNTRY: 'GB',
      MATTER_NAME: 'Okafor v. Lagos Properties',
    });
  });

  it('property: for any mix of lines, discount and tax, the 1998BI file passes its check and adds up to the invoice', () => {
    const money = fc.bigInt({ min: 0n, max: 5_000_000n }).map((value) => fromScaled(value, 2));
    const line: fc.Arbitrary<FixtureLine> = fc.oneof(
      fc
        .record({ rate: money, hours: fc.bigInt({ min: 1n, max: 200_000n }).map((value) => fromScaled(value, 4)) })
        .map(({ rate, hours }) => ({
          type: 'fee' as const,
          hours,
          rate,
          amount: product(hours, rate, 4),
        })),
      money.map((rate) => ({ type: 'expense' as const, quantity: '1.0000', rate, amount: rate })),
      money.map((rate) => ({ type: 'flatFee' as const, rate, amount: rate })),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.bigInt({ min: 0n, max: 500_000n }).map((value) => fromScaled(value, 4)),
        fc.bigInt({ min: 0n, max: 300_000n }).map((value) => fromScaled(value, 4)),
        fc.constantFrom('fees' as const, 'expenses' as const, 'both' as const),
        (lines, discount, taxPercent, taxAppliesTo) => {
          const generated = buildInvoiceFixture({ lines, discountType: 'percent', discountValue: discount, taxPercent, taxAppliesTo });
          const generatedFile = formatLedesInternational([generated], biOptions);
          expectLedes1998BI(generatedFile);
          const records = biRecords(generatedFile);
          expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe(generated.totals.total);
          expect(addMoney(...records.map((record) => record.LINE_ITEM_TAX_TOTAL))).toBe(generated.totals.taxAmount);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('credit notes in LEDES', () => {
  const invoice = buildInvoiceFixture({
    lines: [
      { type: 'fee', hours: '1.5000', rate: '200.00', amount: '300.00' },
      { type: 'fee', hours: '0.7000', rate: '333.33', amount: '233.33' },
      { type: 'expense', quantity: '1.0000', rate: '25.00', amount: '25.00' },
      { type: 'flatFee', rate: '500.00', amount: '500.00' },
    ],
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
  });
  const lines = [...invoice.fees, ...invoice.expenses, ...invoice.flatFees];
  const terms = {
    ...invoice.totals,
    discountType: invoice.discountType,
    discountValue: invoice.discountValue,
    taxPercent: invoice.taxPercent,
    taxAppliesTo: invoice.taxAppliesTo,
  };
  // Credit the second fee and the expense, as create-credit-note works it out.
  const figures = creditFiguresOf(terms, lines, new Set([lines[1]!.id, lines[2]!.id]));
  const credited = {
    ...invoice,
    creditNotes: [{ creditNoteNumber: 'CN-00001', creditDate: '2026-11-20', reason: 'Attendance not instructed', ...figures }],
  };

  it('are negative IF and IE adjustments on their date, and the invoice total is less what they credited', () => {
    const file = formatLedes([credited], options);
    expectLedes1998B(file);
    const records = parseLedes(file);
    const remaining = subtractMoney(invoice.totals.total, figures.total);
    expect(records.every((record) => record.INVOICE_TOTAL === remaining)).toBe(true);
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe(remaining);
    const credits = records.filter((record) => record.LINE_ITEM_DESCRIPTION.startsWith('Credit note CN-00001'));
    expect(credits.map((record) => record['EXP/FEE/INV_ADJ_TYPE'])).toEqual(['IF', 'IE']);
    expect(credits.every((record) => record.LINE_ITEM_DATE === '20261120')).toBe(true);
    expect(addMoney(...credits.map((record) => record.LINE_ITEM_TOTAL))).toBe(`-${figures.total}`);
  });

  it('take their tax off the 1998BI file’s tax and net totals, every line’s tax adding up to it', () => {
    const file = formatLedesInternational([{ ...credited, currencyCode: 'USD' }], biOptions);
    expectLedes1998BI(file);
    const records = biRecords(file);
    const tax = subtractMoney(invoice.totals.taxAmount, figures.taxAmount);
    expect(records.every((record) => record.INVOICE_TAX_TOTAL === tax)).toBe(true);
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TAX_TOTAL))).toBe(tax);
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe(subtractMoney(invoice.totals.total, figures.total));
  });
});
