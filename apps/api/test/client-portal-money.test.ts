import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdf } from './support/document-fixture.ts';
import { pdfText } from './support/pdf-text.ts';
import { bearer, signInToPortal } from './support/test-app.ts';
import { trustCalls } from './support/trust-fixture.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

const base = '/api/admin/invoice';
let fixture: TimeEntryFixture;
let portal: Record<string, string>;
let otherPortal: Record<string, string>;
let matter: { id: string; clientId: string };
let otherClientsMatter: { id: string; clientId: string };

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
  otherPortal = bearer((await signInToPortal(fixture.context.app, fixture.otherFirm.slug, fixture.otherFirm.portalClient.email)).token);
  const open = fixture.references.matters.filter((row) => row.status === 'Open');
  matter = open.find((row) => row.clientId === fixture.firm.portalClient.clientId)!;
  otherClientsMatter = open.find((row) => row.clientId !== fixture.firm.portalClient.clientId)!;
});
afterAll(() => fixture.context.close());

const call = async (path: string, body: unknown) => {
  const response = await fixture.call('POST', `${base}/${path}`, fixture.tokens.admin, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
};
const portalGet = (url: string, headers = portal) => fixture.context.app.inject({ method: 'GET', url, headers });

/** A draft invoice of one flat fee on the matter; approved and sent as asked. */
async function invoice(on: { id: string; clientId: string }, amount: string, stage: 'draft' | 'approved' | 'sent') {
  const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', fixture.tokens.admin, {
    clientId: on.clientId,
    matterId: on.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-10-01',
    description: `Advice, ${amount}`,
    amount,
  });
  expect(fee.statusCode, fee.body).toBe(201);
  const draft = await call('create-invoice', {
    clientId: on.clientId,
    matterIds: [on.id],
    flatFeeIds: [fee.json().data.id],
    issueDate: '2026-10-02',
    paymentInstructions: 'Pay to Zenith Bank 1234567890',
  });
  if (stage !== 'draft') await call(`approve-invoice/${draft.id}`, {});
  if (stage === 'sent') await call(`send-invoice/${draft.id}`, {});
  return draft.id as string;
}

describe("the portal's invoices", () => {
  it('lists only the invoices sent to the client, with their balance; shows one with its lines and its PDF', async () => {
    const sent = await invoice(matter, '150000.50', 'sent');
    const draft = await invoice(matter, '1000.00', 'draft');
    const approved = await invoice(matter, '2000.00', 'approved');
    const othersInvoice = await invoice(otherClientsMatter, '3000.00', 'sent');
    await call(`record-payment/${sent}`, { amount: '50000.25', paymentDate: '2026-10-05', method: 'Cash' });

    const list = await portalGet('/api/client-portal/get-invoices');
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((row: { id: string }) => row.id);
    expect(ids).toContain(sent);
    for (const hidden of [draft, approved, othersInvoice]) expect(ids).not.toContain(hidden);
    const row = list.json().data.find((item: { id: string }) => item.id === sent);
    expect(row).toMatchObject({
      status: 'PartlyPaid',
      total: '150000.50',
      paidAmount: '50000.25',
      balanceDue: '100000.25',
      currencySymbol: '₦',
    });

    const view = await portalGet(`/api/client-portal/get-invoice/${sent}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({
      status: 'PartlyPaid',
      paymentInstructions: 'Pay to Zenith Bank 1234567890',
      pdfUrl: `/api/client-portal/download-invoice-pdf/${sent}`,
    });
    expect(view.json().data.flatFees[0].description).toBe('Advice, 150000.50');
    expect(view.json().data.payments).toEqual([expect.objectContaining({ amount: '50000.25', paymentDate: '2026-10-05' })]);

    const pdf = await portalGet(`/api/client-portal/download-invoice-pdf/${sent}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).join(' ')).toContain(row.invoiceNumber);
  });

  it('answers not found for a draft, an unsent approval, another client’s and another firm’s invoice', async () => {
    const draft = await invoice(matter, '4000.00', 'draft');
    const approved = await invoice(matter, '5000.00', 'approved');
    const othersInvoice = await invoice(otherClientsMatter, '6000.00', 'sent');
    const mine = await invoice(matter, '7000.00', 'sent');
    for (const id of [draft, approved, othersInvoice]) {
      expect((await portalGet(`/api/client-portal/get-invoice/${id}`)).statusCode).toBe(404);
      expect((await portalGet(`/api/client-portal/download-invoice-pdf/${id}`)).statusCode).toBe(404);
    }
    expect((await portalGet(`/api/client-portal/get-invoice/${mine}`, otherPortal)).statusCode).toBe(404);
    expect((await portalGet(`/api/client-portal/get-invoices`, bearer(fixture.tokens.admin))).statusCode).toBe(401);
  });
});

