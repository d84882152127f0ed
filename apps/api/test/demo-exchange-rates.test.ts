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
});
