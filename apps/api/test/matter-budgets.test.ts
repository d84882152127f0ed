import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATTER_BUDGET_MESSAGES, SPEC_MESSAGES } from '@matterhorn/shared';
import { readOutbox, rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Matter budgets (issue 36): what a matter has used against its limits, the responsible fee earner
 * emailed once at 80% and once at 100% of each, and the firm's choice to refuse time past 100%.
 */

const matterBase = '/api/admin/matter-master';
const items = '/api/admin/expense-flat-fees-info';

let fixture: TimeEntryFixture;
/** Three open matters of the firm: each test gets its own budget. */
let matters: { id: string; clientId: string }[];
let categoryId: string;

const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = fixture.tokens.admin) =>
  fixture.call(method, path, token, body);

const saveBudget = (matterId: string, limits: Record<string, string | null>, token = fixture.tokens.admin) =>
  call(
    'PUT',
    `${matterBase}/save-matter-budget/${matterId}`,
    {
      totalAmount: null,
      hoursLimit: null,
      feesLimit: null,
      expensesLimit: null,
      responsibleUserId: fixture.firm.users.feeEarner.id,
      ...limits,
    },
    token,
  );
const budgetOf = async (matterId: string, token = fixture.tokens.admin) =>
  call('GET', `${matterBase}/get-matter-budget?matterid=${matterId}`, undefined, token);

const timeOn = (matter: { id: string; clientId: string }, duration: string, overrides: Record<string, unknown> = {}) => ({
  clientId: matter.clientId,
  matterId: matter.id,
  activityId: fixture.references.activityIds[0],
  isBillable: 4,
  timeEntryUserId: fixture.firm.users.admin.id,
  description: 'Drafted the statement of claim',
  timeEntryDate: '2025-03-14',
  duration,
  userRate: '10000.00',
  exchangeRate: '1',
  ...overrides,
});
const recordTime = (matter: { id: string; clientId: string }, duration: string, overrides: Record<string, unknown> = {}) =>
  call('POST', TIME_ENTRY_BASE, timeOn(matter, duration, overrides));

