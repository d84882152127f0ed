import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, PERIOD_LOCK_MESSAGES, SPEC_MESSAGES } from '@matterhorn/shared';
import { postJournalEntry } from '../src/platform/ledger/ledger.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { trustCalls } from './support/trust-fixture.ts';

/**
 * The period lock (issue 36): once an administrator closes the books through a day, the database
 * refuses every journal entry dated on or before it, from whichever module posts it, and the API
 * answers 409 BOOKS_CLOSED pointing at the request's date; corrections go into the open period.
 */

const CLOSED_THROUGH = '2025-06-30';
const IN_CLOSED = '2025-06-20';
const IN_OPEN = '2025-07-02';
const accounting = '/api/admin/accounting';
const items = '/api/admin/expense-flat-fees-info';
const invoices = '/api/admin/invoice';

let fixture: TimeEntryFixture;
let matter: { id: string; clientId: string };
let trustAccountId: string;
let categoryId: string;
let accounts: { rent: string; bank: string };
/** A manual entry and an issued invoice from before the books were closed. */
let earlier: { entryId: string; invoiceId: string };

const call = (method: 'GET' | 'POST', path: string, body?: unknown, token = fixture.tokens.admin) =>
  fixture.call(method, path, token, body);

const journalBody = (entryDate: string) => ({
  entryDate,
  memo: 'Office rent',
  lines: [
    { accountId: accounts.rent, debit: '1000' },
    { accountId: accounts.bank, credit: '1000' },
  ],
});

async function draftInvoice(issueDate: string): Promise<string> {
  const fee = await call('POST', `${items}/create-flat-fee`, {
    clientId: matter.clientId,
    matterId: matter.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2025-06-01',
    description: 'Advice',
    amount: '50000.00',
  });
  expect(fee.statusCode, fee.body).toBe(201);
  const draft = await call('POST', `${invoices}/create-invoice`, {
    clientId: matter.clientId,
    matterIds: [matter.id],
    flatFeeIds: [fee.json().data.id],
    issueDate,
  });
  expect(draft.statusCode, draft.body).toBe(201);
  return draft.json().data.id;
}

