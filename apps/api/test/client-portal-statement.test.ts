import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney } from '@matterhorn/shared';
import { multipart, pdf } from './support/document-fixture.ts';
import { pdfText } from './support/pdf-text.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, rowsOf, signInToPortal, TEST_PASSWORD } from './support/test-app.ts';
import { expectTrustBooksBalanced, trustCalls } from './support/trust-fixture.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

let fixture: TimeEntryFixture;
let portal: Record<string, string>;
let otherPortal: Record<string, string>;
let matter: { id: string; clientId: string };
let otherClientsMatter: { id: string; clientId: string };
let accountId: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
  otherPortal = bearer((await signInToPortal(fixture.context.app, fixture.otherFirm.slug, fixture.otherFirm.portalClient.email)).token);
  const open = fixture.references.matters.filter((row) => row.status === 'Open');
  matter = open.find((row) => row.clientId === fixture.firm.portalClient.clientId)!;
  otherClientsMatter = open.find((row) => row.clientId !== fixture.firm.portalClient.clientId)!;
  accountId = (await trustCalls(fixture).createAccount()).id;
});
afterAll(() => fixture.context.close());

const portalGet = (url: string, headers = portal) => fixture.context.app.inject({ method: 'GET', url, headers });
const firmCall = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const response = await fixture.call(method, path, fixture.tokens.admin, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
};

/** A trust request for the client's matter (or another's), sent unless told otherwise. */
async function trustRequest(amount: string, on = matter, stage: 'draft' | 'sent' | 'cancelled' = 'sent') {
  const created = await firmCall('POST', '/api/admin/trust-account/create-trust-request', {
    trustAccountId: accountId,
    clientId: on.clientId,
    matterId: on.id,
    amount,
    dueDate: '2026-12-15',
    note: 'Retainer for the lease dispute',
  });
  if (stage === 'sent') await firmCall('POST', `/api/admin/trust-account/send-trust-request/${created.id}`, {});
  if (stage === 'cancelled')
    await firmCall('POST', `/api/admin/trust-account/cancel-trust-request/${created.id}`, { reason: 'Agreed otherwise' });
  return created as { id: string; requestNumber: string };
}

/** A sent invoice of one flat fee on the client's matter. */
async function sentInvoice(amount: string, issueDate = '2026-10-02') {
  const fee = await firmCall('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', {
    clientId: matter.clientId,
    matterId: matter.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-10-01',
    description: `Advice, ${amount}`,
    amount,
  });
  const draft = await firmCall('POST', '/api/admin/invoice/create-invoice', {
    clientId: matter.clientId,
    matterIds: [matter.id],
    flatFeeIds: [fee.id],
    issueDate,
  });
  await firmCall('POST', `/api/admin/invoice/approve-invoice/${draft.id}`, {});
  const sent = await firmCall('POST', `/api/admin/invoice/send-invoice/${draft.id}`, {});
  return { id: draft.id as string, invoiceNumber: sent.invoiceNumber as string };
}

async function reportTransfer(fields: Record<string, string>, headers = portal) {
  const body = multipart(
    { paymentDate: '2026-11-02', reference: 'NIP/7781', ...fields },
    { fileName: 'transfer.pdf', content: await pdf('Transfer receipt', `Amount ${fields['amount']}`) },
  );
  return fixture.context.app.inject({
    method: 'POST',
    url: '/api/client-portal/report-bank-transfer',
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}

const myRequests = async () => (await portalGet('/api/client-portal/get-trust-requests')).json().data as Record<string, string>[];
const depositsAgainst = async (trustRequestId: string) =>
  (
    await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ count: number }>(
        tx.execute(sql`select count(*)::int as count from trust_transactions where trust_request_id = ${trustRequestId}`),
      ),
    )
  )[0]!.count;

