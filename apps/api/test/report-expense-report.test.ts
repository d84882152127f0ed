import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/reports/expense-report: every expense with its client and matter (or the firm),
 * amounts, approval, payment and billing. A fresh firm with hand-placed expenses: the expected
 * table below is worked out from their own numbers.
 */
let fixture: TimeEntryFixture;
let owner: string;
let invoiceNumber: string;
const base = '/api/admin/expense-flat-fees-info';
const get = (url: string) => fixture.call('GET', url, fixture.tokens.admin);
const YEAR = { From: '2026-01-01', To: '2026-12-31' };
const KEYS = ['date', 'owner', 'description', 'payee', 'currency', 'amount', 'homeAmount', 'billable', 'approval', 'payment', 'invoice'];

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  await fixture.context.database.db.execute(sql`update firms set time_zone = 'UTC' where id = ${fixture.firm.firmId}`);
  const matter = fixture.references.openMatter;
  const [names] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ owner: string; categoryId: string; usdId: number }>(
      tx.execute(sql`select c.display_name || ' — ' || m.matter_number || ' ' || m.matter_name as owner,
          (select id from expense_categories order by name limit 1) as "categoryId",
          (select id from currencies where iso_code = 'USD') as "usdId"
        from matters m join clients c on c.id = m.client_id where m.id = ${matter.id}`),
    ),
  );
  owner = names!.owner;
  const call = async (path: string, body: Record<string, unknown>, token = fixture.tokens.admin, status = 201) => {
    const response = await fixture.call('POST', `${base}/${path}`, token, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data.id as string;
  };
  const expense = (body: Record<string, unknown>, token = fixture.tokens.admin) =>
    call(
      'create-expense',
      { isFirmExpense: false, clientId: matter.clientId, matterId: matter.id, categoryId: names!.categoryId, isBillable: 4, ...body },
      token,
    );
  const filing = await expense({
    expenseDate: '2026-03-05',
    description: 'Filing fee',
    quantity: '2',
    unitCost: '5000.25',
    payee: 'Federal High Court',
  });
  await call(
    `mark-expense-paid/${filing}`,
    { paidDate: '2026-03-06', paymentMethod: 'Bank transfer', paymentReference: 'TRF-1' },
    undefined,
    200,
  );
  const internet = await expense({
    isFirmExpense: true,
    clientId: null,
    matterId: null,
    isBillable: 2,
    expenseDate: '2026-03-10',
    description: 'Office internet',
    quantity: '1',
    unitCost: '45000',
    payee: 'MTN Nigeria',
  });
  await call(`mark-expense-paid/${internet}`, { paidDate: '2026-03-10', paymentMethod: 'Bank transfer' }, undefined, 200);
  // A fee earner's expense waits for approval.
  await expense(
    { expenseDate: '2026-04-01', description: 'Courier to the client', quantity: '1', unitCost: '12000' },
    fixture.tokens.feeEarner,
  );
  await expense({
    expenseDate: '2026-04-15',
    description: 'Certified copies (London)',
    quantity: '2',
    unitCost: '75.00',
    foreignCurrencyId: names!.usdId,
    exchangeRate: '1500',
    isBillable: 2,
  });
  const hotel = await expense(
    { expenseDate: '2026-04-20', description: 'Hotel', quantity: '1', unitCost: '30000' },
    fixture.tokens.feeEarner,
  );
  await call(`reject-expense/${hotel}`, { reason: 'Not agreed with the client' }, undefined, 200);
  const deleted = await expense({ expenseDate: '2026-05-01', description: 'Entered twice', quantity: '1', unitCost: '999.99' });
  expect((await fixture.call('DELETE', `${base}/delete-expense/${deleted}`, fixture.tokens.admin)).statusCode).toBe(200);
  await expense({ expenseDate: '2025-12-31', description: 'Last year', quantity: '1', unitCost: '1000' });

  const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
    clientId: matter.clientId,
    matterIds: [matter.id],
    expenseIds: [filing],
    issueDate: '2026-03-20',
    taxPercent: '0',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const approved = await fixture.call('POST', `/api/admin/invoice/approve-invoice/${draft.json().data.id}`, fixture.tokens.admin, {});
  expect(approved.statusCode, approved.body).toBe(200);
  invoiceNumber = approved.json().data.invoiceNumber;
  // Held by a draft: billed, on no issued invoice yet.
  const drafted = await expense({ expenseDate: '2026-06-01', description: 'Courier (draft bill)', quantity: '1', unitCost: '2000' });
  const heldByDraft = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
    clientId: matter.clientId,
    matterIds: [matter.id],
    expenseIds: [drafted],
    taxPercent: '0',
  });
  expect(heldByDraft.statusCode, heldByDraft.body).toBe(201);
});
afterAll(() => fixture.context.close());

