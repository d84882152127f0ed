import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, equalMonthlyInstalments } from '@matterhorn/shared';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { bearer, rowsOf, signInToPortal } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** Payment plans through their calls: set up, refused, paid in due order, missed, replaced and cancelled. */

let fixture: TimeEntryFixture;
let today: string;
const BASE = '/api/admin/payment-plans';
const PAYMENTS = '/api/admin/invoice';

const issue = (amount = '100000.00') =>
  issueFlatFeeInvoice(fixture, { amount, matter: fixture.references.openMatter, issueDate: '2030-01-10' });
const planView = async (invoiceId: string, token = fixture.tokens.admin) =>
  fixture.call('GET', `${BASE}/get-invoice-plans/${invoiceId}`, token);
const pay = (invoiceId: string, amount: string) =>
  fixture.call('POST', `${PAYMENTS}/record-payment/${invoiceId}`, fixture.tokens.admin, {
    amount,
    paymentDate: '2030-01-11',
    method: 'Cash',
  });

async function planCount(invoiceId: string) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from payment_plans where invoice_id = ${invoiceId}`)),
  );
  return row!.count;
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const first = await issue('10.00');
  today = (await planView(first.id)).json().data.today;
});
afterAll(() => fixture.context.close());

describe('setting up a plan', () => {
  it('takes instalments adding up to the balance, in the invoice’s currency, and shows them due', async () => {
    const invoice = await issue();
    const view = (await planView(invoice.id)).json().data;
    expect(view).toMatchObject({ canHavePlan: true, balanceDue: '100000.00', currencyCode: 'NGN', plan: null, history: [] });
    const created = await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('100000.00', 3, today),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Payment plan set up');
    const plan = created.json().data.plan;
    expect(plan).toMatchObject({ status: 'Active', total: '100000.00', coveredAmount: '0.00', missedCount: 0 });
    expect(plan.instalments.map((row: { amount: string; state: string }) => [row.amount, row.state])).toEqual([
      ['33333.33', 'due'],
      ['33333.33', 'due'],
      ['33333.34', 'due'],
    ]);
    expect(plan.nextInstalment).toMatchObject({ number: 1, remainingAmount: '33333.33', dueDate: today });
  });

  it('refuses a total that differs from the balance, saying by how much, and writes nothing', async () => {
    const invoice = await issue();
    const answer = await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: [
        { dueDate: today, amount: '45000' },
        { dueDate: addMonths(today, 1), amount: '45000' },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      message: 'The instalments add up to 90,000.00, 10,000.00 less than the balance of 100,000.00',
    });
    expect(await planCount(invoice.id)).toBe(0);
  });

  it('refuses bad instalments with a 4xx: one only, dates not increasing or in the past, a zero amount', async () => {
    const invoice = await issue('1000.00');
    const tries: [unknown, string][] = [
      [[{ dueDate: today, amount: '1000' }], 'A payment plan has at least 2 instalments'],
      [
        [
          { dueDate: addMonths(today, 1), amount: '500' },
          { dueDate: addMonths(today, 1), amount: '500' },
        ],
        'Instalment 2 must fall due after instalment 1',
      ],
      [
        [
          { dueDate: addMonths(today, -1), amount: '500' },
          { dueDate: addMonths(today, 1), amount: '500' },
        ],
        'Instalment 1 is due in the past: choose today or a later date',
      ],
      [
        [
          { dueDate: today, amount: '0' },
          { dueDate: addMonths(today, 1), amount: '1000' },
        ],
        'Instalment 1 must be more than 0.00',
      ],
      [
        [
          { dueDate: 'soon', amount: '500' },
          { dueDate: addMonths(today, 1), amount: '500' },
        ],
        'Due date must be a date (YYYY-MM-DD)',
      ],
    ];
    for (const [instalments, message] of tries) {
      const answer = await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, { instalments });
      expect(answer.statusCode, JSON.stringify(instalments)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect(await planCount(invoice.id)).toBe(0);
  });

  it('refuses an instalment amount that is not plain decimal text on each of the four calls with a 400 naming the field, and writes nothing', async () => {
    const invoice = await issue('1000.00');
    const live = await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('1000.00', 2, today),
    });
    expect(live.statusCode, live.body).toBe(200);
    const clientId = fixture.references.openMatter.clientId;
    const everyPlan = () =>
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        rowsOf<{ plans: number; instalments: number; live: number }>(
          tx.execute(sql`select (select count(*)::int from payment_plans) as plans,
            (select count(*)::int from payment_plan_instalments) as instalments,
            (select count(*)::int from payment_plans where status = 'Active') as live`),
        ),
      );
    const before = await everyPlan();
    const calls = [
      [`${BASE}/create-plan/${invoice.id}`, {}],
      [`${BASE}/replace-plan/${invoice.id}`, {}],
      [`${BASE}/create-client-plan/${clientId}`, { currencyCode: 'NGN', invoiceIds: [invoice.id] }],
      [`${BASE}/replace-client-plan/${clientId}`, { currencyCode: 'NGN', invoiceIds: [invoice.id] }],
    ] as const;
    for (const [url, rest] of calls) {
      for (const amount of ['abc', 1e94]) {
        const answer = await fixture.call('POST', url, fixture.tokens.admin, {
          ...rest,
          instalments: [
            { dueDate: today, amount: '500.00' },
            { dueDate: addMonths(today, 1), amount },
          ],
        });
        expect(answer.statusCode, `${url} ${amount}: ${answer.body}`).toBe(400);
        expect(answer.json()).toMatchObject({
          success: false,
          data: null,
          message: 'Amount must be an amount with at most 2 decimals',
          errors: { 'instalments.1.amount': 'Amount must be an amount with at most 2 decimals' },
        });
      }
    }
    expect(await everyPlan()).toEqual(before);
  });

  it('states the instalment amount’s format in the API document: decimal text, or a number within bounds', async () => {
    const document = (await fixture.context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['create-plan', 'replace-plan', 'create-client-plan', 'replace-client-plan']) {
      const body = document.paths[`${BASE}/${path}/{id}`].post.requestBody.content['application/json'].schema;
      const amount = body.properties.instalments.items.properties.amount;
      expect(amount.anyOf, path).toEqual([
        { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$' },
        expect.objectContaining({ type: 'number', minimum: 0, maximum: 999999999999.99 }),
      ]);
    }
  });

  it('refuses a draft and a paid invoice (409), another firm’s invoice (404), and those who may not approve invoices (403)', async () => {
    const invoice = await issue('1000.00');
    const body = { instalments: equalMonthlyInstalments('1000.00', 2, today) };
    expect((await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.otherAdmin, body)).statusCode).toBe(404);
    expect((await planView(invoice.id, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    // Billing edits invoices but does not approve them; the fee earner does not see invoices.
    expect((await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.billing, body)).statusCode).toBe(403);
    expect((await planView(invoice.id, fixture.tokens.billing)).statusCode).toBe(200);
    expect((await planView(invoice.id, fixture.tokens.feeEarner)).statusCode).toBe(403);
    const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', fixture.tokens.admin, {
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      userId: fixture.firm.users.feeEarner.id,
      flatFeeDate: '2030-01-10',
      description: 'Drafted',
      amount: '1000.00',
    });
    const draft = await fixture.call('POST', `${PAYMENTS}/create-invoice`, fixture.tokens.admin, {
      clientId: fixture.references.openMatter.clientId,
      flatFeeIds: [fee.json().data.id],
      issueDate: '2030-01-10',
      taxPercent: '0',
    });
    const onDraft = await fixture.call('POST', `${BASE}/create-plan/${draft.json().data.id}`, fixture.tokens.admin, body);
    expect(onDraft.statusCode).toBe(409);
    expect((await planView(draft.json().data.id)).json().data.canHavePlan).toBe(false);
    await pay(invoice.id, '1000.00');
    const paid = await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, body);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('A payment plan needs an issued invoice with a balance due (not a draft, a void or a paid invoice)');
    expect(await planCount(invoice.id)).toBe(0);
  });

  it('creates one plan for a double submit, with or without the same Idempotency-Key', async () => {
    const invoice = await issue('1000.00');
    const body = { instalments: equalMonthlyInstalments('1000.00', 2, today) };
    const headers = { 'idempotency-key': `plan-${invoice.id}` };
    const [first, second] = await Promise.all([
      fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, body, headers),
      fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, body, headers),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const again = await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice already has a payment plan: replace it or cancel it first');
    expect(await planCount(invoice.id)).toBe(1);
  });
});

describe('payments on a plan', () => {
  it('apply to the instalments in due order, a reversal undoing them, and the next one due is what to pay', async () => {
    const invoice = await issue('900.00');
    await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('900.00', 3, today),
    });
    const first = await pay(invoice.id, '450.00');
    expect(first.statusCode, first.body).toBe(200);
    let plan = (await planView(invoice.id)).json().data.plan;
    expect(plan.coveredAmount).toBe('450.00');
    expect(plan.instalments.map((row: { paidAmount: string; state: string }) => [row.paidAmount, row.state])).toEqual([
      ['300.00', 'paid'],
      ['150.00', 'partlyPaid'],
      ['0.00', 'due'],
    ]);
    expect(plan.nextInstalment).toMatchObject({ number: 2, remainingAmount: '150.00' });
    const payment = first.json().data.payments.find((row: { amount: string }) => row.amount === '450.00');
    await fixture.call('POST', `${PAYMENTS}/reverse-payment/${invoice.id}/${payment.id}`, fixture.tokens.admin, { reason: 'Bounced' });
    plan = (await planView(invoice.id)).json().data.plan;
    expect(plan.instalments.every((row: { state: string }) => row.state === 'due')).toBe(true);
    expect(plan.nextInstalment).toMatchObject({ number: 1, remainingAmount: '300.00' });
  });

  it('flag an instalment past its due date and not fully paid as missed, in the list and on the dashboard’s count', async () => {
    const invoice = await issue('600.00');
    // A plan set up two months ago (a plan cannot be set up in the past through the call).
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const [plan] = await rowsOf<{ id: string }>(
        tx.execute(sql`insert into payment_plans (firm_id, invoice_id, client_id, total, created_by_user_id)
          values (${fixture.firm.firmId}, ${invoice.id}, ${invoice.clientId}, 600, ${fixture.firm.users.admin.id}) returning id`),
      );
      await tx.execute(
        sql`insert into payment_plan_invoices (firm_id, plan_id, invoice_id) values (${fixture.firm.firmId}, ${plan!.id}, ${invoice.id})`,
      );
      await tx.execute(sql`insert into payment_plan_instalments (firm_id, plan_id, number, due_date, amount, cumulative_amount) values
        (${fixture.firm.firmId}, ${plan!.id}, 1, ${addMonths(today, -2)}, 200, 200),
        (${fixture.firm.firmId}, ${plan!.id}, 2, ${addMonths(today, -1)}, 200, 400),
        (${fixture.firm.firmId}, ${plan!.id}, 3, ${addMonths(today, 1)}, 200, 600)`);
    });
    await pay(invoice.id, '250.00');
    const plan = (await planView(invoice.id)).json().data.plan;
    expect(plan.instalments.map((row: { state: string }) => row.state)).toEqual(['paid', 'missed', 'due']);
    expect(plan.missedCount).toBe(1);
    const missed = (await fixture.call('GET', `${BASE}/get-missed-instalments`, fixture.tokens.billing)).json().data;
    expect(missed.invoices).toContainEqual(
      expect.objectContaining({ invoiceId: invoice.id, missedCount: 1, overdueAmount: '150.00', dueDate: addMonths(today, -1) }),
    );
    const list = await fixture.call('GET', `${PAYMENTS}/get-invoice-list?GeneralSearchText=${invoice.invoiceNumber}`, fixture.tokens.admin);
    expect(list.json().data.data.find((row: { id: string }) => row.id === invoice.id)).toMatchObject({ hasMissedInstalment: true });
    expect((await fixture.call('GET', `${BASE}/get-missed-instalments`, fixture.tokens.otherAdmin)).json().data.totalCount).toBe(0);
    await pay(invoice.id, '150.00');
    expect((await planView(invoice.id)).json().data.plan.missedCount).toBe(0);
  });
});

describe('what the client sees', () => {
  it('proposes the next instalment’s remainder as the amount to pay online, and shows the plan on the portal’s invoice', async () => {
    const portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
    const matter = fixture.references.matters.find((row) => row.status === 'Open' && row.clientId === fixture.firm.portalClient.clientId)!;
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '900.00', matter, issueDate: '2030-01-10' });
    const sent = await fixture.call('POST', `${PAYMENTS}/send-invoice/${invoice.id}`, fixture.tokens.admin, {});
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const portalGet = (url: string) => fixture.context.app.inject({ method: 'GET', url, headers: portal });
    const before = (await portalGet('/api/client-portal/get-invoices')).json().data.find((row: { id: string }) => row.id === invoice.id);
    expect(before.nextInstalment).toBeNull();

    await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('900.00', 3, today),
    });
    await pay(invoice.id, '100.00');
    const listed = (await portalGet('/api/client-portal/get-invoices')).json().data.find((row: { id: string }) => row.id === invoice.id);
    expect(listed.nextInstalment).toEqual({ dueDate: today, remainingAmount: '200.00', isMissed: false });
    const view = (await portalGet(`/api/client-portal/get-invoice/${invoice.id}`)).json().data;
    expect(view.paymentPlan).toMatchObject({ total: '900.00', nextInstalment: { number: 1, remainingAmount: '200.00' } });
    expect(view.paymentPlan.instalments).toHaveLength(3);

    // Paid in full: nothing more is proposed, and the plan is no longer shown to the client.
    await pay(invoice.id, '800.00');
    const paid = (await portalGet('/api/client-portal/get-invoices')).json().data.find((row: { id: string }) => row.id === invoice.id);
    expect(paid.nextInstalment).toBeNull();
    expect((await portalGet(`/api/client-portal/get-invoice/${invoice.id}`)).json().data.paymentPlan).toBeNull();
  });
});

describe('a missed instalment, as the client sees it', () => {
  it('is flagged missed on the portal’s invoice list and on its invoice, by the plan’s rule on the firm’s today', async () => {
    const portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
    const matter = fixture.references.matters.find((row) => row.status === 'Open' && row.clientId === fixture.firm.portalClient.clientId)!;
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '600.00', matter, issueDate: '2030-01-10' });
    expect((await fixture.call('POST', `${PAYMENTS}/send-invoice/${invoice.id}`, fixture.tokens.admin, {})).statusCode).toBeLessThan(300);
    // A plan set up two months ago whose first instalment was never paid (the call refuses dates in the past).
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const [plan] = await rowsOf<{ id: string }>(
        tx.execute(sql`insert into payment_plans (firm_id, invoice_id, client_id, total, created_by_user_id)
          values (${fixture.firm.firmId}, ${invoice.id}, ${invoice.clientId}, 600, ${fixture.firm.users.admin.id}) returning id`),
      );
      await tx.execute(
        sql`insert into payment_plan_invoices (firm_id, plan_id, invoice_id) values (${fixture.firm.firmId}, ${plan!.id}, ${invoice.id})`,
      );
      await tx.execute(sql`insert into payment_plan_instalments (firm_id, plan_id, number, due_date, amount, cumulative_amount) values
        (${fixture.firm.firmId}, ${plan!.id}, 1, ${addMonths(today, -2)}, 300, 300),
        (${fixture.firm.firmId}, ${plan!.id}, 2, ${addMonths(today, 1)}, 300, 600)`);
    });
    const portalGet = (url: string) => fixture.context.app.inject({ method: 'GET', url, headers: portal });
    const listed = (await portalGet('/api/client-portal/get-invoices')).json().data.find((row: { id: string }) => row.id === invoice.id);
    expect(listed.nextInstalment).toEqual({ dueDate: addMonths(today, -2), remainingAmount: '300.00', isMissed: true });
    const view = (await portalGet(`/api/client-portal/get-invoice/${invoice.id}`)).json().data;
    expect(view.paymentPlan.nextInstalment).toMatchObject({ number: 1, dueDate: addMonths(today, -2), state: 'missed' });

    // Paid: the next one is simply due.
    await pay(invoice.id, '300.00');
    const after = (await portalGet('/api/client-portal/get-invoices')).json().data.find((row: { id: string }) => row.id === invoice.id);
    expect(after.nextInstalment).toEqual({ dueDate: addMonths(today, 1), remainingAmount: '300.00', isMissed: false });
  });
});

describe('replacing and cancelling', () => {
  it('replaces the live plan for the balance due now, keeping the old one as history, and cancels it', async () => {
    const invoice = await issue('1000.00');
    await fixture.call('POST', `${BASE}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('1000.00', 2, today),
    });
    await pay(invoice.id, '400.00');
    const stale = await fixture.call('POST', `${BASE}/replace-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('1000.00', 4, today),
    });
    expect(stale.json().message).toBe('The instalments add up to 1,000.00, 400.00 more than the balance of 600.00');
    const replaced = await fixture.call('POST', `${BASE}/replace-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('600.00', 3, addMonths(today, 1)),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const view = replaced.json().data;
    expect(view.plan).toMatchObject({ total: '600.00', coveredAmount: '0.00' });
    expect(view.history).toHaveLength(1);
    expect(view.history[0]).toMatchObject({ status: 'Replaced', total: '1000.00', nextInstalment: null });
    const cancelled = await fixture.call('POST', `${BASE}/cancel-plan/${invoice.id}`, fixture.tokens.admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.plan).toBeNull();
    expect(cancelled.json().data.history.map((plan: { status: string }) => plan.status)).toEqual(['Cancelled', 'Replaced']);
    expect((await fixture.call('POST', `${BASE}/cancel-plan/${invoice.id}`, fixture.tokens.admin)).statusCode).toBe(409);
    // A plan's instalments are never edited, not even by the database's owner.
    await expect(
      fixture.context.database.db.execute(sql`update payment_plan_instalments set amount = 1 where plan_id = ${view.plan.id}`),
    ).rejects.toThrow();
  });
});