describe("the portal's trust requests", () => {
  it('lists only the requests sent to the signed-in client, with where to pay and the reference to quote', async () => {
    const sent = await trustRequest('250000.00');
    const draft = await trustRequest('1000.00', matter, 'draft');
    const cancelled = await trustRequest('2000.00', matter, 'cancelled');
    const others = await trustRequest('3000.00', otherClientsMatter);

    const answer = await portalGet('/api/client-portal/get-trust-requests');
    expect(answer.statusCode).toBe(200);
    const ids = answer.json().data.map((row: { id: string }) => row.id);
    expect(ids).toContain(sent.id);
    for (const hidden of [draft.id, cancelled.id, others.id]) expect(ids).not.toContain(hidden);
    expect(answer.json().data.find((row: { id: string }) => row.id === sent.id)).toEqual({
      id: sent.id,
      requestNumber: sent.requestNumber,
      status: 'Sent',
      statusLabel: expect.any(String),
      matterId: matter.id,
      matterName: expect.any(String),
      currencySymbol: '₦',
      amount: '250000.00',
      paidAmount: '0.00',
      balanceDue: '250000.00',
      dueDate: '2026-12-15',
      note: 'Retainer for the lease dispute',
      bank: {
        accountName: expect.any(String),
        bankName: 'Zenith Bank',
        accountNumberMasked: expect.stringMatching(/^••••\d{4}$/),
        paymentInstructions: 'Pay into the client account; quote the request number.',
      },
      reference: sent.requestNumber,
    });
    expect((await portalGet('/api/client-portal/get-trust-requests', otherPortal)).json().data).toEqual([]);
    expect((await portalGet('/api/client-portal/get-trust-requests', bearer(fixture.tokens.admin))).statusCode).toBe(401);
  });

  it('records a reported transfer as a trust deposit against the request only when the firm confirms it, once', async () => {
    const request = await trustRequest('250000.00');
    expect((await reportTransfer({ TrustRequestId: request.id, amount: '250000.01' })).statusCode).toBe(400);
    const reported = await reportTransfer({ TrustRequestId: request.id, amount: '100000.50' });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json().data).toMatchObject({
      kind: 'trustRequest',
      trustRequestId: request.id,
      trustRequestNumber: request.requestNumber,
      invoiceId: null,
      status: 'reported',
      balanceDue: '250000.00',
      currencySymbol: '₦',
    });
    const reportId = reported.json().data.id;
    expect((await reportTransfer({ TrustRequestId: request.id, amount: '10.00' })).statusCode).toBe(409);
    expect(await depositsAgainst(request.id)).toBe(0);

    const waiting = await firmCall('GET', '/api/admin/client-portal/get-payment-reports?Status=reported');
    expect(waiting.map((row: { id: string }) => row.id)).toContain(reportId);

    // Confirm pressed twice at once: one deposit, one answer that it is decided already.
    const confirmations = await Promise.all([
      fixture.call('POST', `/api/admin/client-portal/confirm-payment-report/${reportId}`, fixture.tokens.admin, {}),
      fixture.call('POST', `/api/admin/client-portal/confirm-payment-report/${reportId}`, fixture.tokens.admin, {}),
    ]);
    expect(confirmations.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(confirmations.find((response) => response.statusCode === 200)!.json().data).toMatchObject({
      status: 'confirmed',
      balanceDue: '149999.50',
    });
    expect(await depositsAgainst(request.id)).toBe(1);
    expect((await myRequests()).find((row) => row.id === request.id)).toMatchObject({
      status: 'PartlyPaid',
      paidAmount: '100000.50',
      balanceDue: '149999.50',
    });
    await expectTrustBooksBalanced(fixture.context.database, fixture.firm.firmId);

    // A rejection carries its reason and deposits nothing.
    const second = (await reportTransfer({ TrustRequestId: request.id, amount: '5.00' })).json().data;
    const rejected = await firmCall('POST', `/api/admin/client-portal/reject-payment-report/${second.id}`, {
      reason: 'Not on our statement',
    });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Not on our statement' });
    expect(await depositsAgainst(request.id)).toBe(1);

    // The rest settles it: Paid, and nothing more can be reported.
    const rest = (await reportTransfer({ TrustRequestId: request.id, amount: '149999.50' })).json().data;
    await firmCall('POST', `/api/admin/client-portal/confirm-payment-report/${rest.id}`, {});
    expect((await myRequests()).find((row) => row.id === request.id)).toMatchObject({ status: 'Paid', balanceDue: '0.00' });
    expect((await reportTransfer({ TrustRequestId: request.id, amount: '1.00' })).statusCode).toBe(409);
    expect(await depositsAgainst(request.id)).toBe(2);
  });

  it('refuses a draft, another client’s and another firm’s request (404), and a report naming both or neither (400)', async () => {
    const draft = await trustRequest('1000.00', matter, 'draft');
    const others = await trustRequest('1000.00', otherClientsMatter);
    const mine = await trustRequest('1000.00');
    expect((await reportTransfer({ TrustRequestId: draft.id, amount: '10.00' })).statusCode).toBe(404);
    expect((await reportTransfer({ TrustRequestId: others.id, amount: '10.00' })).statusCode).toBe(404);
    expect((await reportTransfer({ TrustRequestId: mine.id, amount: '10.00' }, otherPortal)).statusCode).toBe(404);
    const invoice = await sentInvoice('500.00');
    expect((await reportTransfer({ TrustRequestId: mine.id, InvoiceId: invoice.id, amount: '10.00' })).statusCode).toBe(400);
    expect((await reportTransfer({ amount: '10.00' })).statusCode).toBe(400);
  });
});

