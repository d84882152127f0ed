import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, CREDIT_NOTE_MESSAGES } from '@matterhorn/shared';
import { findClientAccountMovements, sumClientBalancesDue } from '../src/modules/invoices/invoices.api.ts';
import { accountBalances } from '../src/platform/ledger/ledger.ts';
import { pdfText } from './support/pdf-text.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

const base = '/api/admin/invoice';
let fixture: TimeEntryFixture;
let categoryId: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
  );
  categoryId = category!.id;
});
// Closing checks the books tie out for every firm: receivables = open invoices, trust = client ledgers.
afterAll(() => fixture.context.close());

const matter = () => fixture.references.openMatter;
const call = (method: 'GET' | 'POST', path: string, body?: unknown, token = fixture.tokens.admin) =>
  fixture.call(method, `${base}/${path}`, token, body);

async function created(path: string, body: Record<string, unknown>) {
  const response = await fixture.call('POST', path, fixture.tokens.admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const timeEntry = (duration: string, userRate: string) =>
  created(TIME_ENTRY_BASE, {
    clientId: matter().clientId,
    matterId: matter().id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description: 'Drafted the statement of claim',
    timeEntryDate: '2025-03-14',
    duration,
    userRate,
    exchangeRate: '1',
  });
const expense = (unitCost: string) =>
  created('/api/admin/expense-flat-fees-info/create-expense', {
    isFirmExpense: false,
    clientId: matter().clientId,
    matterId: matter().id,
    expenseDate: '2025-05-02',
    description: 'Filing fee',
    categoryId,
    quantity: '1',
    unitCost,
    isBillable: 4,
  });

/** A sent invoice of two time entries and an expense, 10% off and VAT at 7.5% on both. */
async function sentInvoice() {
  const timeEntryIds = [await timeEntry('1.5', '80000.00'), await timeEntry('0.7', '33333.33')];
  const expenseIds = [await expense('25000.00')];
  const draft = await call('POST', 'create-invoice', {
    clientId: matter().clientId,
    matterIds: [matter().id],
    timeEntryIds,
    expenseIds,
    flatFeeIds: [],
    issueDate: '2025-06-01',
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await call('POST', `send-invoice/${draft.json().data.id}`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return { invoice: sent.json().data, timeEntryIds, expenseIds };
}

const linesOf = (invoice: { fees: { id: string }[]; expenses: { id: string }[] }) => [...invoice.fees, ...invoice.expenses];
const unbilledTimeEntryIds = async () =>
  ((await call('GET', `get-unbilled-items?ClientId=${matter().clientId}`)).json().data.timeEntries as { id: string }[]).map(
    (entry) => entry.id,
  );
const creditNoteRows = () =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from credit_notes`)),
  );

describe('POST …/create-credit-note/{id}', () => {
  it('credits chosen lines, then the rest: the two credit notes add up to the invoice to the cent and post its mirror', async () => {
    const { invoice, timeEntryIds } = await sentInvoice();
    const [firstFee, secondFee, filing] = linesOf(invoice);

    const first = await call('POST', `create-credit-note/${invoice.id}`, {
      reason: 'Second attendance was not instructed',
      lineIds: [secondFee!.id],
      releaseItems: true,
      creditDate: '2025-06-10',
    });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = first.json().data;
    const [note] = afterFirst.creditNotes;
    expect(note).toMatchObject({
      creditNoteNumber: 'CN-00001',
      creditDate: '2025-06-10',
      releasesItems: true,
      invoiceLineIds: [secondFee!.id],
    });
    // 0.7 h × 33,333.33 = 23,333.33; 10% off = 2,333.33; VAT 7.5% of 21,000.00 = 1,575.00.
    expect(note).toMatchObject({
      feesAmount: '23333.33',
      expensesAmount: '0.00',
      discountAmount: '2333.33',
      taxAmount: '1575.00',
      total: '22575.00',
      appliedAmount: '22575.00',
      toClientCreditAmount: '0.00',
    });
    expect(afterFirst.totals.creditedAmount).toBe('22575.00');
    expect(afterFirst.status).toBe('Sent');
    expect(afterFirst.fees.find((line: { id: string }) => line.id === secondFee!.id).creditNoteNumber).toBe('CN-00001');
    // Released: the credited time entry can be billed again; the other stays on the invoice.
    expect(await unbilledTimeEntryIds()).toContain(timeEntryIds[1]);
    expect(await unbilledTimeEntryIds()).not.toContain(timeEntryIds[0]);

    const again = await call('POST', `create-credit-note/${invoice.id}`, { reason: 'Twice', lineIds: [secondFee!.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CREDIT_NOTE_MESSAGES.lineAlreadyCredited);

    const rest = await call('POST', `create-credit-note/${invoice.id}`, { reason: 'Matter settled: fees waived' });
    expect(rest.statusCode, rest.body).toBe(201);
    const credited = rest.json().data;
    const second = credited.creditNotes[1];
    expect(second.creditNoteNumber).toBe('CN-00002');
    expect(second.invoiceLineIds.sort()).toEqual([firstFee!.id, filing!.id].sort());
    expect(addMoney(note.total, second.total)).toBe(invoice.totals.total);
    expect(addMoney(note.taxAmount, second.taxAmount)).toBe(invoice.totals.taxAmount);
    expect(addMoney(note.discountAmount, second.discountAmount)).toBe(invoice.totals.discountAmount);
    expect(credited.totals).toMatchObject({ creditedAmount: invoice.totals.total, balanceDue: '0.00' });
    expect(credited.status).toBe('Paid');
    // Not released this time: the first time entry stays billed.
    expect(await unbilledTimeEntryIds()).not.toContain(timeEntryIds[0]);

    const nothing = await call('POST', `create-credit-note/${invoice.id}`, { reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(CREDIT_NOTE_MESSAGES.nothingToCredit);
    // A credited invoice is not voided: its credit notes would stand against nothing.
    const voided = await call('POST', `void-invoice/${invoice.id}`, { reason: 'Wrong client' });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().message).toBe(CREDIT_NOTE_MESSAGES.creditNotesExist);

    // The journal mirrors the issue entry: income, recoveries and VAT debited, discount and receivable credited.
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const lines = await rowsOf<{ code: string; debit: string; credit: string }>(
        tx.execute(sql`select a.code, sum(l.debit)::text as debit, sum(l.credit)::text as credit
          from journal_lines l join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where e.id in (select journal_entry_id from credit_notes where invoice_id = ${invoice.id}) group by a.code order by a.code`),
      );
      expect(lines).toEqual([
        { code: 'accounts-receivable', debit: '0.00', credit: invoice.totals.total },
        { code: 'discounts-given', debit: '0.00', credit: invoice.totals.discountAmount },
        { code: 'expense-recoveries', debit: invoice.totals.expensesSubtotal, credit: '0.00' },
        { code: 'fee-income', debit: invoice.totals.feesSubtotal, credit: '0.00' },
        { code: 'tax-payable', debit: invoice.totals.taxAmount, credit: '0.00' },
      ]);
    });
  });

  it('credits a paid invoice to the client’s credit balance (unapplied cash)', async () => {
    const { invoice } = await sentInvoice();
    const paid = await call('POST', `record-payment/${invoice.id}`, {
      amount: invoice.totals.total,
      paymentDate: '2025-06-05',
      method: 'Bank transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const response = await call('POST', `create-credit-note/${invoice.id}`, {
      reason: 'Fee reduced after review',
      lineIds: [invoice.fees[0].id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json().data.creditNotes[0];
    expect(note.appliedAmount).toBe('0.00');
    expect(note.toClientCreditAmount).toBe(note.total);
    expect(response.json().data.totals).toMatchObject({ balanceDue: '0.00', creditedAmount: '0.00' });
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const held = await accountBalances(tx, fixture.firm.firmId, 'unapplied-cash', { clientId: matter().clientId });
      expect(held).toContainEqual({ currency: 'NGN', amount: `-${note.total}` });
      const [movement] = await rowsOf<{ kind: string; amount: string }>(
        tx.execute(sql`select kind, amount::text from client_credit_movements where credit_note_id = ${note.id}`),
      );
      expect(movement).toEqual({ kind: 'credit-note', amount: note.total });
    });
  });

  it('refuses a draft, another invoice’s line, a date before the invoice, another firm and a user without invoice.approve, writing nothing', async () => {
    const { invoice } = await sentInvoice();
    const other = await sentInvoice();
    const before = await creditNoteRows();
    const draft = await call('POST', 'create-invoice', {
      clientId: matter().clientId,
      matterIds: [matter().id],
      timeEntryIds: [await timeEntry('1', '1000.00')],
      issueDate: '2025-06-01',
    });
    const cases = [
      [draft.json().data.id, { reason: 'x' }, fixture.tokens.admin, 409],
      [invoice.id, { reason: 'x', lineIds: [other.invoice.fees[0].id] }, fixture.tokens.admin, 400],
      [invoice.id, { reason: 'x', creditDate: '2025-05-31' }, fixture.tokens.admin, 400],
      [invoice.id, { reason: '' }, fixture.tokens.admin, 400],
      [invoice.id, { reason: 'x' }, fixture.tokens.otherAdmin, 404],
      [invoice.id, { reason: 'x' }, fixture.tokens.billing, 403],
    ] as const;
    for (const [id, body, token, status] of cases) {
      const response = await call('POST', `create-credit-note/${id}`, body, token);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
    }
    expect(await creditNoteRows()).toEqual(before);
  });

  it('counts a credit note in the aged receivables as of its date, not before', async () => {
    const { invoice } = await sentInvoice();
    await call('POST', `create-credit-note/${invoice.id}`, { reason: 'Waived', creditDate: '2025-07-01' });
    const owedOn = async (asOf: string) => {
      const rows = (await call('GET', `get-aged-receivables?AsOf=${asOf}&ClientId=${matter().clientId}`)).json().data.clients as {
        total: string;
      }[];
      return rows[0]?.total ?? '0.00';
    };
    const before = await owedOn('2025-06-30');
    const after = await owedOn('2025-07-01');
    expect(addMoney(after, invoice.totals.total)).toBe(before);
  });
});

describe('credit notes as records', () => {
  it('are never changed or removed by the application’s database role', async () => {
    const { invoice } = await sentInvoice();
    await call('POST', `create-credit-note/${invoice.id}`, { reason: 'Waived' });
    for (const statement of [
      sql`update credit_notes set total = total + 1`,
      sql`delete from credit_notes`,
      sql`update credit_note_lines set amount = amount + 1`,
      sql`delete from credit_note_lines`,
      sql`update client_credit_movements set amount = amount + 1`,
      sql`delete from client_credit_movements`,
    ]) {
      const refusal = await fixture.context.database
        .withFirm(fixture.firm.firmId, (tx) => tx.execute(statement))
        .then(
          () => 'done',
          (error: { cause?: { message?: string } }) => String(error.cause?.message),
        );
      expect(refusal).toMatch(/permission denied/);
    }
  });
});

describe('the client’s statement of account', () => {
  it('shows what credit notes took off as movements, so its running balance ends at what the client owes', async () => {
    const { invoice } = await sentInvoice();
    await call('POST', `create-credit-note/${invoice.id}`, { reason: 'Courtesy reduction', lineIds: [invoice.fees[0].id] });
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const movements = await findClientAccountMovements(tx, fixture.firm.firmId, matter().clientId, 10_000);
      expect(movements.filter((movement) => movement.kind === 'creditNote').length).toBeGreaterThan(0);
      const owed = movements.filter((movement) => movement.currencyCode === 'NGN').map((movement) => movement.amount);
      const [balances] = await sumClientBalancesDue(tx, fixture.firm.firmId, matter().clientId);
      expect(addMoney(...owed)).toBe(balances!.amount);
    });
  });
});

describe('GET …/download-credit-note-pdf/{id}', () => {
  it('prints the credit note: its number, the invoice it credits, the reason, the lines and where the money went', async () => {
    const { invoice } = await sentInvoice();
    const credited = await call('POST', `create-credit-note/${invoice.id}`, {
      reason: 'Hearing adjourned: attendance not charged',
      lineIds: [invoice.fees[1].id],
    });
    const note = credited.json().data.creditNotes[0];
    const response = await call('GET', `download-credit-note-pdf/${note.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${note.creditNoteNumber}.pdf`);
    const text = (await pdfText(response.rawPayload)).join(' ');
    for (const words of [
      `Credit note ${note.creditNoteNumber}`,
      `Credits invoice ${invoice.invoiceNumber}`,
      'Hearing adjourned',
      '₦23,333.33',
      '₦22,575.00',
    ])
      expect(text).toContain(words);
    expect((await call('GET', `download-credit-note-pdf/${note.id}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
  });
});

describe('the VAT return', () => {
  it('takes a credit note’s output tax off in the period of its date, still tied to the VAT output account', async () => {
    const { invoice } = await sentInvoice();
    const credited = await call('POST', `create-credit-note/${invoice.id}`, {
      reason: 'Disbursement billed twice',
      lineIds: [invoice.expenses[0].id],
      creditDate: '2025-08-20',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const note = credited.json().data.creditNotes[0];
    const response = await fixture.call(
      'GET',
      '/api/admin/accounting/get-vat-return?FromDate=2025-08-01&ToDate=2025-08-31',
      fixture.tokens.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const vatReturn = response.json().data;
    expect(vatReturn.isTiedOut).toBe(true);
    const rows = vatReturn.currencies.flatMap((section: { rates: { invoices: unknown[] }[] }) =>
      section.rates.flatMap((rate) => rate.invoices),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ kind: 'credit-note', invoiceNumber: note.creditNoteNumber, date: '2025-08-20', tax: `-${note.taxAmount}` }),
    );
  });
});
