import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToDisplayDate, planCatalogueSchema, todayIso } from '@matterhorn/shared';
import { writePlanCatalogue } from '../src/modules/subscriptions/plans.repository.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

const BASE = '/api/admin/sub-scription-master';

let context: TestContext;
let firm: SeededFirm;
let tokens: { admin: string; feeEarner: string };
let plans: { id: string; code: string }[];

const get = (token: string, path: string) => context.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: bearer(token) });
const preview = (token: string, payload: object) =>
  context.app.inject({ method: 'POST', url: `${BASE}/preview-change`, headers: bearer(token), payload });
const planId = (code: string) => plans.find((plan) => plan.code === code)!.id;
const setCountry = (country: string) =>
  context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update firms set country = ${country} where id = ${firm.firmId}`));

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  // The firm's today is UTC's, as the expected dates (todayIso) are.
  await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update firms set time_zone = 'UTC' where id = ${firm.firmId}`));
  tokens = { admin: await signIn(context.app, firm.users.admin.email), feeEarner: await signIn(context.app, firm.users.feeEarner.email) };
  plans = (await get(tokens.admin, '/get-plans')).json().data.plans;
});
afterAll(() => context.close());

describe('the plan catalogue', () => {
  it('lists the operator’s plans priced per seat: in naira with 7.5% VAT for a firm in Nigeria, in dollars otherwise', async () => {
    await setCountry('Nigeria');
    const naira = (await get(tokens.admin, '/get-plans')).json().data;
    expect(naira).toMatchObject({ currencyCode: 'NGN', currencySymbol: '₦', vatPercent: '7.5', trialDays: 14 });
    expect(naira.plans.map((plan: { code: string; pricePerSeat: unknown }) => [plan.code, plan.pricePerSeat])).toEqual([
      ['free', null],
      ['standard', { monthly: '15000.00', yearly: '150000.00' }],
      ['professional', { monthly: '25000.00', yearly: '250000.00' }],
    ]);
    expect(naira.plans[0].limits).toEqual({ users: 1, activeMatters: 10, storageMb: 1024 });
    await setCountry('Ghana');
    const dollars = (await get(tokens.admin, '/get-plans')).json().data;
    expect(dollars).toMatchObject({ currencyCode: 'USD', vatPercent: '0' });
    expect(dollars.plans[1].pricePerSeat).toEqual({ monthly: '19.00', yearly: '190.00' });
  });

  it('needs subscriptionPlan', async () => {
    expect((await get(tokens.feeEarner, '/get-plans')).statusCode).toBe(403);
    expect((await preview(tokens.feeEarner, { planId: planId('standard'), interval: 'monthly', seats: 3 })).statusCode).toBe(403);
  });

  it('writes the operator’s catalogue into the plans table at start: new plans added, dropped ones kept but not offered', async () => {
    const catalogue = planCatalogueSchema.parse({
      ...context.config.planCatalogue,
      plans: [
        context.config.planCatalogue.plans.find((plan) => plan.kind === 'free')!,
        {
          code: 'chambers',
          name: 'Chambers',
          kind: 'paid',
          pricePerSeat: { monthly: { NGN: 3_000_000, USD: 4_900 }, yearly: { NGN: 30_000_000, USD: 49_000 } },
        },
      ],
    });
    await writePlanCatalogue(context.database, catalogue);
    const rows = await rowsOf<{ code: string; isPublic: boolean; ngnAmount: string }>(
      context.database.db.execute(
        sql`select code, is_public as "isPublic", ngn_amount::text as "ngnAmount" from plans where code is not null order by code`,
      ),
    );
    expect(rows).toEqual([
      { code: 'chambers', isPublic: true, ngnAmount: '30000.00' },
      { code: 'free', isPublic: true, ngnAmount: '0.00' },
      { code: 'professional', isPublic: false, ngnAmount: '25000.00' },
      { code: 'standard', isPublic: false, ngnAmount: '15000.00' },
      { code: 'trial', isPublic: false, ngnAmount: '0.00' },
    ]);
    await writePlanCatalogue(context.database, context.config.planCatalogue);
  });

  it('stops the server with the reason when PLANS_FILE is not a catalogue', () => {
    const directory = mkdtempSync(join(tmpdir(), 'plans-'));
    const file = join(directory, 'plans.json');
    writeFileSync(
      file,
      JSON.stringify({ ngnVatPercent: '7.5', trial: { days: 14, seats: 5 }, plans: [{ code: 'free', name: 'Free', kind: 'free' }] }),
    );
    expect(() => loadConfig({ PLANS_FILE: file, APP_SECRET: 'x'.repeat(32) })).toThrow(/PLANS_FILE .*plans: Too small/);
    writeFileSync(file, '{ not json');
    expect(() => loadConfig({ PLANS_FILE: file, APP_SECRET: 'x'.repeat(32) })).toThrow(/PLANS_FILE .* is not JSON/);
  });
});