describe('the expense report', () => {
  it('lists every expense with its owner, amounts and statuses, with totals per currency that tie out', async () => {
    const report = await reportOf(get, 'expense-report', YEAR);
    const row = (cells: Partial<Record<(typeof KEYS)[number], string | null>>) => ({
      owner,
      payee: null,
      currency: 'NGN',
      billable: 'Yes',
      approval: 'Approved',
      payment: 'Unpaid',
      invoice: 'Unbilled',
      ...cells,
    });
    expect(rowsAs(report.rows, KEYS)).toEqual([
      row({
        date: '2026-03-05',
        description: 'Filing fee',
        payee: 'Federal High Court',
        amount: '10000.50',
        homeAmount: '10000.50',
        payment: 'Paid',
        invoice: invoiceNumber,
      }),
      row({
        date: '2026-03-10',
        owner: 'Firm',
        description: 'Office internet',
        payee: 'MTN Nigeria',
        amount: '45000.00',
        homeAmount: '45000.00',
        billable: 'No',
        payment: 'Paid',
        invoice: 'Not billable',
      }),
      row({ date: '2026-04-01', description: 'Courier to the client', amount: '12000.00', homeAmount: '12000.00', approval: 'Pending' }),
      // 2 × 75.00 USD at 1,500.
      row({
        date: '2026-04-15',
        description: 'Certified copies (London)',
        currency: 'USD',
        amount: '150.00',
        homeAmount: '225000.00',
        billable: 'No',
        invoice: 'Not billable',
      }),
      row({ date: '2026-04-20', description: 'Hotel', amount: '30000.00', homeAmount: '30000.00', approval: 'Rejected' }),
      row({
        date: '2026-06-01',
        description: 'Courier (draft bill)',
        amount: '2000.00',
        homeAmount: '2000.00',
        invoice: 'A draft invoice',
      }),
    ]);
    expect(report.columns.find((column) => column.key === 'homeAmount')!.label).toBe('Amount (NGN)');
    expect(rowsAs(report.totals, ['date', 'owner', 'currency', 'amount', 'homeAmount'])).toEqual([
      // 10,000.50 + 45,000.00 + 12,000.00 + 30,000.00 + 2,000.00.
      { date: 'Total NGN', owner: '5 expenses', currency: 'NGN', amount: '99000.50', homeAmount: '99000.50' },
      { date: 'Total USD', owner: '1 expense', currency: 'USD', amount: '150.00', homeAmount: '225000.00' },
      { date: 'Total in NGN', owner: null, currency: null, amount: null, homeAmount: '324000.50' },
    ]);
    expect(report.checks.map((check) => [check.name, check.expected, check.actual, check.pass])).toEqual([
      ['Σ rows = Σ expenses in the filter (expenses table), NGN', '99000.50', '99000.50', true],
      ['Σ rows’ NGN amounts = Σ expenses’ NGN amounts in the filter, NGN', '99000.50', '99000.50', true],
      // The filing fee and the internet bill were paid.
      ['Σ paid rows = firm expenses + client costs advanced debited on their payments in the ledger, NGN', '55000.50', '55000.50', true],
      ['Σ rows = Σ expenses in the filter (expenses table), USD', '150.00', '150.00', true],
      ['Σ rows’ NGN amounts = Σ expenses’ NGN amounts in the filter, USD', '225000.00', '225000.00', true],
      ['Σ paid rows = firm expenses + client costs advanced debited on their payments in the ledger, USD', '0.00', '0.00', true],
    ]);
    expect(report.dateBasis).toContain('Expense date');
  });

  it('filters by status, by who added it, by client and matter and by dates', async () => {
    const descriptions = async (query: Record<string, string>) =>
      (await reportOf(get, 'expense-report', { ...YEAR, ...query })).rows.map((row) => row.cells.description);
    expect(await descriptions({ Status: 'Pending' })).toEqual(['Courier to the client']);
    expect(await descriptions({ Status: 'Approved' })).toEqual([
      'Filing fee',
      'Office internet',
      'Certified copies (London)',
      'Courier (draft bill)',
    ]);
    expect(await descriptions({ Status: 'Rejected' })).toEqual(['Hotel']);
    expect(await descriptions({ Status: 'Paid' })).toEqual(['Filing fee', 'Office internet']);
    expect(await descriptions({ Status: 'Unpaid' })).toEqual([
      'Courier to the client',
      'Certified copies (London)',
      'Hotel',
      'Courier (draft bill)',
    ]);
    expect(await descriptions({ Status: 'Billed' })).toEqual(['Filing fee', 'Courier (draft bill)']);
    expect(await descriptions({ Status: 'Unbilled' })).toEqual(['Courier to the client', 'Hotel']);
    expect(await descriptions({ Status: 'Not billable' })).toEqual(['Office internet', 'Certified copies (London)']);
    expect(await descriptions({ FeeEarnerId: fixture.firm.users.feeEarner.id })).toEqual(['Courier to the client', 'Hotel']);
    const clientOnly = await descriptions({ ClientId: fixture.references.openMatter.clientId, MatterId: fixture.references.openMatter.id });
    expect(clientOnly).not.toContain('Office internet');
    expect(clientOnly).toHaveLength(5);
    expect(await descriptions({ From: '2025-12-01', To: '2026-03-31' })).toEqual(['Last year', 'Filing fee', 'Office internet']);
    const pending = await reportOf(get, 'expense-report', { ...YEAR, Status: 'Pending' });
    expect(pending.criteria).toEqual(['Expense dates: 01/01/2026 – 31/12/2026', 'Status: Pending']);
    expect(pending.checks.every((check) => check.pass)).toBe(true);
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const report = await reportOf(get, 'expense-report', YEAR);
    await expectCsvEqualsScreen(get, 'expense-report', YEAR, report);
    const text = await expectPdfOfReport(get, 'expense-report', YEAR, report);
    expect(text).toContain('Office internet');
  });

  it('refuses another firm’s records, bad filters, and people without Reports', async () => {
    expect((await get(`/api/admin/reports/expense-report?ClientId=${fixture.otherReferences.openMatter.clientId}`)).statusCode).toBe(404);
    const badStatus = await get('/api/admin/reports/expense-report?Status=Lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe(
      'Status must be one of Pending, Approved, Rejected, Paid, Unpaid, Billed, Unbilled, Not billable',
    );
    const feeEarner = await fixture.call('GET', '/api/admin/reports/expense-report', fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });
});
