import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_RATE_MESSAGES, type VatReturn } from '@matterhorn/shared';
import { rowsOf } from '../src/db/database.ts';
import { postJournalEntry } from '../src/platform/ledger/ledger.ts';
import { vatPartsOf } from '../src/modules/accounting/vat-return.rules.ts';
import { csvRowsOf } from './support/csv-download.ts';
import { pdfText } from './support/pdf-text.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Tax rates and the VAT return (issue 36): output tax by rate, on fees and on recoverable costs,
 * from the invoices' own figures, tied to what they posted to the VAT output account.
 */

let fixture: TimeEntryFixture;
let categoryId: string;
let taxName: string;

const base = '/api/admin/accounting';
const expenses = '/api/admin/expense-flat-fees-info';
const PERIOD = 'FromDate=2026-10-01&ToDate=2099-12-31';

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => fixture.call(method, url, fixture.tokens.admin, payload);

async function invoice(options: {
  fees: string;
  costs?: string;
  taxPercent: string;
  taxAppliesTo?: string;
  discount?: string;
  issueDate?: string;
}) {
  const on = fixture.references.openMatter;
  const fee = await admin('POST', `${expenses}/create-flat-fee`, {
    clientId: on.clientId,
    matterId: on.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-09-01',
    description: 'Advice',
    amount: options.fees,
  });
  const expenseIds: string[] = [];
  if (options.costs) {
    const cost = await admin('POST', `${expenses}/create-expense`, {
      isFirmExpense: false,
      clientId: on.clientId,
      matterId: on.id,
      isBillable: 4,
      expenseDate: '2026-09-01',
      description: 'Filing fee',
      categoryId,
      quantity: '1',
      unitCost: options.costs,
    });
    expect(cost.statusCode, cost.body).toBe(201);
    expenseIds.push(cost.json().data.id);
  }
  const draft = await admin('POST', '/api/admin/invoice/create-invoice', {
    clientId: on.clientId,
    matterIds: [on.id],
    flatFeeIds: [fee.json().data.id],
    expenseIds,
    issueDate: options.issueDate ?? '2026-10-02',
    taxPercent: options.taxPercent,
    taxAppliesTo: options.taxAppliesTo ?? 'both',
    ...(options.discount ? { discountType: 'amount', discountValue: options.discount } : {}),
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await admin('POST', `/api/admin/invoice/send-invoice/${draft.json().data.id}`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data as { id: string; invoiceNumber: string; taxName: string | null };
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const categories = (await admin('GET', `${expenses}/get-expense-categories`)).json().data as { id: string }[];
  categoryId = categories[0]!.id;
});
afterAll(() => fixture.context.close());

describe('tax rates', () => {
  it('a Nigerian firm starts with VAT at 7.5%; rates are added, changed and deactivated, each name and rate once', async () => {
    const rates = (await admin('GET', `${base}/get-tax-rates`)).json().data.rates;
    expect(rates).toEqual([expect.objectContaining({ name: 'VAT', ratePercent: '7.5', isActive: true })]);
    const added = await admin('POST', `${base}/create-tax-rate`, { name: 'Stamp duty', ratePercent: '1.5' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await admin('POST', `${base}/create-tax-rate`, { name: 'Stamp duty', ratePercent: 1.5 })).statusCode).toBe(409);
    const bad = await admin('POST', `${base}/create-tax-rate`, { name: 'Too much', ratePercent: '101' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TAX_RATE_MESSAGES.rateFormat);
    const off = await admin('PUT', `${base}/update-tax-rate/${added.json().data.id}`, {
      name: 'Stamp duty',
      ratePercent: '1.5',
      isActive: false,
    });
    expect(off.json().data).toMatchObject({ isActive: false, ratePercent: '1.5' });
    expect(
      (
        await fixture.call('PUT', `${base}/update-tax-rate/${added.json().data.id}`, fixture.tokens.otherAdmin, {
          name: 'X',
          ratePercent: '1',
        })
      ).statusCode,
    ).toBe(404);
    expect((await fixture.call('GET', `${base}/get-tax-rates`, fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});

describe('the split of an invoice’s tax into fees and recoverable costs', () => {
  const figures = {
    feesSubtotal: '1000.00',
    flatFeesSubtotal: '0.00',
    expensesSubtotal: '200.00',
    discountAmount: '120.00',
    taxName: 'VAT',
    taxPercent: '7.5000',
  };
  it.each([
    [
      'both',
      '81.00',
      [
        ['fees', '7.5', 90000n, 6750n],
        ['costs', '7.5', 18000n, 1350n],
      ],
    ],
    [
      'fees',
      '67.50',
      [
        ['fees', '7.5', 90000n, 6750n],
        ['costs', '0', 18000n, 0n],
      ],
    ],
    [
      'expenses',
      '13.50',
      [
        ['fees', '0', 90000n, 0n],
        ['costs', '7.5', 18000n, 1350n],
      ],
    ],
  ] as const)('taxed on %s', (taxAppliesTo, taxAmount, expected) => {
    const parts = vatPartsOf({ ...figures, taxAppliesTo, taxAmount });
    expect(parts.map((part) => [part.kind, part.ratePercent, part.net, part.tax])).toEqual(expected);
  });
});

describe('the VAT return', () => {
  let invoices: Record<
    'discounted' | 'feesOnly' | 'voided' | 'untaxed' | 'earlier',
    { id: string; invoiceNumber: string; taxName: string | null }
  >;

  beforeAll(async () => {
    invoices = {
      discounted: await invoice({ fees: '1000.00', costs: '200.00', taxPercent: '7.5', discount: '120.00' }),
      feesOnly: await invoice({ fees: '500.00', costs: '40.00', taxPercent: '7.5', taxAppliesTo: 'fees', issueDate: '2026-10-10' }),
      voided: await invoice({ fees: '300.00', taxPercent: '7.5', issueDate: '2026-10-12' }),
      untaxed: await invoice({ fees: '100.00', taxPercent: '0', issueDate: '2026-10-15' }),
      earlier: await invoice({ fees: '700.00', taxPercent: '7.5', issueDate: '2026-09-15' }),
    };
    taxName = invoices.discounted.taxName ?? 'Tax';
    const voided = await admin('POST', `/api/admin/invoice/void-invoice/${invoices.voided.id}`, { reason: 'Issued in error' });
    expect(voided.statusCode, voided.body).toBe(200);
    // The firm pays VAT over to the tax authority: the account moves, but that is not output tax.
    const chart = (await admin('GET', `${base}/get-chart-of-accounts`)).json().data.accounts as { number: string; id: string }[];
    const idOf = (number: string) => chart.find((account) => account.number === number)!.id;
    const remitted = await admin('POST', `${base}/create-journal-entry`, {
      entryDate: '2026-10-20',
      memo: 'VAT for September paid to FIRS',
      lines: [
        { accountId: idOf('2100'), debit: '50.00' },
        { accountId: idOf('1000'), credit: '50.00' },
      ],
    });
    expect(remitted.statusCode, remitted.body).toBe(201);
  });

  it('answers the output tax by rate, fees and costs apart, with the invoices behind each figure, and ties out', async () => {
    const response = await admin('GET', `${base}/get-vat-return?${PERIOD}`);
    expect(response.statusCode, response.body).toBe(200);
    const vat = response.json().data as VatReturn;
    expect(vat.isTiedOut).toBe(true);
    expect(vat.currencies.map((section) => section.currencyCode)).toEqual(['NGN']);
    const [section] = vat.currencies;
    const [taxed, untaxed] = section!.rates;
    expect(taxed).toMatchObject({
      taxName,
      ratePercent: '7.5',
      feesNet: '1400.00',
      feesTax: '105.00',
      costsNet: '180.00',
      costsTax: '13.50',
      tax: '118.50',
    });
    expect(taxed!.invoices.map((row) => [row.invoiceNumber, row.kind, row.feesNet, row.feesTax, row.costsNet, row.costsTax])).toEqual([
      [invoices.discounted.invoiceNumber, 'invoice', '900.00', '67.50', '180.00', '13.50'],
      [invoices.feesOnly.invoiceNumber, 'invoice', '500.00', '37.50', '0.00', '0.00'],
      [invoices.voided.invoiceNumber, 'invoice', '300.00', '22.50', '0.00', '0.00'],
      [invoices.voided.invoiceNumber, 'void', '-300.00', '-22.50', '0.00', '0.00'],
    ]);
    expect(taxed!.invoices[0]).toMatchObject({ date: '2026-10-02', clientId: fixture.references.openMatter.clientId });
    expect(taxed!.invoices[0]!.clientName).not.toBe('');
    // The fees-only invoice's costs were not taxed; the untaxed invoice is at 0%.
    expect(untaxed).toMatchObject({ taxName: 'No tax', ratePercent: '0', feesNet: '100.00', costsNet: '40.00', tax: '0.00' });
    expect(section).toMatchObject({ vatAccountNumber: '2100', vatAccountMovement: '68.50', otherMovement: '-50.00' });
    expect(section!.tieOuts).toEqual([expect.objectContaining({ expected: '118.50', actual: '118.50', isPassing: true })]);
    // The earlier invoice is another period's.
    const all = section!.rates.flatMap((rate) => rate.invoices.map((row) => row.invoiceNumber));
    expect(all).not.toContain(invoices.earlier.invoiceNumber);
  });

  it('answers a CSV of every figure and check, and a PDF of the same', async () => {
    const csv = await admin('GET', `${base}/get-vat-return?${PERIOD}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csvRowsOf(csv);
    expect(rows[0]).toEqual([
      'Currency',
      'Line',
      'Tax',
      'Rate %',
      'Invoice',
      'Date',
      'Client',
      'Fees net',
      'Tax on fees',
      'Costs net',
      'Tax on costs',
      'Net',
      'Tax',
    ]);
    expect(rows).toContainEqual([
      'NGN',
      'Rate total',
      taxName,
      '7.5',
      '',
      '',
      '',
      '1400.00',
      '105.00',
      '180.00',
      '13.50',
      '1580.00',
      '118.50',
    ]);
    expect(rows.find((row) => row[1] === 'Void')?.slice(7)).toEqual(['-300.00', '-22.50', '0.00', '0.00', '-300.00', '-22.50']);
    expect(rows.find((row) => row[1]?.startsWith('Check'))?.[1]).toBe('Check: PASS');

    const pdf = await admin('GET', `${base}/get-vat-return?${PERIOD}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const expected of [
      'VAT return: output tax',
      invoices.discounted.invoiceNumber,
      '118.50',
      'PASS',
      `${invoices.voided.invoiceNumber} (void)`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('fails the check when the ledger’s VAT from invoices differs from the invoices, and keeps each firm to its own', async () => {
    const other = fixture.otherFirm;
    await fixture.context.database.withFirm(other.firmId, async (tx) => {
      const [user] = await rowsOf<{ id: string }>(tx.execute(sql`select id from users order by created_at limit 1`));
      await postJournalEntry(
        tx,
        { firmId: other.firmId, userId: user!.id },
        {
          entryDate: '2026-10-05',
          memo: 'A posting no invoice stands behind',
          sourceType: 'invoice',
          sourceId: randomUUID(),
          currency: 'NGN',
          lines: [
            { account: 'operating-bank', debit: '10.00' },
            { account: 'tax-payable', credit: '10.00' },
          ],
        },
      );
    });
    const response = await fixture.call('GET', `${base}/get-vat-return?${PERIOD}`, fixture.tokens.otherAdmin);
    const vat = response.json().data as VatReturn;
    expect(vat.isTiedOut).toBe(false);
    expect(vat.currencies[0]).toMatchObject({
      rates: [],
      tieOuts: [expect.objectContaining({ expected: '0.00', actual: '10.00', isPassing: false })],
    });
  });

  it('refuses a period that ends before it starts, and a reader without chartofAccount', async () => {
    expect((await admin('GET', `${base}/get-vat-return?FromDate=2026-10-31&ToDate=2026-10-01`)).statusCode).toBe(400);
    expect((await admin('GET', `${base}/get-vat-return?FromDate=2026-10-01`)).statusCode).toBe(400);
    expect((await fixture.call('GET', `${base}/get-vat-return?${PERIOD}`, fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});
