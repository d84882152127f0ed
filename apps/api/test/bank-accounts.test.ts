import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES } from '@matterhorn/shared';
import { rowsOf } from '../src/db/database.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Several operating bank accounts (issue 36): each books to its own asset account; a payment or an
 * expense names one (else the currency's default, else the system operating bank 1000), and money
 * never goes into an account of another currency.
 */

let fixture: TimeEntryFixture;
let usdId: number;
let categoryId: string;

const base = '/api/admin/accounting';
const expenses = '/api/admin/expense-flat-fees-info';

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const [usd] = await rowsOf<{ id: number }>(fixture.context.database.db.execute(sql`select id from currencies where iso_code = 'USD'`));
  usdId = usd!.id;
  const categories = (await fixture.call('GET', `${expenses}/get-expense-categories`, fixture.tokens.admin)).json().data as {
    id: string;
  }[];
  categoryId = categories[0]!.id;
});
afterAll(() => fixture.context.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => fixture.call(method, url, fixture.tokens.admin, payload);

type Bank = { id: string; ledgerAccountId: string; ledgerAccountNumber: string; currencyCode: string; isDefault: boolean; balance: string };

async function createBank(input: Record<string, unknown>): Promise<Bank> {
  const response = await admin('POST', `${base}/create-bank-account`, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The lines a journal entry of a source posted, with their account numbers. */
const linesOf = (sourceId: string) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ number: string; debit: string; credit: string; currency: string }>(
      tx.execute(sql`select account.number, line.debit::text as debit, line.credit::text as credit, line.currency_code as currency
        from journal_lines line join journal_entries entry on entry.id = line.entry_id
        join ledger_accounts account on account.id = line.account_id
        where entry.source_id = ${sourceId} order by entry.created_at, line.debit desc`),
    ),
  );

async function issuedInvoice(amount: string): Promise<string> {
  const on = fixture.references.openMatter;
  const fee = await admin('POST', `${expenses}/create-flat-fee`, {
    clientId: on.clientId,
    matterId: on.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-10-01',
    description: 'Advice',
    amount,
  });
  const draft = await admin('POST', '/api/admin/invoice/create-invoice', {
    clientId: on.clientId,
    matterIds: [on.id],
    flatFeeIds: [fee.json().data.id],
    issueDate: '2026-10-02',
    taxPercent: '0',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await admin('POST', `/api/admin/invoice/send-invoice/${draft.json().data.id}`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return draft.json().data.id;
}

async function paidExpense(payment: Record<string, unknown>, currency: { foreignCurrencyId: number; exchangeRate: string } | null = null) {
  const created = await admin('POST', `${expenses}/create-expense`, {
    isFirmExpense: true,
    expenseDate: '2026-10-03',
    description: 'Courier',
    categoryId,
    quantity: '1',
    unitCost: '40.00',
    ...(currency ?? {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  return {
    id,
    response: await admin('POST', `${expenses}/mark-expense-paid/${id}`, {
      paidDate: '2026-10-04',
      paymentMethod: 'Bank transfer',
      ...payment,
    }),
  };
}

describe('operating bank accounts', () => {
  let naira: Bank;
  let dollars: Bank;

  it('each gets its own sub-account of 1000 Operating bank, keeps only the last 4 digits of its number, and lists with its balance', async () => {
    naira = await createBank({ name: 'Salary account', bankName: 'Zenith Bank', accountNumber: '1012 3456 78', currencyCode: 'NGN' });
    dollars = await createBank({
      name: 'USD domiciliary',
      bankName: 'GTBank',
      accountNumber: '0123-4567-89',
      currencyCode: 'usd',
      isDefault: true,
    });
    expect(naira).toMatchObject({
      ledgerAccountNumber: '1001',
      accountNumberLast4: '5678',
      maskedAccountNumber: '••••5678',
      isDefault: false,
    });
    expect(dollars).toMatchObject({ ledgerAccountNumber: '1002', currencyCode: 'USD', maskedAccountNumber: '••••6789', isDefault: true });
    const stored = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ text: string }>(tx.execute(sql`select row_to_json(bank_accounts)::text as text from bank_accounts`)),
    );
    // The full numbers are nowhere in the rows.
    for (const row of stored) expect(row.text).not.toMatch(/1012345678|0123456789/);
    const chart = (await admin('GET', `${base}/get-chart-of-accounts`)).json().data.accounts as {
      number: string;
      parentId: string | null;
      id: string;
    }[];
    const operating = chart.find((account) => account.number === '1000')!;
    expect(chart.find((account) => account.number === '1001')?.parentId).toBe(operating.id);
    const list = (await admin('GET', `${base}/get-bank-accounts`)).json().data;
    expect(list.fallbackLedgerAccountNumber).toBe('1000');
    expect(list.accounts.map((account: Bank) => account.id).sort()).toEqual([naira.id, dollars.id].sort());
  });

  it('offers a picker the currency’s accounts: the system operating bank first while none is the default', async () => {
    const nairaOptions = (await fixture.call('GET', `${base}/get-bank-account-options?CurrencyCode=NGN`, fixture.tokens.feeEarner)).json()
      .data;
    expect(nairaOptions.options).toEqual([
      { id: null, label: '1000 Operating bank', isDefault: true },
      { id: naira.id, label: 'Salary account · Zenith Bank ••••5678', isDefault: false },
    ]);
    const dollarOptions = (await admin('GET', `${base}/get-bank-account-options?CurrencyCode=USD`)).json().data;
    expect(dollarOptions.options).toEqual([{ id: dollars.id, label: 'USD domiciliary · GTBank ••••6789', isDefault: true }]);
  });

  it('a payment lands on the chosen account’s ledger account, else the default for its currency (the system operating bank)', async () => {
    const invoice = await issuedInvoice('1000.00');
    const chosen = await admin('POST', `/api/admin/invoice/record-payment/${invoice}`, {
      amount: '600.00',
      paymentDate: '2026-10-05',
      method: 'Bank transfer',
      bankAccountId: naira.id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const byDefault = await admin('POST', `/api/admin/invoice/record-payment/${invoice}`, {
      amount: '400.00',
      paymentDate: '2026-10-05',
      method: 'Cash',
    });
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    const payments = byDefault.json().data.payments as { id: string; amount: string }[];
    const [first, second] = [payments.find((p) => p.amount === '600.00')!, payments.find((p) => p.amount === '400.00')!];
    expect((await linesOf(first.id))[0]).toMatchObject({ number: '1001', debit: '600.00', currency: 'NGN' });
    expect((await linesOf(second.id))[0]).toMatchObject({ number: '1000', debit: '400.00', currency: 'NGN' });
    // A reversal takes the money out of the account it went into.
    const reversed = await admin('POST', `/api/admin/invoice/reverse-payment/${invoice}/${first.id}`, { reason: 'Bounced' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const balances = (await admin('GET', `${base}/get-bank-accounts`)).json().data.accounts as Bank[];
    expect(balances.find((account) => account.id === naira.id)?.balance).toBe('0.00');
  });

  it('refuses money in another currency than the account’s with 400, writing nothing', async () => {
    const invoice = await issuedInvoice('250.00');
    const refused = await admin('POST', `/api/admin/invoice/record-payment/${invoice}`, {
      amount: '250.00',
      paymentDate: '2026-10-05',
      method: 'Bank transfer',
      bankAccountId: dollars.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BANK_ACCOUNT_MESSAGES.currencyMismatch('USD', 'NGN'));
    const view = (await admin('GET', `/api/admin/invoice/get-invoice/${invoice}`)).json().data;
    expect(view.payments).toEqual([]);
    expect(view.totals.balanceDue).toBe('250.00');

    const { id, response } = await paidExpense({ bankAccountId: dollars.id });
    expect(response.statusCode).toBe(400);
    expect((await admin('GET', `${expenses}/get-expense/${id}`)).json().data.paymentStatus).toBe('Unpaid');
  });

  it('pays an expense from the chosen account, the default for its currency when none is chosen, and keeps it when the expense changes', async () => {
    const { id: nairaExpense, response } = await paidExpense({ bankAccountId: naira.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(await linesOf(nairaExpense)).toEqual([
      expect.objectContaining({ number: '5000', debit: '40.00' }),
      expect.objectContaining({ number: '1001', credit: '40.00', currency: 'NGN' }),
    ]);
    // A changed amount reverses the entry and posts it again, from the same account.
    const changed = await admin('PUT', `${expenses}/update-expense/${nairaExpense}`, {
      isFirmExpense: true,
      expenseDate: '2026-10-03',
      description: 'Courier',
      categoryId,
      quantity: '1',
      unitCost: '45.00',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const lines = await linesOf(nairaExpense);
    expect(lines.filter((line) => line.number === '1001').map((line) => [line.debit, line.credit])).toEqual([
      ['0.00', '40.00'],
      ['40.00', '0.00'],
      ['0.00', '45.00'],
    ]);

    const { id: dollarExpense, response: dollarPaid } = await paidExpense({}, { foreignCurrencyId: usdId, exchangeRate: '1500' });
    expect(dollarPaid.statusCode, dollarPaid.body).toBe(200);
    expect((await linesOf(dollarExpense))[1]).toMatchObject({ number: '1002', credit: '40.00', currency: 'USD' });
  });

  it('has one default per currency, deactivates (never to the default), and refuses a deactivated account', async () => {
    const second = await createBank({ name: 'USD reserve', bankName: 'Access Bank', currencyCode: 'USD', isDefault: true });
    let list = (await admin('GET', `${base}/get-bank-accounts`)).json().data.accounts as Bank[];
    expect(list.filter((account) => account.currencyCode === 'USD' && account.isDefault).map((account) => account.id)).toEqual([second.id]);
    const deactivated = await admin('POST', `${base}/deactivate-bank-account/${second.id}`);
    expect(deactivated.json().data).toMatchObject({ isActive: false, isDefault: false });
    const bad = await admin('PUT', `${base}/update-bank-account/${second.id}`, {
      name: 'USD reserve',
      bankName: 'Access Bank',
      isDefault: true,
      isActive: false,
    });
    expect(bad.statusCode).toBe(400);
    const { response } = await paidExpense({ bankAccountId: second.id }, { foreignCurrencyId: usdId, exchangeRate: '1500' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BANK_ACCOUNT_MESSAGES.inactive);
    const renamed = await admin('PUT', `${base}/update-bank-account/${dollars.id}`, {
      name: 'Dollar account',
      bankName: 'GTBank',
      isDefault: true,
    });
    expect(renamed.json().data).toMatchObject({ name: 'Dollar account', accountNumberLast4: '6789', isDefault: true, isActive: true });
    list = (await admin('GET', `${base}/get-bank-accounts`)).json().data.accounts as Bank[];
    expect(list.at(-1)?.id).toBe(second.id);
  });

  it('books an account to an existing asset account, but never to one a module keeps or another bank account uses', async () => {
    const chart = (await admin('GET', `${base}/get-chart-of-accounts`)).json().data.accounts as { number: string; id: string }[];
    const idOf = (number: string) => chart.find((account) => account.number === number)!.id;
    const linked = await createBank({ name: 'Main account', bankName: 'First Bank', currencyCode: 'NGN', ledgerAccountId: idOf('1000') });
    expect(linked.ledgerAccountNumber).toBe('1000');
    const again = await admin('POST', `${base}/create-bank-account`, {
      name: 'Again',
      bankName: 'First Bank',
      currencyCode: 'NGN',
      ledgerAccountId: idOf('1000'),
    });
    expect(again.statusCode).toBe(409);
    const trust = await admin('POST', `${base}/create-bank-account`, {
      name: 'Trust',
      bankName: 'First Bank',
      currencyCode: 'NGN',
      ledgerAccountId: idOf('1100'),
    });
    expect(trust.statusCode).toBe(400);
    const income = await admin('POST', `${base}/create-bank-account`, {
      name: 'Income',
      bankName: 'First Bank',
      currencyCode: 'NGN',
      ledgerAccountId: idOf('4000'),
    });
    expect(income.statusCode).toBe(400);
    const taken = await admin('POST', `${base}/create-bank-account`, {
      name: 'Taken',
      bankName: 'First Bank',
      currencyCode: 'NGN',
      ledgerAccountNumber: '1010',
    });
    expect(taken.statusCode).toBe(409);
    // Linked to 1000 itself, the system operating bank is offered under the account's name.
    const options = (await admin('GET', `${base}/get-bank-account-options?CurrencyCode=NGN`)).json().data.options as {
      id: string | null;
    }[];
    expect(options.map((option) => option.id)).not.toContain(null);
  });

  it('keeps each firm to its own accounts: another firm’s is 404 to read, change or pay into; a fee earner cannot add one', async () => {
    const other = await fixture.call('POST', `${base}/deactivate-bank-account/${naira.id}`, fixture.tokens.otherAdmin);
    expect(other.statusCode).toBe(404);
    const otherList = (await fixture.call('GET', `${base}/get-bank-accounts`, fixture.tokens.otherAdmin)).json().data.accounts;
    expect(otherList).toEqual([]);
    const created = await fixture.call('POST', `${base}/create-bank-account`, fixture.tokens.feeEarner, {
      name: 'Mine',
      bankName: 'Any',
      currencyCode: 'NGN',
    });
    expect(created.statusCode).toBe(403);
    const otherFirmInvoiceMatter = fixture.otherReferences.openMatter;
    expect(otherFirmInvoiceMatter).toBeDefined();
    const { response } = await paidExpenseAs(fixture.tokens.otherAdmin, naira.id);
    expect(response.statusCode).toBe(404);
  });
});

/** Another firm pays one of its own expenses naming this firm's bank account. */
async function paidExpenseAs(token: string, bankAccountId: string) {
  const categories = (await fixture.call('GET', `${expenses}/get-expense-categories`, token)).json().data as { id: string }[];
  const created = await fixture.call('POST', `${expenses}/create-expense`, token, {
    isFirmExpense: true,
    expenseDate: '2026-10-03',
    description: 'Courier',
    categoryId: categories[0]!.id,
    quantity: '1',
    unitCost: '10.00',
  });
  const id = created.json().data.id as string;
  return {
    id,
    response: await fixture.call('POST', `${expenses}/mark-expense-paid/${id}`, token, {
      paidDate: '2026-10-04',
      paymentMethod: 'Cash',
      bankAccountId,
    }),
  };
}
