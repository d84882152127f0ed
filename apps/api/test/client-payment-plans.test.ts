import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, PAYMENT_PLAN_MESSAGES, planDifferenceMessage } from '@matterhorn/shared';
import { startFakePaystack, type Delivery } from './support/fake-gateways.ts';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { bearer, rowsOf, signInToPortal } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Payment plans on a client's balance (ADR 0077): one plan over several of a client's open invoices
 * in one currency; a payment on any of them covers the instalments in due order; a missed instalment
 * flags every invoice and one dashboard row; the portal proposes what is left of the next instalment,
 * never more than the invoice owes; a saved card pays the plan's oldest invoice first.
 */

const paystackKey = `sk_test_${randomBytes(12).toString('hex')}`;
const BASE = '/api/admin/payment-plans';
const INVOICE = '/api/admin/invoice';
let fixture: TimeEntryFixture;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let portal: Record<string, string>;
let matter: { id: string; clientId: string };
let today: string;

const deliver: Delivery = async (url, payload, headers) => {
  const response = await fixture.context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
};

beforeAll(async () => {
  paystack = await startFakePaystack(paystackKey, deliver);
  fixture = await setUpTimeEntryFixture({
    config: { payments: { paystack: { secretKey: paystackKey, apiUrl: paystack.url }, stripe: null } },
  });
  portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
  matter = fixture.references.matters.find((row) => row.status === 'Open' && row.clientId === fixture.firm.portalClient.clientId)!;
  today = (await fixture.call('GET', `${BASE}/get-client-plans/${matter.clientId}`, fixture.tokens.admin)).json().data.today;
});
afterAll(async () => {
  await fixture.context.close();
  await paystack.close();
});

/** A sent invoice of one flat fee to the matter's client, issued on the date given (the oldest is paid first). */
async function sentInvoice(amount: string, issueDate: string, forMatter = matter) {
  const invoice = await issueFlatFeeInvoice(fixture, { amount, matter: forMatter, issueDate });
  const sent = await fixture.call('POST', `${INVOICE}/send-invoice/${invoice.id}`, fixture.tokens.admin, {});
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  return invoice;
}
const clientPlans = (clientId: string, token = fixture.tokens.admin) => fixture.call('GET', `${BASE}/get-client-plans/${clientId}`, token);
const createClientPlan = (clientId: string, body: unknown, token = fixture.tokens.admin) =>
  fixture.call('POST', `${BASE}/create-client-plan/${clientId}`, token, body);
const invoicePlans = async (invoiceId: string) =>
  (await fixture.call('GET', `${BASE}/get-invoice-plans/${invoiceId}`, fixture.tokens.admin)).json().data;
const pay = (invoiceId: string, amount: string) =>
  fixture.call('POST', `${INVOICE}/record-payment/${invoiceId}`, fixture.tokens.admin, { amount, paymentDate: today, method: 'Cash' });
const states = (plan: { instalments: { state: string; paidAmount: string }[] }) =>
  plan.instalments.map((row) => [row.paidAmount, row.state]);
const query = <T>(text: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<T>(tx.execute(text)));
const balanceOf = async (invoiceId: string) =>
  (await query<{ balance: string }>(sql`select balance_due::text as balance from invoices where id = ${invoiceId}`))[0]!.balance;
const portalGet = (url: string) => fixture.context.app.inject({ method: 'GET', url, headers: portal });

