import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from './test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './time-entry-fixtures.ts';

/**
 * A fresh firm (exact time: billing increment 0) with hand-placed time, invoices and payments, for
 * the time and money reports (billable hours, utilisation, realisation, matter profitability). Every
 * figure the tests expect is worked out from the numbers below.
 *
 * Matter A (the first open matter), September–October 2026:
 *   E1 admin 2 h × 100,000 = 200,000 billable, 16/09   ┐ invoice A: 10% discount, VAT 7.5% on both,
 *   E2 fee earner 3 h × 50,000 = 150,000 billable, 17/09 ┘ E2's line written down to 100,000; half paid
 *   E3 admin 1 h × 100,000 = 100,000 billable, 05/10   ┐ invoice B: no discount or tax; 60,000 paid,
 *   E4 fee earner 2 h × 50,000 = 100,000 billable, 06/10 ┘ E4's line credited (released), 40,000 written off
 *   E6 admin 0.5 h × 100,000 = 50,000 not billable, 21/10
 *   X1 a non-billable client expense of 10,000, 12/10
 * Matter B (another open matter):
 *   E5 fee earner 1.5 h × 50,000 = 75,000 billable, 20/10, unbilled
 *   F1 a flat fee of 250,000, 10/10: invoice C, paid in full
 */
export type TimeReportFixture = {
  fixture: TimeEntryFixture;
  matterA: { id: string; clientId: string };
  matterB: { id: string; clientId: string };
  names: { admin: string; feeEarner: string };
  entries: Record<'e1' | 'e2' | 'e3' | 'e4' | 'e5' | 'e6', string>;
  invoices: Record<'a' | 'b' | 'c', { id: string; invoiceNumber: string; total: string }>;
};