/** The budget emails the fee earner received about a matter, oldest first. */
async function budgetEmails(matterName: string) {
  const emails = await readOutbox(fixture.context.config);
  return emails.filter((email) => email.to === fixture.firm.users.feeEarner.email && email.subject.includes(matterName));
}
const matterNameOf = (matterId: string) => fixture.references.matters.find((matter) => matter.id === matterId)!.matterName;
const timeEntryCount = () =>
  fixture.context.database.withFirm(
    fixture.firm.firmId,
    async (tx) => (await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from time_entries`)))[0]!.n,
  );

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  matters = fixture.references.matters.filter((matter) => matter.status === 'Open').slice(0, 3);
  categoryId = ((await call('GET', `${items}/get-expense-categories`)).json().data as { id: string }[])[0]!.id;
});
afterAll(() => fixture.context.close());

describe('a matter budget', () => {
  it('is set by those who may edit the matter, and shows the share of each limit used', async () => {
    const [matter] = matters;
    const refused = await saveBudget(matter!.id, { hoursLimit: '10' }, fixture.tokens.billing);
    expect([refused.statusCode, refused.json().message]).toEqual([403, SPEC_MESSAGES.noPermission]);
    expect((await budgetOf(matter!.id)).json().data).toMatchObject({ budget: null, measures: [], isTimeBlockedPastBudget: false });

    expect((await recordTime(matter!, '2')).statusCode).toBe(201);
    const saved = await saveBudget(matter!.id, { hoursLimit: '10', totalAmount: '100000' }, fixture.tokens.feeEarner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      matterId: matter!.id,
      currencyCode: 'NGN',
      budget: { hoursLimit: '10.00', totalAmount: '100000.00', feesLimit: null, responsibleUserName: 'Tunde Bakare' },
      used: { hours: '2.0000', fees: '20000.00', expenses: '0.00', total: '20000.00' },
      measures: [
        { measure: 'total', limit: '100000.00', used: '20000.00', percentUsed: 20, thresholdsReached: [] },
        { measure: 'hours', limit: '10.00', used: '2.0000', percentUsed: 20, thresholdsReached: [] },
      ],
    });
    const [audit] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ details: { after: Record<string, unknown> } }>(
        tx.execute(sql`select details from audit_events where action = 'matter.budgetSaved' and entity_id = ${matter!.id}`),
      ),
    );
    expect(audit!.details.after).toMatchObject({ hours: '10', total: '100000', responsibleUserId: fixture.firm.users.feeEarner.id });
  });

  it('emails the responsible fee earner once at 80% and once at 100% of each limit', async () => {
    const matter = matters[1]!;
    const name = matterNameOf(matter.id);
    expect((await saveBudget(matter.id, { hoursLimit: '10', expensesLimit: '10000' })).statusCode).toBe(200);
    await recordTime(matter, '7.5');
    expect(await budgetEmails(name)).toHaveLength(0);
    await recordTime(matter, '0.5');
    await recordTime(matter, '1');
    const atEighty = await budgetEmails(name);
    expect(atEighty.map((email) => email.subject)).toEqual([expect.stringMatching(/^Budget at 80%: MAT-\d+ /)]);
    expect(atEighty[0]!.text).toContain('Hours: 80% used (8.00 h of 10.00 h)');
    expect(atEighty[0]!.text).toContain(`/matter/${matter.id}`);

    const entry = await recordTime(matter, '1');
    await recordTime(matter, '0.5');
    const atHundred = await budgetEmails(name);
    expect(atHundred.map((email) => email.subject.split(':')[0])).toEqual(['Budget at 80%', 'Budget reached']);
    expect(atHundred[1]!.text).toContain('Hours: 100% used (10.00 h of 10.00 h)');
    // An edit that changes nothing reached, and more time past 100%, tell nobody again.
    await call('PUT', `${TIME_ENTRY_BASE}/${entry.json().data.id}`, timeOn(matter, '1.25'));
    expect(await budgetEmails(name)).toHaveLength(2);

    // Expenses are their own limit: 8,500 of 10,000 is its 80%, told once.
    const expense = {
      isFirmExpense: false,
      clientId: matter.clientId,
      matterId: matter.id,
      expenseDate: '2025-03-15',
      description: 'Filing fee',
      categoryId,
      quantity: '1',
      unitCost: '8500',
      isBillable: 4,
    };
    expect((await call('POST', `${items}/create-expense`, expense)).statusCode).toBe(201);
    expect((await call('POST', `${items}/create-expense`, { ...expense, unitCost: '100' })).statusCode).toBe(201);
    const withExpenses = await budgetEmails(name);
    expect(withExpenses).toHaveLength(3);
    expect(withExpenses[2]!.text).toContain('Expenses: 85% used (NGN 8,500.00 of NGN 10,000.00)');
    const view = (await budgetOf(matter.id)).json().data;
    expect(view.measures.map((measure: { thresholdsReached: number[] }) => measure.thresholdsReached)).toEqual([[80, 100], [80]]);

    // A raised limit is told of afresh when it is reached again.
    await saveBudget(matter.id, { hoursLimit: '20', expensesLimit: '10000' });
    await recordTime(matter, '6');
    expect((await budgetEmails(name)).at(-1)!.text).toContain('Hours: 83.7% used (16.75 h of 20.00 h)');
    expect(await budgetEmails(name)).toHaveLength(4);
  });

  it('refuses time past 100% when the firm says so, and lets the rest through', async () => {
    const matter = matters[2]!;
    const profile = (await call('GET', '/api/admin/business/get-firm-profile')).json().data;
    const { logo: _logo, ...kept } = profile;
    const turnedOn = await call('PUT', '/api/admin/business/update-firm-profile', { ...kept, blockTimePastBudget: true });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect(turnedOn.json().data.blockTimePastBudget).toBe(true);

    expect((await saveBudget(matter.id, { hoursLimit: '5', feesLimit: '45000' })).statusCode).toBe(200);
    expect((await budgetOf(matter.id)).json().data.isTimeBlockedPastBudget).toBe(true);
    const first = await recordTime(matter, '4');
    expect(first.statusCode).toBe(201);
    const before = await timeEntryCount();
    const pastFees = await recordTime(matter, '0.6');
    expect(pastFees.statusCode).toBe(400);
    expect(pastFees.json()).toMatchObject({
      code: 'MATTER_BUDGET_EXCEEDED',
      message: MATTER_BUDGET_MESSAGES.timePastBudget('fees'),
      errors: { duration: MATTER_BUDGET_MESSAGES.timePastBudget('fees') },
    });
    // Non-billable time adds hours but no fees: refused only past the hours limit.
    expect((await recordTime(matter, '1.5', { isBillable: 2 })).json().message).toBe(MATTER_BUDGET_MESSAGES.timePastBudget('hours'));
    expect(await timeEntryCount()).toBe(before);
    expect((await recordTime(matter, '0.5')).statusCode).toBe(201);
    expect((await recordTime(matter, '0.5', { isBillable: 2 })).statusCode).toBe(201);
    // Exactly 100% of both: an edit that lowers the time passes, one that raises it does not.
    const edit = (duration: string) => call('PUT', `${TIME_ENTRY_BASE}/${first.json().data.id}`, timeOn(matter, duration));
    expect((await edit('4.25')).statusCode).toBe(400);
    expect((await edit('3.5')).statusCode).toBe(200);

    await call('PUT', '/api/admin/business/update-firm-profile', { ...kept, blockTimePastBudget: false });
    expect((await recordTime(matter, '3')).statusCode).toBe(201);
  });

  it('is removed when every limit is left empty', async () => {
    const matter = matters[0]!;
    const removed = await saveBudget(matter.id, {});
    expect(removed.json().data).toMatchObject({ budget: null, measures: [] });
    expect(removed.json().data.used.hours).toBe('2.0000');
  });

  it('refuses bad limits and an inactive or unknown fee earner', async () => {
    const matter = matters[0]!;
    const zero = await saveBudget(matter.id, { hoursLimit: '0' });
    expect([zero.statusCode, zero.json().errors]).toEqual([400, { hoursLimit: 'Hours must be more than 0' }]);
    const unknown = await call('PUT', `${matterBase}/save-matter-budget/${matter.id}`, {
      hoursLimit: '5',
      responsibleUserId: fixture.otherFirm.users.admin.id,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('another firm', () => {
  it('sees and changes none of the firm’s budgets', async () => {
    const matter = matters[1]!;
    expect((await budgetOf(matter.id, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    const refused = await saveBudget(matter.id, { hoursLimit: '1' }, fixture.tokens.otherAdmin);
    expect(refused.statusCode).toBe(404);
    expect((await budgetOf(matter.id)).json().data.budget.hoursLimit).toBe('20.00');
  });
});