describe('a plan on a client’s balance', () => {
  let older: Awaited<ReturnType<typeof sentInvoice>>;
  let newer: Awaited<ReturnType<typeof sentInvoice>>;

  it('covers the ticked open invoices in one currency, their balances adding up to its total', async () => {
    older = await sentInvoice('300.00', '2026-01-10');
    newer = await sentInvoice('600.00', '2026-02-10');
    const view = (await clientPlans(matter.clientId)).json().data;
    expect(view.plan).toBeNull();
    expect(view.openInvoices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoiceId: older.id, balanceDue: '300.00', currencyCode: 'NGN', livePlan: null }),
        expect.objectContaining({ invoiceId: newer.id, balanceDue: '600.00', currencyCode: 'NGN', livePlan: null }),
      ]),
    );
    const created = await createClientPlan(matter.clientId, {
      currencyCode: 'NGN',
      invoiceIds: [newer.id, older.id],
      instalments: [
        { dueDate: today, amount: '500.00' },
        { dueDate: addMonths(today, 1), amount: '400.00' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = created.json().data.plan;
    expect(plan).toMatchObject({ status: 'Active', total: '900.00', balanceDue: '900.00', coveredAmount: '0.00', currencyCode: 'NGN' });
    expect(plan.invoices.map((row: { invoiceId: string }) => row.invoiceId)).toEqual([older.id, newer.id]);
    expect(created.json().data.openInvoices.find((row: { invoiceId: string }) => row.invoiceId === older.id).livePlan).toBe(
      'clientBalance',
    );
    // Each invoice's own plan card points to the client's plan and offers no plan of its own.
    const onInvoice = await invoicePlans(older.id);
    expect(onInvoice).toMatchObject({ canHavePlan: false, plan: null, clientPlan: { clientId: matter.clientId, invoiceCount: 2 } });
    const own = await fixture.call('POST', `${BASE}/create-plan/${older.id}`, fixture.tokens.admin, {
      instalments: [
        { dueDate: today, amount: '100.00' },
        { dueDate: addMonths(today, 1), amount: '200.00' },
      ],
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(PAYMENT_PLAN_MESSAGES.inClientPlan);
  });

  it('refuses a total that differs from the balances, an invoice in another live plan, a second plan and another firm’s client', async () => {
    const other = fixture.references.matters.find((row) => row.status === 'Open' && row.clientId !== matter.clientId)!;
    const first = await sentInvoice('250.00', '2026-03-01', other);
    const second = await sentInvoice('750.00', '2026-03-02', other);
    const instalments = [
      { dueDate: today, amount: '500.00' },
      { dueDate: addMonths(today, 1), amount: '400.00' },
    ];
    const short = await createClientPlan(other.clientId, { currencyCode: 'NGN', invoiceIds: [first.id, second.id], instalments });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(planDifferenceMessage(instalments, '1000.00'));
    expect(short.json().message).toContain('100.00 less than the balance of 1,000.00');

    const ownPlan = await fixture.call('POST', `${BASE}/create-plan/${second.id}`, fixture.tokens.admin, {
      instalments: [
        { dueDate: today, amount: '700.00' },
        { dueDate: addMonths(today, 1), amount: '50.00' },
      ],
    });
    expect(ownPlan.statusCode, ownPlan.body).toBe(200);
    const taken = await createClientPlan(other.clientId, {
      currencyCode: 'NGN',
      invoiceIds: [first.id, second.id],
      instalments: [
        { dueDate: today, amount: '500.00' },
        { dueDate: addMonths(today, 1), amount: '500.00' },
      ],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PAYMENT_PLAN_MESSAGES.invoiceInLivePlan(second.invoiceNumber));

    const again = await createClientPlan(matter.clientId, { currencyCode: 'NGN', invoiceIds: [first.id], instalments });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_PLAN_MESSAGES.clientAlreadyLive);

    expect((await clientPlans(matter.clientId, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    const foreign = await createClientPlan(
      matter.clientId,
      { currencyCode: 'NGN', invoiceIds: [older.id], instalments },
      fixture.tokens.otherAdmin,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await clientPlans(matter.clientId)).json().data.plan.total).toBe('900.00');
  });

  it('proposes on the portal what is left of the next instalment, at most the invoice’s balance, oldest invoice first', async () => {
    const listed = (await portalGet('/api/client-portal/get-invoices')).json().data;
    expect(listed.find((row: { id: string }) => row.id === older.id).nextInstalment).toEqual({
      dueDate: today,
      remainingAmount: '300.00',
      isMissed: false,
    });
    expect(listed.find((row: { id: string }) => row.id === newer.id).nextInstalment).toEqual({
      dueDate: today,
      remainingAmount: '500.00',
      isMissed: false,
    });
    const shown = (await portalGet(`/api/client-portal/get-invoice/${newer.id}`)).json().data.paymentPlan;
    expect(shown).toMatchObject({
      kind: 'clientBalance',
      total: '900.00',
      invoiceNumbers: [older.invoiceNumber, newer.invoiceNumber],
      payFirstInvoiceNumber: older.invoiceNumber,
      nextInstalment: { number: 1, remainingAmount: '500.00' },
    });
  });

  it('takes a payment on either invoice towards the instalments in due order', async () => {
    await pay(newer.id, '200.00');
    let plan = (await clientPlans(matter.clientId)).json().data.plan;
    expect(states(plan)).toEqual([
      ['200.00', 'partlyPaid'],
      ['0.00', 'due'],
    ]);
    await pay(older.id, '300.00');
    plan = (await clientPlans(matter.clientId)).json().data.plan;
    expect(plan.coveredAmount).toBe('500.00');
    expect(states(plan)).toEqual([
      ['500.00', 'paid'],
      ['0.00', 'due'],
    ]);
    const shown = (await portalGet(`/api/client-portal/get-invoice/${newer.id}`)).json().data.paymentPlan;
    expect(shown).toMatchObject({ payFirstInvoiceNumber: newer.invoiceNumber, nextInstalment: { number: 2, remainingAmount: '400.00' } });
  });

  it('is cancelled and kept as history; its invoices may then have plans again', async () => {
    const cancelled = await fixture.call('POST', `${BASE}/cancel-client-plan/${matter.clientId}`, fixture.tokens.admin, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      plan: null,
      history: [expect.objectContaining({ status: 'Cancelled', total: '900.00' })],
    });
    expect(await invoicePlans(newer.id)).toMatchObject({ canHavePlan: true, clientPlan: null });
    const again = await fixture.call('POST', `${BASE}/cancel-client-plan/${matter.clientId}`, fixture.tokens.admin, {});
    expect(again.statusCode).toBe(409);
  });
});

describe('a missed instalment of a plan on a client’s balance', () => {
  it('flags every open invoice of the plan, and shows the plan once on the dashboard', async () => {
    const other = fixture.references.matters.filter((row) => row.status === 'Open' && row.clientId !== matter.clientId).at(-1)!;
    const first = await sentInvoice('400.00', '2026-04-01', other);
    const second = await sentInvoice('200.00', '2026-04-02', other);
    // Set up two months ago (the call refuses a due date in the past), as the call would have written it.
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const [plan] = await rowsOf<{ id: string }>(
        tx.execute(sql`insert into payment_plans (firm_id, kind, client_id, total, created_by_user_id)
          values (${fixture.firm.firmId}, 'clientBalance', ${other.clientId}, 600, ${fixture.firm.users.admin.id}) returning id`),
      );
      await tx.execute(sql`insert into payment_plan_invoices (firm_id, plan_id, invoice_id) values
        (${fixture.firm.firmId}, ${plan!.id}, ${first.id}), (${fixture.firm.firmId}, ${plan!.id}, ${second.id})`);
      await tx.execute(sql`insert into payment_plan_instalments (firm_id, plan_id, number, due_date, amount, cumulative_amount) values
        (${fixture.firm.firmId}, ${plan!.id}, 1, ${addMonths(today, -2)}, 200, 200),
        (${fixture.firm.firmId}, ${plan!.id}, 2, ${addMonths(today, -1)}, 200, 400),
        (${fixture.firm.firmId}, ${plan!.id}, 3, ${addMonths(today, 1)}, 200, 600)`);
    });
    // 250.00 of the 600.00 paid across both invoices: the first instalment paid, the second missed with 150.00 left.
    expect((await pay(second.id, '150.00')).statusCode).toBe(200);
    expect((await pay(first.id, '100.00')).statusCode).toBe(200);
    const list = async (invoice: { id: string; invoiceNumber: string }) =>
      (await fixture.call('GET', `${INVOICE}/get-invoice-list?GeneralSearchText=${invoice.invoiceNumber}`, fixture.tokens.admin))
        .json()
        .data.data.find((row: { id: string }) => row.id === invoice.id);
    expect(await list(first)).toMatchObject({ hasMissedInstalment: true });
    expect(await list(second)).toMatchObject({ hasMissedInstalment: true });
    const missed = (await fixture.call('GET', `${BASE}/get-missed-instalments`, fixture.tokens.billing)).json().data;
    const rows = missed.invoices.filter((row: { clientId: string }) => row.clientId === other.clientId);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'clientBalance',
        invoiceId: null,
        invoiceCount: 2,
        missedCount: 1,
        overdueAmount: '150.00',
        dueDate: addMonths(today, -1),
      }),
    ]);
    const plan = (await clientPlans(other.clientId)).json().data.plan;
    expect(plan.instalments.map((row: { state: string }) => row.state)).toEqual(['paid', 'missed', 'due']);
    expect((await pay(first.id, '150.00')).statusCode).toBe(200);
    expect(await list(first)).toMatchObject({ hasMissedInstalment: false });
    expect(await list(second)).toMatchObject({ hasMissedInstalment: false });
    expect((await clientPlans(other.clientId)).json().data.plan.missedCount).toBe(0);
  });
});