async function approvedExpense(): Promise<string> {
  const created = await call('POST', `${items}/create-expense`, {
    isFirmExpense: true,
    expenseDate: '2025-06-10',
    description: 'Courier',
    categoryId,
    quantity: '1',
    unitCost: '2500',
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id;
}

const entryCount = () =>
  fixture.context.database.withFirm(
    fixture.firm.firmId,
    async (tx) => (await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from journal_entries`)))[0]!.n,
  );

/** A refusal because the books are closed: 409 BOOKS_CLOSED in words, naming the request's date field. */
function expectBooksClosed(response: Awaited<ReturnType<typeof call>>, dateField?: string) {
  const message = PERIOD_LOCK_MESSAGES.booksClosed(CLOSED_THROUGH);
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toMatchObject({ success: false, code: 'BOOKS_CLOSED', message });
  expect(message).toBe('The books are closed through 30/06/2025: date this after that day, in an open period');
  if (dateField) expect(response.json().errors).toEqual({ [dateField]: message });
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  matter = fixture.references.openMatter;
  trustAccountId = (await trustCalls(fixture).createAccount()).id;
  categoryId = ((await call('GET', `${items}/get-expense-categories`)).json().data as { id: string }[])[0]!.id;
  const chart = (await call('GET', `${accounting}/get-chart-of-accounts`)).json().data.accounts as { id: string; number: string }[];
  const idOf = (number: string) => chart.find((account) => account.number === number)!.id;
  accounts = { rent: idOf('5010'), bank: idOf('1000') };

  // Before the books are closed: a manual entry and an invoice issued in June, and money in trust.
  const entry = await call('POST', `${accounting}/create-journal-entry`, journalBody('2025-06-05'));
  expect(entry.statusCode, entry.body).toBe(201);
  const invoiceId = await draftInvoice('2025-06-05');
  expect((await call('POST', `${invoices}/send-invoice/${invoiceId}`, {})).statusCode).toBe(200);
  await trustCalls(fixture).deposit(trustAccountId, { clientId: matter.clientId, matterId: matter.id }, '100000.00', {
    depositDate: '2025-06-01',
  });
  earlier = { entryId: entry.json().data.id, invoiceId };
});
afterAll(() => fixture.context.close());

describe('setting the books-closed-through day', () => {
  it('is for administrators only; every member may read it', async () => {
    for (const token of [fixture.tokens.billing, fixture.tokens.feeEarner]) {
      const refused = await call('POST', `${accounting}/set-books-closed-through`, { booksClosedThrough: CLOSED_THROUGH }, token);
      expect([refused.statusCode, refused.json().message]).toEqual([403, SPEC_MESSAGES.noPermission]);
    }
    const read = await call('GET', `${accounting}/get-books-closed-through`, undefined, fixture.tokens.feeEarner);
    expect(read.json().data).toEqual({ booksClosedThrough: null, firstOpenDate: null });
  });

  it('refuses today or a later day: today’s postings are still coming in', async () => {
    // The firm's today (its time zone's), which the lock compares with: between 23:00 and midnight UTC a Lagos firm is a day ahead.
    const [{ today }] = (await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ today: string }>(
        tx.execute(
          sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms where id = ${fixture.firm.firmId}`,
        ),
      ),
    )) as [{ today: string }];
    const tomorrow = addDays(today, 1);
    for (const day of [tomorrow, today]) {
      const refused = await call('POST', `${accounting}/set-books-closed-through`, { booksClosedThrough: day });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ booksClosedThrough: PERIOD_LOCK_MESSAGES.notBeforeToday });
    }
  });

  it('closes the books and writes the audit row', async () => {
    const closed = await call('POST', `${accounting}/set-books-closed-through`, { booksClosedThrough: CLOSED_THROUGH });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual({ booksClosedThrough: CLOSED_THROUGH, firstOpenDate: '2025-07-01' });
    expect(closed.json().message).toBe('Books closed through 30/06/2025');
    const read = await call('GET', `${accounting}/get-books-closed-through`, undefined, fixture.tokens.billing);
    expect(read.json().data.booksClosedThrough).toBe(CLOSED_THROUGH);
    const [audit] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ actor: string; entity: string; details: unknown }>(
        tx.execute(sql`select actor_user_id as actor, entity_id as entity, details from audit_events
          where action = 'firm.booksClosed' order by created_at desc limit 1`),
      ),
    );
    expect(audit).toEqual({
      actor: fixture.firm.users.admin.id,
      entity: fixture.firm.firmId,
      details: { before: { booksClosedThrough: null }, after: { booksClosedThrough: CLOSED_THROUGH } },
    });
  });
});

