import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHHOLDING_TAX_MESSAGES, type Invoice, type WithholdingTaxSchedule } from '@matterhorn/shared';
import { rowsOf } from '../src/db/database.ts';
import { csvRowsOf } from './support/csv-download.ts';
import { multipart, pdf } from './support/document-fixture.ts';
import { pdfText } from './support/pdf-text.ts';
import { describeTieOutFailures, findTieOutFailures } from './support/tie-outs.ts';
import { bearer } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Withholding tax (issue 46, ADR 0093): corporate clients pay the fee part net of WHT and send a
 * credit note later. The payment settles the invoice with money + WHT, Dr withholding tax receivable
 * (1250); the schedule lists the WHT and ties to what payments posted to 1250.
 */

let fixture: TimeEntryFixture;
const base = '/api/withholding-tax';
const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) => fixture.call(method, url, fixture.tokens.admin, payload);
const PERIOD = 'FromDate=2026-10-01&ToDate=2099-12-31';

/** An issued invoice of `fees` in flat fees and `costs` in expenses, VAT 7.5% on both. */
async function issuedInvoice(fees: string, costs: string): Promise<Invoice> {
  const on = fixture.references.openMatter;
  const fee = await admin('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', {
    clientId: on.clientId,
    matterId: on.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-10-01',
    description: 'Advice',
    amount: fees,
  });
  const categories = (await admin('GET', '/api/admin/expense-flat-fees-info/get-expense-categories')).json().data as { id: string }[];
  const cost = await admin('POST', '/api/admin/expense-flat-fees-info/create-expense', {
    isFirmExpense: false,
    clientId: on.clientId,
    matterId: on.id,
    isBillable: 4,
    expenseDate: '2026-10-01',
    description: 'Filing fee',
    categoryId: categories[0]!.id,
    quantity: '1',
    unitCost: costs,
  });
  const draft = await admin('POST', '/api/admin/invoice/create-invoice', {
    clientId: on.clientId,
    matterIds: [on.id],
    flatFeeIds: [fee.json().data.id],
    expenseIds: [cost.json().data.id],
    issueDate: '2026-10-02',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await admin('POST', `/api/admin/invoice/send-invoice/${draft.json().data.id}`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data as Invoice;
}

const pay = (invoiceId: string, body: Record<string, unknown>) =>
  admin('POST', `/api/admin/invoice/record-payment/${invoiceId}`, { paymentDate: '2026-10-20', method: 'Bank transfer', ...body });

/** The lines of the journal entry a payment posted, by account code. */
async function paymentLines(paymentId: string) {
  return fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ code: string; debit: string; credit: string }>(
      tx.execute(sql`select a.code, l.debit::text as debit, l.credit::text as credit
        from invoice_payments p join journal_lines l on l.firm_id = p.firm_id and l.entry_id = p.journal_entry_id
        join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id
        where p.id = ${paymentId} order by a.code`),
    ),
  );
}

const countPayments = async () =>
  (
    await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from invoice_payments`)),
    )
  )[0]!.n;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

describe('rates and a client’s treatment', () => {
  it('the firm sets a rate per kind of client; a client is a company or individual by its type until set, with its own rate if any', async () => {
    const first = await admin('GET', `${base}/get-settings`);
    expect(first.json().data, first.body).toEqual({ companyRate: '0', governmentRate: '0', individualRate: '0' });
    const bad = await admin('POST', `${base}/update-settings`, { companyRate: '101', governmentRate: '10', individualRate: '5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WITHHOLDING_TAX_MESSAGES.rateFormat);
    const saved = await admin('POST', `${base}/update-settings`, { companyRate: '10', governmentRate: '10.00', individualRate: 5 });
    expect(saved.json().data).toEqual({ companyRate: '10', governmentRate: '10', individualRate: '5' });
    expect((await fixture.call('POST', `${base}/update-settings`, fixture.tokens.feeEarner, saved.json().data)).statusCode).toBe(403);

    const clientId = fixture.references.openMatter.clientId;
    const before = (await admin('GET', `${base}/get-client/${clientId}`)).json().data;
    expect(before).toMatchObject({ isCategoryDefault: true, rateOverride: null });
    expect(before.rate).toBe(before.category === 'individual' ? '5' : '10');

    const government = await admin('POST', `${base}/update-client/${clientId}`, { category: 'government', rateOverride: '7.5' });
    expect(government.json().data).toEqual({
      clientId,
      category: 'government',
      isCategoryDefault: false,
      rateOverride: '7.5',
      firmRate: '10',
      rate: '7.5',
    });
    const company = await admin('POST', `${base}/update-client/${clientId}`, { category: 'company', rateOverride: null });
    expect(company.json().data).toMatchObject({ category: 'company', rate: '10', rateOverride: null });

    // Another firm's client is not found, either way.
    expect((await fixture.call('GET', `${base}/get-client/${clientId}`, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    const foreign = await fixture.call('POST', `${base}/update-client/${clientId}`, fixture.tokens.otherAdmin, { category: 'individual' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a payment net of withholding tax', () => {
  let invoice: Invoice;
  let paymentId: string;

  it('proposes the tax on the fee part only (not VAT or costs), and settles the invoice with money + WHT, Dr 1250', async () => {
    invoice = await issuedInvoice('1000000', '200000');
    // Fees 1,000,000 + costs 200,000 + VAT 7.5% on both (90,000) = 1,290,000; WHT 10% of the fees alone.
    expect(invoice.totals.total).toBe('1290000.00');
    expect(invoice.withholdingTax).toEqual({
      category: 'company',
      rate: '10',
      feePart: '1000000.00',
      withheld: '0.00',
      proposedAmount: '100000.00',
      amountToReceive: '1190000.00',
    });

    const before = await countPayments();
    const tooMuch = await pay(invoice.id, { amount: '1000', withholdingTaxAmount: '1000000.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(WITHHOLDING_TAX_MESSAGES.moreThanFeePart('1000000.00'));
    const overDue = await pay(invoice.id, { amount: '1190000.01', withholdingTaxAmount: '100000' });
    expect(overDue.statusCode).toBe(400);
    expect(overDue.json().message).toBe(WITHHOLDING_TAX_MESSAGES.moreThanDue);
    expect(await countPayments()).toBe(before);

    const paid = await pay(invoice.id, { amount: '1190000', withholdingTaxAmount: '100000' });
    expect(paid.statusCode, paid.body).toBe(200);
    const view = paid.json().data as Invoice;
    expect(view.status).toBe('Paid');
    expect(view.totals.balanceDue).toBe('0.00');
    const payment = view.payments.at(-1)!;
    expect(payment).toMatchObject({ amount: '1290000.00', withholdingTaxAmount: '100000.00', withholdingTaxCreditNote: null });
    expect(view.withholdingTax).toMatchObject({ withheld: '100000.00', proposedAmount: '0.00' });
    paymentId = payment.id;
    expect(await paymentLines(paymentId)).toEqual([
      { code: 'accounts-receivable', debit: '0.00', credit: '1290000.00' },
      { code: 'operating-bank', debit: '1190000.00', credit: '0.00' },
      { code: 'withholding-tax-receivable', debit: '100000.00', credit: '0.00' },
    ]);
    expect(describeTieOutFailures(await findTieOutFailures(fixture.context.database, [fixture.firm.firmId]))).toBe('');
  });

  it('records the client’s credit note once, with its file, and never for another firm', async () => {
    const input = { creditNoteNumber: 'WHT/2026/0457', issueDate: '2026-11-03' };
    const foreign = await fixture.call('POST', `${base}/record-credit-note/${paymentId}`, fixture.tokens.otherAdmin, input);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const early = await uploadCreditNote(paymentId, await pdf('Credit note'));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WITHHOLDING_TAX_MESSAGES.recordBeforeFile);

    const recorded = await admin('POST', `${base}/record-credit-note/${paymentId}`, input);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect((recorded.json().data as Invoice).payments.at(-1)!.withholdingTaxCreditNote).toMatchObject({ ...input, fileName: null });
    const again = await admin('POST', `${base}/record-credit-note/${paymentId}`, input);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WITHHOLDING_TAX_MESSAGES.creditNoteExists);

    const file = await pdf('WHT credit note WHT/2026/0457');
    const attached = await uploadCreditNote(paymentId, file);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().data.payments.at(-1).withholdingTaxCreditNote.fileName).toBe('credit-note.pdf');
    const download = await admin('GET', `${base}/download-credit-note-file/${paymentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);
    expect((await fixture.call('GET', `${base}/download-credit-note-file/${paymentId}`, fixture.tokens.otherAdmin)).statusCode).toBe(404);
  });

  it('keeps WHT to what is left of the fee part across payments, even when two are recorded at once', async () => {
    const second = await issuedInvoice('500000', '0.01');
    expect(second.withholdingTax).toMatchObject({ feePart: '500000.00', proposedAmount: '50000.00' });
    // Two payments each deducting 300,000 of a 500,000 fee part: only one fits.
    const [first, other] = await Promise.all([
      pay(second.id, { amount: '100000', withholdingTaxAmount: '300000' }),
      pay(second.id, { amount: '100000', withholdingTaxAmount: '300000' }),
    ]);
    expect([first.statusCode, other.statusCode].sort()).toEqual([200, 400]);
    const view = (await admin('GET', `/api/admin/invoice/get-invoice/${second.id}`)).json().data as Invoice;
    expect(view.withholdingTax).toMatchObject({ withheld: '300000.00', proposedAmount: '0.00' });
    expect(view.totals.paidAmount).toBe('400000.00');

    // Outstanding until reversed: the chase list shows it, then not.
    const chase = (await admin('GET', `${base}/list-outstanding-credit-notes`)).json().data;
    const outstanding = chase.rows.find((row: { invoiceId: string }) => row.invoiceId === second.id);
    expect(outstanding).toMatchObject({ withholdingTaxAmount: '300000.00', amountReceived: '100000.00', creditNote: null });
    expect(chase.rows.some((row: { paymentId: string }) => row.paymentId === paymentId)).toBe(false);
    const reversed = await admin('POST', `/api/admin/invoice/reverse-payment/${second.id}/${outstanding.paymentId}`, { reason: 'Bounced' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((reversed.json().data as Invoice).withholdingTax).toMatchObject({ withheld: '0.00', proposedAmount: '50000.00' });
    const after = (await admin('GET', `${base}/list-outstanding-credit-notes`)).json().data;
    expect(after.rows.some((row: { invoiceId: string }) => row.invoiceId === second.id)).toBe(false);
    const late = await admin('POST', `${base}/record-credit-note/${outstanding.paymentId}`, {
      creditNoteNumber: 'X',
      issueDate: '2026-11-03',
    });
    expect(late.statusCode).toBe(409);
    expect(describeTieOutFailures(await findTieOutFailures(fixture.context.database, [fixture.firm.firmId]))).toBe('');
  });

  it('does not deduct WHT from a payment out of trust or credit', async () => {
    const third = await issuedInvoice('1000', '0.01');
    const { postInvoicePayment, lockInvoiceForPayment } = await import('../src/modules/invoices/invoices.api.ts');
    const refused = fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const locked = await lockInvoiceForPayment(tx, fixture.firm.firmId, third.id);
      return postInvoicePayment(tx, { firmId: fixture.firm.firmId, userId: fixture.firm.users.admin.id } as never, locked!.row, {
        amount: '500',
        paymentDate: '2026-10-20',
        method: 'Trust',
        reference: null,
        fundingLines: [{ account: 'client-trust-liability', debit: '500' }],
        withholdingTaxAmount: '100',
      });
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the schedule and its tie-out to 1250', () => {
  it('lists each payment with WHT and each reversal, totals per currency, and ties to what payments posted to 1250', async () => {
    const schedule = (await admin('GET', `${base}/get-schedule?${PERIOD}`)).json().data as WithholdingTaxSchedule;
    expect(
      schedule.rows.map((row) => [row.withholdingTaxAmount, row.isReversal, row.isReversed, row.creditNote?.creditNoteNumber ?? null]),
    ).toEqual([
      ['100000.00', false, false, 'WHT/2026/0457'],
      ['300000.00', false, true, null],
      ['-300000.00', true, false, null],
    ]);
    expect(schedule.totals).toEqual([
      { currencyCode: 'NGN', withholdingTaxAmount: '100000.00', withCreditNote: '100000.00', outstanding: '0.00' },
    ]);
    expect(schedule.tieOuts).toEqual([
      expect.objectContaining({ currencyCode: 'NGN', expected: '100000.00', actual: '100000.00', passes: true }),
    ]);
    expect(schedule.tieOutsPass).toBe(true);

    const csv = csvRowsOf(await admin('GET', `${base}/get-schedule?${PERIOD}&format=csv`));
    expect(csv[0]).toEqual([
      'Currency',
      'Date',
      'Client',
      'Invoice',
      'Receipt',
      'Fee part',
      'Received',
      'WHT',
      'Credit note',
      'Credit note date',
    ]);
    expect(csv[1]).toEqual(expect.arrayContaining(['NGN', '1000000.00', '1190000.00', '100000.00', 'WHT/2026/0457', '2026-11-03']));
    expect(csv.some((row) => row.includes('Check: PASS'))).toBe(true);
    const pdfResponse = await admin('GET', `${base}/get-schedule?${PERIOD}&format=pdf`);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdfResponse.rawPayload)).join(' ');
    expect(text).toContain('Withholding tax schedule');
    expect(text).toContain('WHT/2026/0457');
    expect(text).toContain('PASS');

    // Another firm sees none of it.
    const other = (await fixture.call('GET', `${base}/get-schedule?${PERIOD}`, fixture.tokens.otherAdmin)).json()
      .data as WithholdingTaxSchedule;
    expect(other.rows).toEqual([]);
  });
});

function uploadCreditNote(paymentId: string, content: Buffer) {
  const body = multipart({}, { fileName: 'credit-note.pdf', content });
  return fixture.context.app.inject({
    method: 'POST',
    url: `${base}/upload-credit-note-file/${paymentId}`,
    payload: body.payload,
    headers: { ...bearer(fixture.tokens.admin), 'content-type': body.contentType },
  });
}
