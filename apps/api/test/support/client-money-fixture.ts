import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from './test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './time-entry-fixtures.ts';
import { trustCalls } from './trust-fixture.ts';

/**
 * A fresh firm's client money and bills, placed by hand through the API for the client-money
 * reports (the trust listing, the statutory books): an NGN and a USD trust account; deposits,
 * a back-dated deposit, a disbursement, a transfer between two ledgers of one client, a refund and
 * an invoice paid from trust; three bills of costs (fees, flat fees and an expense with tax; a
 * discounted flat fee; one voided). Every number the tests expect is worked out from these.
 */
export type ClientMoneyFixture = Awaited<ReturnType<typeof setUpClientMoneyFixture>>;

export async function setUpClientMoneyFixture() {
  const fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  await fixture.context.database.db.execute(sql`update firms set time_zone = 'UTC' where id = ${fixture.firm.firmId}`);
  const trust = trustCalls(fixture);
  const matters = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ matterId: string; clientId: string; matterNumber: string; matterName: string; clientName: string }>(
      tx.execute(sql`select m.id as "matterId", m.client_id as "clientId", m.matter_number as "matterNumber", m.matter_name as "matterName",
          c.display_name as "clientName"
        from matters m join clients c on c.id = m.client_id where m.status = 'Open' order by m.matter_number`),
    ),
  );
  const first = matters[0]!;
  const second = matters.find((matter) => matter.clientId !== first.clientId)!;
  const general = { clientId: first.clientId, matterId: null };
  const naira = await trust.createAccount({ name: 'Naira client account' });
  const dollar = await trust.createAccount({ name: 'Dollar client account', currencyCode: 'USD' });

  const posted = async (path: string, body: Record<string, unknown>) => {
    const response = await trust.call('POST', path, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const deposit = (
    account: string,
    ledger: { clientId: string; matterId: string | null },
    amount: string,
    date: string,
    reference: string,
  ) => trust.deposit(account, ledger, amount, { depositDate: date, reference });

  await deposit(naira.id, first, '500000.00', '2026-01-05', 'DEP-1');
  await deposit(naira.id, second, '120000.50', '2026-02-10', 'DEP-2');
  await posted('disburse', {
    trustAccountId: naira.id,
    clientId: first.clientId,
    matterId: first.matterId,
    amount: '75000.25',
    date: '2026-03-15',
    payee: 'Federal High Court',
    purpose: 'Filing fees',
  });
  await posted('transfer', {
    trustAccountId: naira.id,
    fromClientId: first.clientId,
    fromMatterId: first.matterId,
    toClientId: first.clientId,
    toMatterId: null,
    amount: '100000.00',
    date: '2026-04-01',
    reason: 'Retainer held generally',
  });
  // Recorded after the transfer, dated before it: the books list it on its own date.
  await deposit(naira.id, first, '10000.00', '2026-02-01', 'DEP-3');
  await deposit(dollar.id, first, '1000.00', '2026-03-01', 'DEP-4');
  await posted('refund', {
    trustAccountId: naira.id,
    clientId: second.clientId,
    matterId: second.matterId,
    amount: '20000.50',
    date: '2026-06-20',
    method: 'Bank transfer',
  });

  // Bills of costs.
  const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
  );
  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await fixture.call('POST', path, fixture.tokens.admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const flatFee = (matter: typeof first, amount: string, date: string) =>
    created('/api/admin/expense-flat-fees-info/create-flat-fee', {
      clientId: matter.clientId,
      matterId: matter.matterId,
      userId: fixture.firm.users.feeEarner.id,
      flatFeeDate: date,
      description: 'Incorporation package',
      amount,
    });
  const issue = async (body: Record<string, unknown>) => {
    const draftId = await created('/api/admin/invoice/create-invoice', body);
    const approved = await fixture.call('POST', `/api/admin/invoice/approve-invoice/${draftId}`, fixture.tokens.admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json().data as { id: string; invoiceNumber: string; totals: { total: string } };
  };
  const timeEntryId = await created(TIME_ENTRY_BASE, {
    clientId: first.clientId,
    matterId: first.matterId,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description: 'Drafting the share purchase agreement',
    timeEntryDate: '2026-04-20',
    duration: '2',
    userRate: '50000.00',
    exchangeRate: '1',
  });
  const expenseId = await created('/api/admin/expense-flat-fees-info/create-expense', {
    clientId: first.clientId,
    matterId: first.matterId,
    isFirmExpense: false,
    expenseDate: '2026-04-22',
    description: 'Search fees at the registry',
    categoryId: category!.id,
    quantity: '3',
    unitCost: '1500.50',
    isBillable: 4,
  });
  // 100,000.00 time + 25,000.00 flat fee = 125,000.00 profit costs; 4,501.50 disbursements; 7.5% of 129,501.50 = 9,712.61 tax.
  const firstBill = await issue({
    clientId: first.clientId,
    matterIds: [first.matterId],
    timeEntryIds: [timeEntryId],
    expenseIds: [expenseId],
    flatFeeIds: [await flatFee(first, '25000.00', '2026-04-25')],
    issueDate: '2026-05-01',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
  });
  // 60,000.00 less 10%: 54,000.00, no tax.
  const secondBill = await issue({
    clientId: second.clientId,
    matterIds: [second.matterId],
    flatFeeIds: [await flatFee(second, '60000.00', '2026-05-20')],
    issueDate: '2026-06-01',
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '0',
  });
  const voidedBill = await issue({
    clientId: second.clientId,
    matterIds: [second.matterId],
    flatFeeIds: [await flatFee(second, '5000.00', '2026-06-02')],
    issueDate: '2026-06-05',
    taxPercent: '0',
  });
  const voided = await fixture.call('POST', `/api/admin/invoice/void-invoice/${voidedBill.id}`, fixture.tokens.admin, {
    reason: 'Billed in error',
  });
  expect(voided.statusCode, voided.body).toBe(200);
  await posted('pay-invoice', { trustAccountId: naira.id, invoiceId: firstBill.id, amount: '50000.00', date: '2026-05-10' });

  return { fixture, trust, first, second, general, naira, dollar, bills: { firstBill, secondBill, voidedBill } };
}

/**
 * A balanced journal entry straight into the ledger (as the superuser, past the API) moving
 * `amount` of a client's trust liability against the operating bank on a date: the trust records do
 * not move, so the ledger and the records disagree from that date. The books' tie-out at the close
 * sees only the net of every line, so each break is repaired by its mirror on a later date.
 */
export async function postLiabilityOutsideTrust(
  fixture: TimeEntryFixture,
  line: { date: string; amount: string; clientId: string; trustAccountId: string; currencyCode: string; isRepair?: boolean },
) {
  const firmId = fixture.firm.firmId;
  const account = (code: string) => sql`(select id from ledger_accounts where firm_id = ${firmId} and code = ${code})`;
  const [liabilitySide, bankSide] = line.isRepair ? ['debit', 'credit'] : ['credit', 'debit'];
  await fixture.context.database.db.transaction(async (tx) => {
    const [entry] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into journal_entries (firm_id, entry_date, memo, source_type, created_by_user_id)
        values (${firmId}, ${line.date}, 'Posted outside the trust module', 'manual', ${fixture.firm.users.admin.id}) returning id`),
    );
    const insert = (code: string, side: string, trustAccountId: string | null) =>
      tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, client_id, trust_account_id, currency_code)
        values (${firmId}, ${entry!.id}, ${account(code)}, ${side === 'debit' ? line.amount : '0'}, ${side === 'credit' ? line.amount : '0'},
          ${line.clientId}, ${trustAccountId}, ${line.currencyCode})`);
    await insert('client-trust-liability', liabilitySide!, line.trustAccountId);
    await insert('operating-bank', bankSide!, null);
  });
}