describe('the preview of a plan change', () => {
  it('from the trial, a first period today: 3 seats of Standard = ₦45,000 + ₦3,375 VAT, the same in 30 days', async () => {
    await setCountry('Nigeria');
    const answer = await preview(tokens.admin, { planId: planId('standard'), interval: 'monthly', seats: 3 });
    expect(answer.statusCode, answer.body).toBe(200);
    const next = isoToDisplayDate(addDays(todayIso(), 30));
    expect(answer.json().data).toEqual({
      kind: 'start',
      currencyCode: 'NGN',
      currencySymbol: '₦',
      payToday: '48375.00',
      vat: '3375.00',
      nextBillingAmount: '48375.00',
      nextBillingDate: next,
      effectiveDate: isoToDisplayDate(todayIso()),
      summary: `Pay today ₦48,375.00 (incl. VAT ₦3,375.00), then ₦48,375.00 on ${next}`,
    });
  });

  it('states dollars without VAT', async () => {
    await setCountry('Kenya');
    const answer = await preview(tokens.admin, { planId: planId('professional'), interval: 'yearly', seats: 3 });
    expect(answer.json().data).toMatchObject({ currencyCode: 'USD', payToday: '1170.00', vat: '0.00' });
    expect(answer.json().data.summary).toBe(`Pay today $1,170.00, then $1,170.00 on ${isoToDisplayDate(addDays(todayIso(), 365))}`);
    await setCountry('Nigeria');
  });

  it('refuses fewer seats than active users, naming them, and a plan not offered or free', async () => {
    const members = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ name: string }>(tx.execute(sql`select name from users where firm_id = ${firm.firmId} and is_active order by name, id`)),
    );
    const names = members.map((member) => member.name);
    const tooFew = await preview(tokens.admin, { planId: planId('standard'), interval: 'monthly', seats: 1 });
    const message = `${names.length} users are active (${names.join(', ')}): deactivate ${names.length - 1} of them first, or choose at least ${names.length} seats`;
    expect([tooFew.statusCode, tooFew.json().message, tooFew.json().errors]).toEqual([400, message, { seats: message }]);
    const unknown = await preview(tokens.admin, { planId: '00000000-0000-4000-8000-000000000000', interval: 'monthly', seats: 5 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'That plan is not offered']);
    const free = await preview(tokens.admin, { planId: planId('free'), interval: 'monthly', seats: 5 });
    expect(free.statusCode).toBe(400);
    const badInterval = await preview(tokens.admin, { planId: planId('standard'), interval: 'weekly', seats: 5 });
    expect([badInterval.statusCode, badInterval.json().message]).toEqual([400, 'Interval must be monthly or yearly']);
    const noSeats = await preview(tokens.admin, { planId: planId('standard'), interval: 'monthly', seats: 0 });
    expect([noSeats.statusCode, noSeats.json().message]).toEqual([400, 'Seats must be at least 1']);
  });

  it('while paying: more seats now for the days left, fewer from the next billing date', async () => {
    const end = addDays(todayIso(), 14); // 15 days paid still, counting today
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update subscriptions set status = 'active', billing_interval = 'monthly', currency_code = 'NGN', allocated_number_users = 5,
          plan_id = (select id from plans where code = 'standard'), start_date = ${addDays(end, -29)}, end_date = ${end}
        where firm_id = ${firm.firmId}`),
    );
    const more = (await preview(tokens.admin, { planId: planId('standard'), interval: 'monthly', seats: 7 })).json().data;
    // 2 seats × ₦15,000 × 15 ÷ 30 = ₦15,000 + ₦1,125 VAT; then 7 × ₦15,000 + VAT.
    expect(more).toMatchObject({ kind: 'upgrade', payToday: '16125.00', vat: '1125.00', nextBillingAmount: '112875.00' });
    expect(more.nextBillingDate).toBe(isoToDisplayDate(addDays(end, 1)));
    const same = await preview(tokens.admin, { planId: planId('standard'), interval: 'monthly', seats: 5 });
    expect([same.statusCode, same.json().message]).toEqual([400, 'That is your current plan']);
    const yearly = (await preview(tokens.admin, { planId: planId('standard'), interval: 'yearly', seats: 5 })).json().data;
    expect(yearly).toMatchObject({ kind: 'scheduled', payToday: '0.00', effectiveDate: isoToDisplayDate(addDays(end, 1)) });
  });
});