describe('a saved card on a plan on a client’s balance', () => {
  it('charges each due instalment to the plan’s oldest open invoice, never more than it owes, once', async () => {
    // The client keeps a card while paying an invoice plan's first instalment.
    const carded = await sentInvoice('90000.00', '2026-05-01');
    const ownPlan = await fixture.call('POST', `${BASE}/create-plan/${carded.id}`, fixture.tokens.admin, {
      instalments: [
        { dueDate: today, amount: '30000.00' },
        { dueDate: addMonths(today, 1), amount: '60000.00' },
      ],
    });
    expect(ownPlan.statusCode, ownPlan.body).toBe(200);
    const started = await fixture.context.app.inject({
      method: 'POST',
      url: '/api/client-portal/start-payment',
      headers: portal,
      payload: { kind: 'invoice', id: carded.id, amount: '30000.00', saveCard: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await paystack.send('charge.success', paystack.pay(started.json().data.reference))).json().data?.outcome).toBe('recorded');

    const older = await sentInvoice('200.00', '2026-05-02');
    const newer = await sentInvoice('800.00', '2026-05-03');
    const created = await createClientPlan(matter.clientId, {
      currencyCode: 'NGN',
      invoiceIds: [older.id, newer.id],
      instalments: [
        { dueDate: today, amount: '500.00' },
        { dueDate: addMonths(today, 1), amount: '500.00' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const chargeOn = (date: string) =>
      fixture.context.app.gatewayPayments!.chargeFirmInstalments(fixture.firm.firmId, new Date(`${date}T12:00:00Z`));

    expect(await chargeOn(today)).toContain('recorded');
    expect(await balanceOf(older.id)).toBe('0.00');
    expect(await balanceOf(newer.id)).toBe('800.00');
    // One try per instalment: what is left of the first (300.00) is not charged again.
    await chargeOn(today);
    expect(await balanceOf(newer.id)).toBe('800.00');

    await chargeOn(addMonths(today, 1));
    expect(await balanceOf(newer.id)).toBe('300.00');
    const plan = (await clientPlans(matter.clientId)).json().data.plan;
    expect(states(plan)).toEqual([
      ['500.00', 'paid'],
      ['200.00', 'partlyPaid'],
    ]);

    // Paying an invoice of the client's plan online may keep a card too (it is in a live plan).
    const keeping = await fixture.context.app.inject({
      method: 'POST',
      url: '/api/client-portal/start-payment',
      headers: portal,
      payload: { kind: 'invoice', id: newer.id, amount: '100.00', saveCard: true },
    });
    expect(keeping.statusCode, keeping.body).toBe(200);
  });
});