export async function setUpTimeReportFixture(): Promise<TimeReportFixture> {
  const fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const { admin, feeEarner } = fixture.firm.users;
  await fixture.context.database.db.execute(sql`update firms set time_zone = 'UTC' where id = ${fixture.firm.firmId}`);
  const matterA = fixture.references.openMatter;
  const matterB = fixture.references.matters.find((matter) => matter.status === 'Open' && matter.id !== matterA.id)!;
  const call = async (method: 'POST' | 'PUT', path: string, body: unknown, status = 200) => {
    const response = await fixture.call(method, path, fixture.tokens.admin, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };

  const time = async (
    matter: { id: string; clientId: string },
    userId: string,
    date: string,
    duration: string,
    rate: string,
    isBillable = 4,
  ) =>
    (
      await call(
        'POST',
        TIME_ENTRY_BASE,
        {
          clientId: matter.clientId,
          matterId: matter.id,
          activityId: fixture.references.activityIds[0],
          isBillable,
          timeEntryUserId: userId,
          description: `Work of ${date}`,
          timeEntryDate: date,
          duration,
          userRate: rate,
          exchangeRate: '1',
        },
        201,
      )
    ).id as string;
  const entries = {
    e1: await time(matterA, admin.id, '2026-09-16', '2', '100000.00'),
    e2: await time(matterA, feeEarner.id, '2026-09-17', '3', '50000.00'),
    e3: await time(matterA, admin.id, '2026-10-05', '1', '100000.00'),
    e4: await time(matterA, feeEarner.id, '2026-10-06', '2', '50000.00'),
    e5: await time(matterB, feeEarner.id, '2026-10-20', '1.5', '50000.00'),
    e6: await time(matterA, admin.id, '2026-10-21', '0.5', '100000.00', 2),
  };

  const invoiceBase = '/api/admin/invoice';
  const issue = async (body: Record<string, unknown>) => {
    const draft = await call('POST', `${invoiceBase}/create-invoice`, { timeEntryIds: [], expenseIds: [], flatFeeIds: [], ...body }, 201);
    const issued = await call('POST', `${invoiceBase}/approve-invoice/${draft.id}`, {});
    return {
      id: draft.id as string,
      invoiceNumber: issued.invoiceNumber as string,
      total: issued.totals.total as string,
      fees: issued.fees,
    };
  };
  const pay = (id: string, amount: string, paymentDate: string) =>
    call('POST', `${invoiceBase}/record-payment/${id}`, { amount, paymentDate, method: 'Bank transfer' });

  const a = await issue({
    clientId: matterA.clientId,
    timeEntryIds: [entries.e1, entries.e2],
    lineAdjustments: [{ itemType: 'fee', itemId: entries.e2, adjustedAmount: '100000.00', reason: 'Courtesy write-down' }],
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
    issueDate: '2026-10-01',
  });
  // 300,000 − 30,000 discount + 7.5% of 270,000 (20,250) = 290,250.
  expect(a.total).toBe('290250.00');
  await pay(a.id, '145125.00', '2026-10-15');

  const b = await issue({ clientId: matterA.clientId, timeEntryIds: [entries.e3, entries.e4], taxPercent: '0', issueDate: '2026-10-15' });
  expect(b.total).toBe('200000.00');
  await pay(b.id, '60000.00', '2026-10-20');
  const e4Line = (b.fees as { id: string; itemId: string }[]).find((line) => line.itemId === entries.e4)!;
  await call(
    'POST',
    `${invoiceBase}/create-credit-note/${b.id}`,
    { reason: 'Second attendance not instructed', lineIds: [e4Line.id], releaseItems: true, creditDate: '2026-10-25' },
    201,
  );
  await call('POST', `${invoiceBase}/write-off/${b.id}`, { amount: '40000.00', reason: 'Client insolvent', writeOffDate: '2026-10-30' });

  const flatFee = await call(
    'POST',
    '/api/admin/expense-flat-fees-info/create-flat-fee',
    {
      clientId: matterB.clientId,
      matterId: matterB.id,
      userId: feeEarner.id,
      flatFeeDate: '2026-10-10',
      description: 'Incorporation package',
      amount: '250000.00',
    },
    201,
  );
  const c = await issue({ clientId: matterB.clientId, flatFeeIds: [flatFee.id], taxPercent: '0', issueDate: '2026-10-31' });
  await pay(c.id, '250000.00', '2026-11-02');

  const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
  );
  await call(
    'POST',
    '/api/admin/expense-flat-fees-info/create-expense',
    {
      isFirmExpense: false,
      clientId: matterA.clientId,
      matterId: matterA.id,
      expenseDate: '2026-10-12',
      description: 'Courier to the registry',
      categoryId: category!.id,
      quantity: '1',
      unitCost: '10000.00',
      isBillable: 2,
    },
    201,
  );

  const members = (await fixture.call('GET', '/api/admin/team-member-details/get-all-user', fixture.tokens.admin)).json().data as {
    id: string;
    name: string;
  }[];
  const nameOf = (id: string) => members.find((member) => member.id === id)!.name;
  return {
    fixture,
    matterA,
    matterB,
    names: { admin: nameOf(admin.id), feeEarner: nameOf(feeEarner.id) },
    entries,
    invoices: { a, b, c },
  };
}

/** PUT …/update-user/{id} with the member's own name and role, plus the settings given. */
export async function updateMemberSettings(fixture: TimeEntryFixture, userId: string, settings: Record<string, unknown>) {
  const members = (await fixture.call('GET', '/api/admin/team-member-details/get-all-user', fixture.tokens.admin)).json().data as {
    id: string;
    name: string;
    roleId: string;
    defaultHourlyRate: string | null;
  }[];
  const member = members.find((candidate) => candidate.id === userId)!;
  return fixture.call('PUT', `/api/admin/team-member-details/update-user/${userId}`, fixture.tokens.admin, {
    name: member.name,
    roleId: member.roleId,
    defaultHourlyRate: member.defaultHourlyRate,
    ...settings,
  });
}

/** PUT update-firm-profile with the firm's own profile, plus the settings given. */
export async function updateFirmSettings(fixture: TimeEntryFixture, settings: Record<string, unknown>) {
  const profile = (await fixture.call('GET', '/api/admin/business/get-firm-profile', fixture.tokens.admin)).json().data;
  return fixture.call('PUT', '/api/admin/business/update-firm-profile', fixture.tokens.admin, { ...profile, ...settings });
}
