import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

let context: TestContext;
let token: string;

beforeAll(async () => {
  context = await createTestApp();
  expect(await seedDemoFirmOnce(context.database, TEST_PASSWORD)).toBe(true);
  token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
});
afterAll(() => context.close());

describe('the demo firm (first contact, issue 13)', () => {
  it('has multicurrency on and a rate for every foreign currency, so choosing USD in the popup finds one', async () => {
    const profile = (
      await context.app.inject({ method: 'GET', url: '/api/admin/business/get-firm-profile', headers: bearer(token) })
    ).json().data;
    expect(profile).toMatchObject({ multicurrency: true, billingIncrement: '0.1' });
    const foreign = await rowsOf<{ id: number; iso_code: string }>(
      context.database.db.execute(sql`select id, iso_code from currencies where id <> ${profile.homeCurrencyId} order by iso_code`),
    );
    expect(foreign.length).toBeGreaterThan(0);
    for (const currency of foreign) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/admin/business/get-exchange-rate?HomeCurrencyId=${profile.homeCurrencyId}&ForeignCurrencyId=${currency.id}`,
        headers: bearer(token),
      });
      expect(response.statusCode, currency.iso_code).toBe(200);
      expect(Number(response.json().data.exchangeRate), currency.iso_code).toBeGreaterThan(0);
    }
  });

  it('shows a matter near its budget (about 85% of its fees) and leaves the books open', async () => {
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
    const matters = (await get('/api/admin/matter-master/get-matter-list?page=1&size=50')).json().data.data as { id: string }[];
    const budgets = await Promise.all(
      matters.map(async (matter) => (await get(`/api/admin/matter-master/get-matter-budget?matterid=${matter.id}`)).json().data),
    );
    const fees = budgets.flatMap((budget) => budget.measures).filter((measure: { measure: string }) => measure.measure === 'fees');
    expect(fees).toHaveLength(1);
    expect(fees[0].percentUsed).toBeGreaterThanOrEqual(80);
    expect(fees[0].percentUsed).toBeLessThan(90);
    expect((await get('/api/admin/accounting/get-books-closed-through')).json().data.booksClosedThrough).toBeNull();
  });
});