type Section = {
  currencyCode: string;
  opening: { owed: string; heldInTrust: string };
  lines: { date: string; account: string; description: string; amount: string; owedAfter: string; heldInTrustAfter: string }[];
  closing: { owed: string; heldInTrust: string };
};
const statement = async (query = '', headers = portal) => {
  const response = await portalGet(`/api/client-portal/get-statement${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { sections: Section[]; toDate: string; fromDate: string | null };
};

describe('the statement of account', () => {
  it('agrees to the cent with the invoices’ balances and the trust ledgers, with running balances kept apart', async () => {
    const trust = trustCalls(fixture);
    const paid = await sentInvoice('80000.10', '2026-09-01');
    await firmCall('POST', `/api/admin/invoice/record-payment/${paid.id}`, {
      amount: '30000.05',
      paymentDate: '2026-09-10',
      method: 'Cash',
    });
    const writtenOff = await sentInvoice('1200.40', '2026-09-03');
    await firmCall('POST', `/api/admin/invoice/write-off/${writtenOff.id}`, {
      amount: '200.15',
      reason: 'Goodwill',
      writeOffDate: '2026-09-20',
    });
    const voided = await sentInvoice('999.99', '2026-09-04');
    await firmCall('POST', `/api/admin/invoice/void-invoice/${voided.id}`, { reason: 'Billed in error' });
    await trust.deposit(accountId, { clientId: matter.clientId, matterId: matter.id }, '12345.67', { depositDate: '2026-08-01' });
    expect((await trust.disburse(accountId, { clientId: matter.clientId, matterId: matter.id }, '345.11')).statusCode).toBe(201);

    const { sections } = await statement();
    const naira = sections.find((section) => section.currencyCode === 'NGN')!;
    expect(naira.opening).toEqual({ owed: '0.00', heldInTrust: '0.00' });

    const invoices = (await portalGet('/api/client-portal/get-invoices')).json().data as { status: string; balanceDue: string }[];
    const owed = invoices.filter((row) => row.status !== 'Void').reduce((sum, row) => addMoney(sum, row.balanceDue), '0.00');
    const ledgers = (await portalGet('/api/client-portal/get-trust')).json().data.ledgers as { balance: string }[];
    const held = ledgers.reduce((sum, row) => addMoney(sum, row.balance), '0.00');
    expect(naira.closing).toEqual({ owed, heldInTrust: held });

    // Each line moves one of the two balances by its amount; the last line's balances are the closing ones.
    let running = { ...naira.opening };
    for (const line of naira.lines) {
      running =
        line.account === 'invoices'
          ? { owed: addMoney(running.owed, line.amount), heldInTrust: running.heldInTrust }
          : { owed: running.owed, heldInTrust: addMoney(running.heldInTrust, line.amount) };
      expect([line.owedAfter, line.heldInTrustAfter]).toEqual([running.owed, running.heldInTrust]);
    }
    expect(running).toEqual(naira.closing);
    const descriptions = naira.lines.map((line) => `${line.description} ${line.amount}`);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        `Invoice ${paid.invoiceNumber} 80000.10`,
        `Payment on invoice ${paid.invoiceNumber} -30000.05`,
        `Written off on invoice ${writtenOff.invoiceNumber} -200.15`,
        `Invoice ${voided.invoiceNumber} cancelled -999.99`,
        'Deposit 12345.67',
      ]),
    );

    // The overview's cards say the same.
    const overview = (await portalGet('/api/client-portal/get-overview')).json().data;
    expect(overview.balancesDue).toEqual([{ currencyCode: 'NGN', currencySymbol: '₦', amount: owed }]);
    expect(overview.trustHeld).toEqual([{ currencyCode: 'NGN', currencySymbol: '₦', amount: held }]);
  });

  it('opens a period with the balances before it and keeps only its lines', async () => {
    const all = (await statement()).sections.find((section) => section.currencyCode === 'NGN')!;
    const period = (await statement('?FromDate=2026-09-05&ToDate=2026-09-30')).sections.find((section) => section.currencyCode === 'NGN')!;
    const before = all.lines.filter((line) => line.date < '2026-09-05').at(-1)!;
    expect(period.opening).toEqual({ owed: before.owedAfter, heldInTrust: before.heldInTrustAfter });
    expect(period.lines).toEqual(all.lines.filter((line) => line.date >= '2026-09-05' && line.date <= '2026-09-30'));
    const last = period.lines.at(-1)!;
    expect(period.closing).toEqual({ owed: last.owedAfter, heldInTrust: last.heldInTrustAfter });
    expect((await portalGet('/api/client-portal/get-statement?FromDate=2026-10-01&ToDate=2026-09-01')).statusCode).toBe(400);
  });

  it('is a PDF with the same figures, and never shows another client’s or firm’s money', async () => {
    const response = await portalGet('/api/client-portal/download-statement-pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(response.rawPayload)).join(' ');
    const naira = (await statement()).sections.find((section) => section.currencyCode === 'NGN')!;
    expect(text).toContain('Statement of account');
    expect(text).toContain('Closing balances');
    expect(text.replace(/\s/g, '')).toContain(
      `₦${Number(naira.closing.heldInTrust).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    const others = await statement('', otherPortal);
    expect(JSON.stringify(others)).not.toContain('12345.67');
    expect((await portalGet('/api/client-portal/get-statement', bearer(fixture.tokens.admin))).statusCode).toBe(401);
  });
});

describe('the demo firm', () => {
  it('has sent Kemi, the demo portal client, a trust request to pay, and her statement agrees with her balances', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const kemi = bearer((await signInToPortal(fixture.context.app, DEMO_FIRM.slug, `client@${DEMO_FIRM.emailDomain}`)).token);
    const requests = (await portalGet('/api/client-portal/get-trust-requests', kemi)).json().data;
    expect(requests).toEqual([expect.objectContaining({ status: 'Sent', amount: '750000.00', balanceDue: '750000.00' })]);
    expect(requests[0].bank.bankName).toBe('Zenith Bank');
    const overview = (await portalGet('/api/client-portal/get-overview', kemi)).json().data;
    const sections = (await statement('', kemi)).sections;
    for (const due of overview.balancesDue)
      expect(sections.find((section) => section.currencyCode === due.currencyCode)!.closing.owed).toBe(due.amount);
    for (const held of overview.trustHeld)
      expect(sections.find((section) => section.currencyCode === held.currencyCode)!.closing.heldInTrust).toBe(held.amount);
  });
});