describe('a posting dated in the closed period', () => {
  it('is refused for a manual journal and accepted after the day', async () => {
    const before = await entryCount();
    expectBooksClosed(await call('POST', `${accounting}/create-journal-entry`, journalBody(CLOSED_THROUGH)), 'entryDate');
    expect(await entryCount()).toBe(before);
    expect((await call('POST', `${accounting}/create-journal-entry`, journalBody('2025-07-01'))).statusCode).toBe(201);
  });

  it('is refused for a reversal: an entry of the closed period is corrected in the open one (today by default)', async () => {
    expectBooksClosed(await call('POST', `${accounting}/reverse-journal-entry/${earlier.entryId}`, { entryDate: IN_CLOSED }), 'entryDate');
    const reversed = await call('POST', `${accounting}/reverse-journal-entry/${earlier.entryId}`, {});
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json().data.entryDate > CLOSED_THROUGH).toBe(true);
  });

  it('is refused for an invoice issued with a date in it, which stays a draft', async () => {
    const backDated = await draftInvoice(IN_CLOSED);
    expectBooksClosed(await call('POST', `${invoices}/send-invoice/${backDated}`, {}), 'issueDate');
    expect((await call('GET', `${invoices}/get-invoice/${backDated}`)).json().data.status).toBe('Draft');
    const dated = await draftInvoice(IN_OPEN);
    expect((await call('POST', `${invoices}/send-invoice/${dated}`, {})).statusCode).toBe(200);
  });

  it('is refused for a payment and a write-off on an invoice of the closed period, accepted in the open one', async () => {
    const payment = { amount: '1000.00', paymentDate: IN_CLOSED, method: 'Bank transfer' };
    expectBooksClosed(await call('POST', `${invoices}/record-payment/${earlier.invoiceId}`, payment), 'paymentDate');
    const paid = await call('POST', `${invoices}/record-payment/${earlier.invoiceId}`, { ...payment, paymentDate: IN_OPEN });
    expect(paid.statusCode, paid.body).toBe(200);
    const writeOff = { amount: '500.00', reason: 'Goodwill', writeOffDate: IN_CLOSED };
    expectBooksClosed(await call('POST', `${invoices}/write-off/${earlier.invoiceId}`, writeOff), 'writeOffDate');
    expect((await call('POST', `${invoices}/write-off/${earlier.invoiceId}`, { ...writeOff, writeOffDate: IN_OPEN })).statusCode).toBe(200);
  });

  it('is refused for an expense paid on a day in it', async () => {
    const expenseId = await approvedExpense();
    const payment = { paidDate: IN_CLOSED, paymentMethod: 'Bank transfer' };
    expectBooksClosed(await call('POST', `${items}/mark-expense-paid/${expenseId}`, payment), 'paidDate');
    const paid = await call('POST', `${items}/mark-expense-paid/${expenseId}`, { ...payment, paidDate: IN_OPEN });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('is refused for trust movements: a deposit, a payment out, a transfer, an invoice paid from trust and a reversal', async () => {
    const trust = trustCalls(fixture);
    const ledger = { trustAccountId, clientId: matter.clientId, matterId: matter.id };
    const before = await entryCount();
    const deposit = { ...ledger, amount: '1000.00', depositDate: IN_CLOSED, method: 'Bank transfer' };
    expectBooksClosed(await trust.call('POST', 'deposit', deposit), 'depositDate');
    const payOut = { ...ledger, amount: '1000.00', date: IN_CLOSED, payee: 'Federal High Court', purpose: 'Filing fees' };
    expectBooksClosed(await trust.call('POST', 'disburse', payOut), 'date');
    const transfer = {
      trustAccountId,
      fromClientId: matter.clientId,
      fromMatterId: matter.id,
      toClientId: matter.clientId,
      toMatterId: null,
      amount: '1000.00',
      date: IN_CLOSED,
      reason: 'To the client’s general funds',
    };
    expectBooksClosed(await trust.call('POST', 'transfer', transfer), 'date');
    const fromTrust = { trustAccountId, invoiceId: earlier.invoiceId, amount: '1000.00', date: IN_CLOSED };
    expectBooksClosed(await trust.call('POST', 'pay-invoice', fromTrust), 'date');
    expect(await entryCount()).toBe(before);
    const deposited = await trust.call('POST', 'deposit', { ...deposit, depositDate: IN_OPEN });
    expect(deposited.statusCode, deposited.body).toBe(201);
    expect((await trust.call('POST', 'disburse', { ...payOut, date: IN_OPEN })).statusCode).toBe(201);
    const moved = await trust.call('POST', 'transfer', { ...transfer, date: IN_OPEN });
    expect(moved.statusCode, moved.body).toBe(201);
    const reversal = { reason: 'Recorded twice', date: IN_CLOSED };
    expectBooksClosed(await trust.call('POST', `reverse-transaction/${deposited.json().data.id}`, reversal), 'date');
  });

  it('is refused for a credit note dated in it, which writes nothing; the correction is dated in the open period', async () => {
    const before = await entryCount();
    const creditNote = { reason: 'Fee agreed lower', creditDate: IN_CLOSED };
    expectBooksClosed(await call('POST', `${invoices}/create-credit-note/${earlier.invoiceId}`, creditNote), 'creditDate');
    expect(await entryCount()).toBe(before);
    const credited = await call('POST', `${invoices}/create-credit-note/${earlier.invoiceId}`, { ...creditNote, creditDate: IN_OPEN });
    expect(credited.statusCode, credited.body).toBe(201);
  });

  it('is refused by the database itself, whatever code posts it', async () => {
    const principal = { firmId: fixture.firm.firmId, userId: fixture.firm.users.admin.id };
    await expect(
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        postJournalEntry(tx, principal, {
          entryDate: IN_CLOSED,
          memo: 'Straight to the ledger',
          sourceType: 'manual',
          sourceId: null,
          currency: 'NGN',
          lines: [
            { accountId: accounts.rent, debit: '1.00' },
            { accountId: accounts.bank, credit: '1.00' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'BOOKS_CLOSED' });
    await expect(
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        tx.execute(sql`insert into journal_entries (firm_id, entry_date, memo, source_type, created_by_user_id)
          values (${fixture.firm.firmId}, ${IN_CLOSED}, 'Raw SQL', 'manual', ${principal.userId})`),
      ),
    ).rejects.toThrow();
  });
});

describe('another firm', () => {
  it('keeps its own periods open', async () => {
    const read = await call('GET', `${accounting}/get-books-closed-through`, undefined, fixture.tokens.otherAdmin);
    expect(read.json().data.booksClosedThrough).toBeNull();
    const chart = (await call('GET', `${accounting}/get-chart-of-accounts`, undefined, fixture.tokens.otherAdmin)).json().data.accounts as {
      id: string;
      number: string;
    }[];
    const idOf = (number: string) => chart.find((account) => account.number === number)!.id;
    const posted = await call(
      'POST',
      `${accounting}/create-journal-entry`,
      {
        entryDate: IN_CLOSED,
        memo: 'Office rent',
        lines: [
          { accountId: idOf('5010'), debit: '1000' },
          { accountId: idOf('1000'), credit: '1000' },
        ],
      },
      fixture.tokens.otherAdmin,
    );
    expect(posted.statusCode, posted.body).toBe(201);
  });
});

describe('reopening', () => {
  it('moves the day back (audited as a reopening), and null opens every period', async () => {
    const back = await call('POST', `${accounting}/set-books-closed-through`, { booksClosedThrough: '2025-05-31' });
    expect(back.json().data).toEqual({ booksClosedThrough: '2025-05-31', firstOpenDate: '2025-06-01' });
    expect(back.json().message).toBe('Reopened 01/06/2025 to 30/06/2025: books closed through 31/05/2025');
    expect((await call('POST', `${accounting}/create-journal-entry`, journalBody(IN_CLOSED))).statusCode).toBe(201);
    const reopened = await call('POST', `${accounting}/set-books-closed-through`, { booksClosedThrough: null });
    expect(reopened.json().data).toEqual({ booksClosedThrough: null, firstOpenDate: null });
    expect(reopened.json().message).toBe(
      'Every period reopened: the books were closed through 31/05/2025; postings may be dated on any day',
    );
    expect((await call('POST', `${accounting}/create-journal-entry`, journalBody('2025-01-15'))).statusCode).toBe(201);
    const reopenings = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ details: { after: { booksClosedThrough: string | null } } }>(
        tx.execute(sql`select details from audit_events where action = 'firm.booksReopened' order by created_at`),
      ),
    );
    expect(reopenings.map((row) => row.details.after.booksClosedThrough)).toEqual(['2025-05-31', null]);
  });
});