describe("the portal's trust money", () => {
  it('shows the client each of their ledgers and their movements, newest first, with the balance after each; never another client’s', async () => {
    const trust = trustCalls(fixture);
    const account = await trust.createAccount();
    const ledger = { clientId: matter.clientId, matterId: matter.id };
    await trust.deposit(account.id, ledger, '500000.00');
    const paid = await trust.disburse(account.id, ledger, '20000.25');
    expect(paid.statusCode, paid.body).toBe(201);
    await trust.deposit(account.id, { clientId: otherClientsMatter.clientId, matterId: otherClientsMatter.id }, '999.00');

    const answer = await portalGet('/api/client-portal/get-trust?page=1&size=10');
    expect(answer.statusCode).toBe(200);
    const { ledgers, movements } = answer.json().data;
    expect(ledgers).toEqual([
      expect.objectContaining({ trustAccountName: account.name, matterId: matter.id, balance: '479999.75', currencySymbol: '₦' }),
    ]);
    expect(movements.totalCount).toBe(2);
    expect(movements.data.map((row: { signedAmount: string; balanceAfter: string }) => [row.signedAmount, row.balanceAfter])).toEqual([
      ['-20000.25', '479999.75'],
      ['500000.00', '500000.00'],
    ]);
    expect(movements.data[0].description).toMatch(/^Disbursement/);
    expect(movements.data[1].description).toBe('Deposit');
    expect(JSON.stringify(answer.json().data)).not.toContain('999.00');
    expect((await portalGet('/api/client-portal/get-trust', otherPortal)).json().data.ledgers).toEqual([]);
  });
});

describe("the portal's trust money in two currencies", () => {
  it('shows dollars and naira each on its own: ledgers, running balances and the overview, never a sum', async () => {
    const trust = trustCalls(fixture);
    const ledger = { clientId: matter.clientId, matterId: matter.id };
    const naira = await trust.createAccount();
    const dollars = await trust.createAccount({ currencyCode: 'USD' });
    await trust.deposit(naira.id, ledger, '2500.00');
    await trust.deposit(dollars.id, ledger, '1000.00');

    const { ledgers, movements } = (await portalGet('/api/client-portal/get-trust?page=1&size=10')).json().data;
    expect(ledgers).toEqual(
      expect.arrayContaining([expect.objectContaining({ trustAccountName: dollars.name, balance: '1000.00', currencySymbol: '$' })]),
    );
    const nairaHeld = ledgers
      .filter((row: { currencySymbol: string }) => row.currencySymbol === '₦')
      .reduce((sum: bigint, row: { balance: string }) => sum + BigInt(row.balance.replace('.', '')), 0n);
    // Newest first: the dollar deposit's balance is the dollars alone; the naira deposit's the naira.
    expect(movements.data[0]).toMatchObject({ currencySymbol: '$', signedAmount: '1000.00', balanceAfter: '1000.00' });
    expect(movements.data[1]).toMatchObject({ currencySymbol: '₦', signedAmount: '2500.00' });
    expect(BigInt(movements.data[1].balanceAfter.replace('.', ''))).toBe(nairaHeld);

    const overview = (await portalGet('/api/client-portal/get-overview')).json().data;
    expect(overview.trustHeld).toEqual([
      { currencyCode: 'NGN', currencySymbol: '₦', amount: expect.any(String) },
      { currencyCode: 'USD', currencySymbol: '$', amount: '1000.00' },
    ]);
    expect(BigInt(overview.trustHeld[0].amount.replace('.', ''))).toBe(nairaHeld);
  });
});

