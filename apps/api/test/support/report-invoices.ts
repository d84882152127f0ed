import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from './test-app.ts';
import { TIME_ENTRY_BASE, type TimeEntryFixture } from './time-entry-fixtures.ts';

/**
 * Invoices made by hand through the API for the money reports' tests: each item becomes a line
 * (time: hours × rate for a fee earner; a flat fee for a fee earner; an expense), on whichever of
 * the client's matters it names, and the draft is approved (issued) unless asked to stay a draft.
 */
type Matter = { id: string; clientId: string };
export type InvoiceItem =
  | { kind: 'time'; matter: Matter; feeEarnerId: string; hours: string; rate: string }
  | { kind: 'flatFee'; matter: Matter; feeEarnerId: string; amount: string }
  | { kind: 'expense'; matter: Matter; amount: string };

export type MadeInvoice = {
  id: string;
  invoiceNumber: string | null;
  totals: { subtotal: string; discountAmount: string; taxAmount: string; total: string };
  fees: { id: string }[];
  expenses: { id: string }[];
  flatFees: { id: string }[];
};

const expenseBase = '/api/admin/expense-flat-fees-info';
const invoiceBase = '/api/admin/invoice';

export function invoiceMaker(fixture: TimeEntryFixture) {
  const post = async (path: string, body: Record<string, unknown>, status = 201) => {
    const response = await fixture.call('POST', path, fixture.tokens.admin, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  let categoryId: string | undefined;
  const expenseCategory = async () => {
    if (!categoryId) {
      const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
      );
      categoryId = category!.id;
    }
    return categoryId;
  };

  async function itemOf(item: InvoiceItem, date: string): Promise<{ list: 'timeEntryIds' | 'flatFeeIds' | 'expenseIds'; id: string }> {
    const owner = { clientId: item.matter.clientId, matterId: item.matter.id };
    if (item.kind === 'time') {
      const entry = await post(TIME_ENTRY_BASE, {
        ...owner,
        activityId: fixture.references.activityIds[0],
        isBillable: 4,
        timeEntryUserId: item.feeEarnerId,
        description: 'Advice',
        timeEntryDate: date,
        duration: item.hours,
        userRate: item.rate,
        exchangeRate: '1',
      });
      return { list: 'timeEntryIds', id: entry.id };
    }
    if (item.kind === 'flatFee') {
      const fee = await post(`${expenseBase}/create-flat-fee`, {
        ...owner,
        userId: item.feeEarnerId,
        flatFeeDate: date,
        description: 'Fixed fee',
        amount: item.amount,
      });
      return { list: 'flatFeeIds', id: fee.id };
    }
    const expense = await post(`${expenseBase}/create-expense`, {
      ...owner,
      isFirmExpense: false,
      expenseDate: date,
      description: 'Filing fee',
      categoryId: await expenseCategory(),
      quantity: '1',
      unitCost: item.amount,
      isBillable: 4,
    });
    return { list: 'expenseIds', id: expense.id };
  }

  return {
    async invoice(options: {
      items: InvoiceItem[];
      issueDate: string;
      dueDate?: string;
      taxPercent?: string;
      discountAmount?: string;
      currencyCode?: string;
      isDraft?: boolean;
    }): Promise<MadeInvoice> {
      const lists = { timeEntryIds: [] as string[], flatFeeIds: [] as string[], expenseIds: [] as string[] };
      for (const item of options.items) {
        const { list, id } = await itemOf(item, options.issueDate);
        lists[list].push(id);
      }
      const draft = await post(`${invoiceBase}/create-invoice`, {
        clientId: options.items[0]!.matter.clientId,
        matterIds: [...new Set(options.items.map((item) => item.matter.id))],
        ...lists,
        issueDate: options.issueDate,
        ...(options.dueDate ? { dueDate: options.dueDate } : {}),
        taxPercent: options.taxPercent ?? '0',
        taxAppliesTo: 'both',
        ...(options.discountAmount ? { discountType: 'amount', discountValue: options.discountAmount } : {}),
      });
      if (options.currencyCode)
        await fixture.context.database.db.execute(
          sql`update invoices set currency_id = (select id from currencies where iso_code = ${options.currencyCode}) where id = ${draft.id}`,
        );
      if (options.isDraft) return draft;
      return post(`${invoiceBase}/approve-invoice/${draft.id}`, {}, 200);
    },

    /** Records a payment; answers its id. */
    async pay(invoiceId: string, amount: string, paymentDate: string, method = 'Bank transfer'): Promise<string> {
      const invoice = await post(`${invoiceBase}/record-payment/${invoiceId}`, { amount, paymentDate, method }, 200);
      const payments = invoice.payments as { id: string; amount: string; paymentDate: string }[];
      return payments.find((payment) => payment.amount === amount && payment.paymentDate === paymentDate)!.id;
    },

    reversePayment: (invoiceId: string, paymentId: string) =>
      post(`${invoiceBase}/reverse-payment/${invoiceId}/${paymentId}`, { reason: 'Cheque bounced' }, 200),

    writeOff: (invoiceId: string, amount: string, writeOffDate: string) =>
      post(`${invoiceBase}/write-off/${invoiceId}`, { amount, reason: 'Goodwill', writeOffDate }, 200),

    creditNote: (invoiceId: string, lineIds: string[], creditDate: string) =>
      post(`${invoiceBase}/create-credit-note/${invoiceId}`, { reason: 'Fee waived', lineIds, creditDate }),

    voidInvoice: (invoiceId: string) => post(`${invoiceBase}/void-invoice/${invoiceId}`, { reason: 'Issued in error' }, 200),
  };
}

/**
 * Two open matters of one client of the firm (for an invoice covering several: the fixture's open
 * matter and a second one made for its client) and an open matter of another client.
 */
export async function mattersOf(fixture: TimeEntryFixture) {
  const first = fixture.references.openMatter;
  const { admin, feeEarner } = fixture.firm.users;
  const [second] = await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
    const made = await rowsOf<{ id: string; clientId: string }>(
      tx.execute(sql`insert into matters (firm_id, client_id, matter_number, matter_name, billing_type, created_by_user_id)
        values (${fixture.firm.firmId}, ${first.clientId}, 'MAT-09001', 'Second matter', 'Hourly', ${admin.id})
        returning id, client_id as "clientId"`),
    );
    for (const user of [admin.id, feeEarner.id])
      await tx.execute(sql`insert into matter_assignees (firm_id, matter_id, user_id, hourly_rate)
        values (${fixture.firm.firmId}, ${made[0]!.id}, ${user}, '50000.00')`);
    return made;
  });
  const other = fixture.references.matters.find((matter) => matter.status === 'Open' && matter.clientId !== first.clientId)!;
  return { first, second: second!, other };
}
