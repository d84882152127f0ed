import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, signIn, signInToPortal, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm's payment plan (issue 44 §4): a newcomer finds one instalment paid and one missed, flagged everywhere. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
});
afterAll(() => context.close());

describe('the demo firm’s payment plan', () => {
  it('has an invoice on a plan with the first instalment paid and the second missed, in the list and on the dashboard', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = async (url: string) => (await context.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data;
    const invoices = (await get('/api/admin/invoice/get-invoice-list?page=1&size=100')).data as {
      id: string;
      hasMissedInstalment: boolean;
    }[];
    const flagged = invoices.filter((invoice) => invoice.hasMissedInstalment);
    expect(flagged).toHaveLength(1);
    const view = await get(`/api/admin/payment-plans/get-invoice-plans/${flagged[0]!.id}`);
    expect(view.plan).toMatchObject({ total: '1200000.00', coveredAmount: '400000.00', missedCount: 1 });
    expect(view.plan.instalments.map((row: { state: string; paidAmount: string }) => [row.state, row.paidAmount])).toEqual([
      ['paid', '300000.00'],
      ['missed', '100000.00'],
      ['due', '0.00'],
      ['due', '0.00'],
    ]);
    const missed = await get('/api/admin/payment-plans/get-missed-instalments');
    expect(missed).toMatchObject({ totalCount: 1, invoices: [{ invoiceId: flagged[0]!.id, overdueAmount: '200000.00' }] });

    // The client kept their card when paying part of the second instalment online; its charge on the due date was declined.
    expect(view.automaticPayment).toMatchObject({ description: 'Visa ending 4081' });
    expect(view.automaticCharges).toEqual([
      expect.objectContaining({
        instalmentNumber: 2,
        amount: '200000.00',
        status: 'failed',
        failureReason: 'Paystack: Insufficient Funds',
      }),
    ]);
    const portal = bearer((await signInToPortal(context.app, DEMO_FIRM.slug, `client@${DEMO_FIRM.emailDomain}`)).token);
    const cards = await context.app.inject({ method: 'GET', url: '/api/client-portal/get-saved-cards', headers: portal });
    expect(cards.json().data).toEqual([expect.objectContaining({ gateway: 'paystack', description: 'Visa ending 4081' })]);
  });

  it('has a client whose open invoices are spread over a plan on their balance, nothing missed yet', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = async (url: string) => (await context.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data;
    const invoices = (await get('/api/admin/invoice/get-invoice-list?page=1&size=100')).data as { id: string }[];
    const views = await Promise.all(invoices.map((invoice) => get(`/api/admin/payment-plans/get-invoice-plans/${invoice.id}`)));
    const covered = views.filter((view) => view.clientPlan);
    expect(covered.length).toBeGreaterThanOrEqual(1);
    const { clientId, invoiceCount } = covered[0].clientPlan;
    expect(invoiceCount).toBe(covered.length);
    const plans = await get(`/api/admin/payment-plans/get-client-plans/${clientId}`);
    expect(plans.plan).toMatchObject({ status: 'Active', coveredAmount: '0.00', missedCount: 0 });
    expect(plans.plan.instalments).toHaveLength(4);
    expect(plans.plan.total).toBe(plans.plan.balanceDue);
  });
});