describe('bank transfers the client reports with a proof, confirmed by the firm', () => {
  const report = async (invoiceId: string, amount: string, headers = portal, fileName = 'transfer.pdf') => {
    const body = multipart(
      { InvoiceId: invoiceId, amount, paymentDate: '2026-10-07', reference: 'NIP/0001' },
      { fileName, content: await pdf('Transfer receipt', `Amount ${amount}`) },
    );
    return fixture.context.app.inject({
      method: 'POST',
      url: '/api/client-portal/report-bank-transfer',
      payload: body.payload,
      headers: { ...headers, 'content-type': body.contentType },
    });
  };
  const firmCall = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fixture.call(method, `/api/admin/client-portal/${path}`, fixture.tokens.admin, body);
  const balanceOf = async (invoiceId: string) =>
    (await portalGet('/api/client-portal/get-invoices')).json().data.find((row: { id: string }) => row.id === invoiceId).balanceDue;

  it('records the payment once, through the invoice’s payment path, only when the firm confirms it', async () => {
    const invoiceId = await invoice(matter, '80000.00', 'sent');
    const reported = await report(invoiceId, '30000.50');
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json().data).toMatchObject({ status: 'reported', amount: '30000.50', proofFileName: 'transfer.pdf' });
    const reportId = reported.json().data.id;
    // Nothing is paid yet, and a second report waits for the first.
    expect(await balanceOf(invoiceId)).toBe('80000.00');
    const again = await report(invoiceId, '30000.50');
    expect(again.statusCode).toBe(409);

    const waiting = (await firmCall('GET', 'get-payment-reports?Status=reported')).json().data;
    expect(waiting.map((row: { id: string }) => row.id)).toContain(reportId);
    const proof = await firmCall('GET', `download-payment-proof/${reportId}`);
    expect([proof.statusCode, proof.headers['content-type']]).toEqual([200, 'application/pdf']);

    const confirmed = await firmCall('POST', `confirm-payment-report/${reportId}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed', balanceDue: '49999.50' });
    expect((await firmCall('POST', `confirm-payment-report/${reportId}`)).statusCode).toBe(409);
    expect(await balanceOf(invoiceId)).toBe('49999.50');
    const view = (await portalGet(`/api/client-portal/get-invoice/${invoiceId}`)).json().data;
    expect(view.payments).toEqual([expect.objectContaining({ amount: '30000.50', method: 'Bank transfer', paymentDate: '2026-10-07' })]);

    // Rejected with a reason the client reads; nothing paid.
    const second = (await report(invoiceId, '1000.00')).json().data;
    const rejected = await firmCall('POST', `reject-payment-report/${second.id}`, { reason: 'No such credit on our statement' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'No such credit on our statement' });
    expect(await balanceOf(invoiceId)).toBe('49999.50');
    const mine = (await portalGet('/api/client-portal/get-payment-reports')).json().data;
    expect(mine.find((row: { id: string }) => row.id === second.id)).toMatchObject({ status: 'rejected' });
  });

  it('confirms a transfer paid net of withholding tax with the tax the client deducted, checked against the fee part', async () => {
    const clientId = matter.clientId;
    await fixture.call('POST', '/api/withholding-tax/update-settings', fixture.tokens.admin, {
      companyRate: '10',
      governmentRate: '10',
      individualRate: '5',
    });
    await fixture.call('POST', `/api/withholding-tax/update-client/${clientId}`, fixture.tokens.admin, { category: 'company' });
    const invoiceId = await invoice(matter, '100000.00', 'sent');
    // The client paid the fee less 10% WHT, and says so with its proof.
    const reportId = (await report(invoiceId, '90000.00')).json().data.id;
    const tooMuch = await firmCall('POST', `confirm-payment-report/${reportId}`, { withholdingTaxAmount: '10000.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('The amount received and the withholding tax together cannot be more than the balance due');
    expect(await balanceOf(invoiceId)).toBe('100000.00');

    const confirmed = await firmCall('POST', `confirm-payment-report/${reportId}`, { withholdingTaxAmount: '10000.00' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed', balanceDue: '0.00' });
    const view = (await fixture.call('GET', `/api/admin/invoice/get-invoice/${invoiceId}`, fixture.tokens.admin)).json().data;
    expect(view.status).toBe('Paid');
    expect(view.payments).toEqual([
      expect.objectContaining({ amount: '100000.00', withholdingTaxAmount: '10000.00', method: 'Bank transfer' }),
    ]);
    // It waits on the chase list for the client's credit note.
    const chase = (await fixture.call('GET', '/api/withholding-tax/list-outstanding-credit-notes', fixture.tokens.admin)).json().data;
    expect(chase.rows.find((row: { invoiceId: string }) => row.invoiceId === invoiceId)).toMatchObject({
      withholdingTaxAmount: '10000.00',
      amountReceived: '90000.00',
      creditNote: null,
    });
  });

  it('refuses more than is owed, a file that is not a proof, another client’s invoice and an unsent one', async () => {
    const invoiceId = await invoice(matter, '5000.00', 'sent');
    expect((await report(invoiceId, '5000.01')).statusCode).toBe(400);
    const notAProof = multipart(
      { InvoiceId: invoiceId, amount: '10.00', paymentDate: '2026-10-07' },
      { fileName: 'x.txt', content: Buffer.from('plain text, not a proof') },
    );
    const refused = await fixture.context.app.inject({
      method: 'POST',
      url: '/api/client-portal/report-bank-transfer',
      payload: notAProof.payload,
      headers: { ...portal, 'content-type': notAProof.contentType },
    });
    expect(refused.statusCode).toBe(415);
    const othersInvoice = await invoice(otherClientsMatter, '7000.00', 'sent');
    expect((await report(othersInvoice, '10.00')).statusCode).toBe(404);
    const unsent = await invoice(matter, '7000.00', 'approved');
    expect((await report(unsent, '10.00')).statusCode).toBe(404);
    expect(
      (await portalGet('/api/client-portal/get-payment-reports'))
        .json()
        .data.some((row: { invoiceId: string }) => row.invoiceId === unsent),
    ).toBe(false);
  });
});
