import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import {
  countTimeEntryRows,
  setUpTimeEntryFixture,
  TIME_ENTRY_BASE as base,
  type TimeEntryFixture,
} from './support/time-entry-fixtures.ts';

let fixture: TimeEntryFixture;
let currencyIds: { NGN: number; USD: number };
/** A client of the firm, deleted, with a live matter; and a live client whose matter is deleted. */
let deleted: { clientId: string; matterOfDeletedClient: string; liveClientId: string; deletedMatterId: string; activityId: string };
const PERMISSION_DENIED = "You don't have permission to perform this action. Please contact your admin to provide access";

beforeAll(async () => {
  // These tests check amounts and locks on exact durations; billing-increments.test.ts covers rounding.
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const { context, firm } = fixture;
  const currencies = await rowsOf<{ id: number; iso_code: 'NGN' | 'USD' }>(
    context.database.db.execute(sql`select id, iso_code from currencies where iso_code in ('NGN', 'USD')`),
  );
  currencyIds = Object.fromEntries(currencies.map((currency) => [currency.iso_code, currency.id])) as typeof currencyIds;
  deleted = await context.database.withFirm(firm.firmId, async (tx) => {
    const [gone, live] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into clients (firm_id, client_type, company_name, deleted_at) values
        (${firm.firmId}, 'company', 'Wound Up Ltd', now()), (${firm.firmId}, 'company', 'Still Trading Ltd', null) returning id`),
    );
    const [matterOfGone, goneMatter] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type, deleted_at) values
        (${firm.firmId}, ${gone!.id}, 'Liquidation', 'Hourly', null), (${firm.firmId}, ${live!.id}, 'Abandoned claim', 'Hourly', now()) returning id`),
    );
    const [activity] = await rowsOf<{ id: string }>(
      tx.execute(
        sql`insert into activity_types (firm_id, activity_type, deleted_at) values (${firm.firmId}, 'Retired activity', now()) returning id`,
      ),
    );
    return {
      clientId: gone!.id,
      matterOfDeletedClient: matterOfGone!.id,
      liveClientId: live!.id,
      deletedMatterId: goneMatter!.id,
      activityId: activity!.id,
    };
  });
});
afterAll(() => fixture.context.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  clientId: fixture.references.openMatter.clientId,
  matterId: fixture.references.openMatter.id,
  activityId: fixture.references.activityIds[0],
  isBillable: 4,
  timeEntryUserId: fixture.firm.users.admin.id,
  description: 'Reviewed the lease and drafted a note of advice',
  timeEntryDate: '2025-03-14',
  duration: '1.5',
  userRate: '80000.00',
  exchangeRate: '1',
  ...overrides,
});
const post = (body: unknown, token = fixture.tokens.admin, headers: Record<string, string> = {}) =>
  fixture.call('POST', base, token, body, headers);
const snapshot = () => countTimeEntryRows(fixture.context.database, fixture.firm.firmId);

describe('POST /api/admin/time-entry', () => {
  it('records billable time in another currency with exact amounts: 150.00 × 1.3333 h ÷ 1.25', async () => {
    const body = entry({
      userRate: '150.00',
      duration: '1.3333',
      foreignCurrencyId: currencyIds.USD,
      exchangeRate: '1.25',
      utbmsTaskCode: 'L120',
    });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: 'Time entry saved' });
    const saved = response.json().data;
    expect(saved).toMatchObject({
      clientId: body.clientId,
      matterId: body.matterId,
      matterName: 'Lease dispute – Victoria Island office',
      matterRate: 'Hourly',
      activityType: 'Plan and prepare',
      activityCode: 'A101',
      isBillable: 4,
      timeEntryUserName: 'Ada Okafor',
      timeEntryDate: '2025-03-14',
      duration: '1.3333',
      userRate: '150.00',
      foreignUserRate: '120.00',
      homeCurrencyId: currencyIds.NGN,
      foreignCurrencyId: currencyIds.USD,
      currencySymbol: '$',
      exchangeRate: '1.25',
      // 199.995 ÷ 1.25 = 159.996 → 160.00; at home 199.995 → 200.00 (half-up, never float).
      totalAmount: '160.00',
      foreignTotalAmount: '160.00',
      homeTotalAmount: '200.00',
      status: 3,
      isLocked: false,
      manualTimeEntry: true,
      utbmsTaskCode: 'L120',
    });
    const view = await fixture.call('GET', `${base}/${saved.id}`, fixture.tokens.admin);
    expect(view.json().data).toEqual(saved);
    const [audit] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string; actor_user_id: string }>(
        tx.execute(sql`select action, actor_user_id from audit_events where entity_id = ${saved.id}`),
      ),
    );
    expect(audit).toEqual({ action: 'timeEntry.created', actor_user_id: fixture.firm.users.admin.id });
  });

  it('bills in the home currency at exchange rate 1 whatever is sent, and ignores client-sent totals and status', async () => {
    for (const foreignCurrencyId of [null, currencyIds.NGN]) {
      const response = await post(
        entry({ foreignCurrencyId, exchangeRate: '3.5', totalAmount: '1.00', foreignTotalAmount: '2.00', status: 5 }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        foreignCurrencyId: null,
        currencySymbol: '₦',
        exchangeRate: '1',
        totalAmount: '120000.00',
        foreignTotalAmount: '120000.00',
        homeTotalAmount: '120000.00',
        foreignUserRate: '80000.00',
        status: 3,
        isLocked: false,
      });
    }
  });

  it('stores non-billable time with a zero rate and zero totals; numbers are accepted as well as text', async () => {
    const response = await post(entry({ isBillable: 2, userRate: 80000, duration: 0.25, exchangeRate: 1, description: null }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      isBillable: 2,
      duration: '0.2500',
      description: '',
      userRate: '0.00',
      foreignUserRate: '0.00',
      totalAmount: '0.00',
      homeTotalAmount: '0.00',
    });
  });

  it.each([
    ['clientId: missing', { clientId: undefined }, 'Client is required'],
    ['clientId: 42 (number)', { clientId: 42 }, 'Client is required'],
    ['clientId: not-a-uuid', { clientId: 'not-a-uuid' }, 'Client is required'],
    ['matterId blank', { matterId: '' }, 'Matter is required'],
    ['activityId: missing', { activityId: undefined }, 'Activity is required'],
    ['timeEntryUserId: missing', { timeEntryUserId: undefined }, 'User is required'],
    ['timeEntryDate: missing', { timeEntryDate: undefined }, 'Date is required'],
    ['timeEntryDate blank', { timeEntryDate: '' }, 'Date is required'],
    ['timeEntryDate: 14/03/2025', { timeEntryDate: '14/03/2025' }, 'Date must be a date (YYYY-MM-DD)'],
    ['timeEntryDate: 2025-02-30', { timeEntryDate: '2025-02-30' }, 'Date must be a date (YYYY-MM-DD)'],
    ['duration: missing', { duration: undefined }, 'Duration is required'],
    ['duration blank', { duration: '  ' }, 'Duration is required'],
    ['duration: true (boolean)', { duration: true }, 'Duration is required'],
    ['duration: one hour', { duration: 'one hour' }, 'Duration must be number'],
    ['duration: -1', { duration: '-1' }, 'Duration must be number'],
    ['duration: -1 (number)', { duration: -1 }, 'Duration must be number'],
    ['duration: 0', { duration: '0' }, 'Duration must be greater than 0'],
    ['duration: 0.0000', { duration: '0.0000' }, 'Duration must be greater than 0'],
    ['duration: 24.0001', { duration: '24.0001' }, 'Duration must be at most 24 hours'],
    ['duration: 1000000 (number)', { duration: 1000000 }, 'Duration must be at most 24 hours'],
    ['duration: 1.23456', { duration: '1.23456' }, 'Duration can have at most 4 decimals'],
    ['exchangeRate: missing', { exchangeRate: undefined }, 'Exchange Rate is required'],
    ['exchangeRate blank', { exchangeRate: '' }, 'Exchange Rate is required'],
    ['exchangeRate: abc', { exchangeRate: 'abc' }, 'Exchange Rate must be number'],
    ['exchangeRate: 0', { exchangeRate: '0' }, 'Exchange Rate must be greater than 0'],
    ['exchangeRate: 0 (number)', { exchangeRate: 0 }, 'Exchange Rate must be greater than 0'],
    ['exchangeRate: 1.123456789', { exchangeRate: '1.123456789' }, 'Exchange Rate can have at most 8 decimals'],
    ['isBillable: 3', { isBillable: 3 }, 'Billable must be 2 or 4'],
    ['isBillable: missing', { isBillable: undefined }, 'Billable must be 2 or 4'],
    ['userRate: 12.345', { userRate: '12.345' }, 'Rate must be an amount with at most 2 decimals'],
    ['userRate: -5', { userRate: '-5' }, 'Rate must be an amount with at most 2 decimals'],
    ['utbmsTaskCode: L999', { utbmsTaskCode: 'L999' }, 'UTBMS task code must be one of L110–L530'],
    ['homeCurrencyId: naira', { homeCurrencyId: 'naira' }, 'homeCurrencyId: Invalid input: expected number, received NaN'],
    ['an unknown field', { invoiceId: '00000000-0000-4000-8000-000000000001' }, 'Unknown field: "invoiceId"'],
  ])('refuses %s with 400 and the exact message, writing nothing', async (_label, overrides, message) => {
    const before = await snapshot();
    const response = await post(entry(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses amounts and exchange rates too large to store, with 400', async () => {
    const huge = await post(entry({ userRate: '999999999999.99', duration: '24' }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The total amount is too large');
    const tinyRate = await post(entry({ foreignCurrencyId: currencyIds.USD, exchangeRate: '0.00000001', userRate: '100000' }));
    expect(tinyRate.json().message).toBe('The total amount is too large');
    const hugeRate = await post(entry({ foreignCurrencyId: currencyIds.USD, exchangeRate: '99999999999' }));
    expect(hugeRate.json().message).toBe('Exchange Rate is too large');
  });

  it.each([
    ['client', () => ({ clientId: fixture.otherReferences.openMatter.clientId }), 404, 'Client not found'],
    ['matter', () => ({ matterId: fixture.otherReferences.openMatter.id }), 404, 'Matter not found'],
    ['activity', () => ({ activityId: fixture.otherReferences.activityIds[0] }), 404, 'Activity not found'],
    ['fee earner', () => ({ timeEntryUserId: fixture.otherFirm.users.feeEarner.id }), 404, 'User not found'],
    ['currency', () => ({ foreignCurrencyId: 999_999, exchangeRate: '2' }), 404, 'Currency not found'],
  ])("refuses another firm's (or an unknown) %s and writes nothing in either firm", async (_what, overrides, status, message) => {
    const otherBefore = await countTimeEntryRows(fixture.context.database, fixture.otherFirm.firmId);
    const before = await snapshot();
    const response = await post(entry(overrides()));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
    expect(await countTimeEntryRows(fixture.context.database, fixture.otherFirm.firmId)).toEqual(otherBefore);
  });

  it.each([
    ['a deleted client', () => ({ clientId: deleted.clientId, matterId: deleted.matterOfDeletedClient }), 404, 'Client not found'],
    ['a deleted matter', () => ({ clientId: deleted.liveClientId, matterId: deleted.deletedMatterId }), 404, 'Matter not found'],
    ['a deleted activity', () => ({ activityId: deleted.activityId }), 404, 'Activity not found'],
    ['a matter of another client', () => ({ clientId: deleted.liveClientId }), 400, 'The matter does not belong to the chosen client'],
    [
      'a closed matter',
      () => ({ clientId: fixture.references.closedMatter.clientId, matterId: fixture.references.closedMatter.id }),
      400,
      'Time cannot be recorded on a closed matter',
    ],
  ])('refuses %s and writes nothing', async (_what, overrides, status, message) => {
    const before = await snapshot();
    const response = await post(entry(overrides()));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('changes the billing currency only when the firm has multicurrency on', async () => {
    const { database } = fixture.context;
    await database.db.execute(sql`update firms set multicurrency = false where id = ${fixture.firm.firmId}`);
    try {
      const before = await snapshot();
      const refused = await post(entry({ foreignCurrencyId: currencyIds.USD, exchangeRate: '1.25' }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Billing currency can only change when multicurrency is on for the firm');
      expect(await snapshot()).toEqual(before);
      const home = await post(entry({ foreignCurrencyId: currencyIds.NGN }));
      expect(home.statusCode).toBe(201);
    } finally {
      await database.db.execute(sql`update firms set multicurrency = true where id = ${fixture.firm.firmId}`);
    }
  });

  it('needs timeEntry.create, and lets a fee earner without timeEntry.viewAll record only their own time', async () => {
    const before = await snapshot();
    const billing = await post(entry({ timeEntryUserId: fixture.firm.users.billing.id }), fixture.tokens.billing);
    expect(billing.statusCode).toBe(403);
    expect(billing.json().message).toBe(PERMISSION_DENIED);
    const forSomeoneElse = await post(entry(), fixture.tokens.feeEarner);
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(forSomeoneElse.json().message).toBe('You can only record time for yourself');
    expect(await snapshot()).toEqual(before);
    const own = await post(entry({ timeEntryUserId: fixture.firm.users.feeEarner.id, userRate: '50000' }), fixture.tokens.feeEarner);
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ timeEntryUserName: 'Tunde Bakare', totalAmount: '75000.00' });
    const admin = await post(entry({ timeEntryUserId: fixture.firm.users.feeEarner.id }));
    expect(admin.statusCode).toBe(201);
  });

  it("refuses another firm's administrator naming this firm in BusinessId", async () => {
    const response = await post({ ...entry(), businessId: fixture.firm.firmId }, fixture.tokens.otherAdmin);
    expect(response.statusCode).toBe(403);
  });

  it('creates one entry for a POST sent twice with the same Idempotency-Key', async () => {
    const before = await snapshot();
    const headers = { 'idempotency-key': 'time-entry-double-0001' };
    const first = await post(entry({ description: 'Double-clicked save' }), fixture.tokens.admin, headers);
    const second = await post(entry({ description: 'Double-clicked save' }), fixture.tokens.admin, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await snapshot()).entries).toBe(before.entries! + 1);
  });

  it("resets the caller's timer when saved from it (ManualTimeEntry false), in the same transaction", async () => {
    const { database } = fixture.context;
    const { firmId, users } = fixture.firm;
    const logsOf = async (userId: string) =>
      (
        await database.withFirm(firmId, (tx) =>
          rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from time_entry_logs where user_id = ${userId}`)),
        )
      )[0]!.n;
    await database.withFirm(firmId, (tx) =>
      tx.execute(sql`insert into time_entry_logs (firm_id, user_id, started_at, paused_at) values
        (${firmId}, ${users.admin.id}, now() - interval '2 hours', now() - interval '1 hour'),
        (${firmId}, ${users.admin.id}, now() - interval '10 minutes', null),
        (${firmId}, ${users.feeEarner.id}, now() - interval '5 minutes', null)`),
    );
    const refused = await post(
      entry({ ManualTimeEntry: false, matterId: fixture.references.closedMatter.id, clientId: fixture.references.closedMatter.clientId }),
    );
    expect(refused.statusCode).toBe(400);
    expect(await logsOf(users.admin.id)).toBe(2);

    const manual = await post(entry({ ManualTimeEntry: true }));
    expect(manual.statusCode).toBe(201);
    expect(await logsOf(users.admin.id)).toBe(2);

    const fromTimer = await post(entry({ ManualTimeEntry: false, duration: '1.1667' }));
    expect(fromTimer.statusCode).toBe(201);
    expect(fromTimer.json().data.manualTimeEntry).toBe(false);
    expect(await logsOf(users.admin.id)).toBe(0);
    expect(await logsOf(users.feeEarner.id)).toBe(1);
  });
});

describe('POST /api/admin/time-entry: a billable entry sent without a rate (issue 35)', () => {
  const NO_RATE = 'Rate is required: neither this fee earner nor this matter has an hourly rate set';
  const matterRateOf = async (matterId: string, userId: string) =>
    (await fixture.call('GET', `${base}/get-time-entry-matter-rate?matterId=${matterId}&UserId=${userId}`, fixture.tokens.admin)).json()
      .data.amount as string;
  const setDefaultRate = (userId: string, rate: string | null) =>
    fixture.context.database.db.execute(sql`update users set default_hourly_rate = ${rate} where id = ${userId}`);
  const setMatterRate = (matterId: string, rate: string | null) =>
    fixture.context.database.db.execute(sql`update matters set hourly_rate = ${rate} where id = ${matterId}`);

  it.each([
    ['left out', { userRate: undefined }],
    ['blank', { userRate: '' }],
    ['null', { userRate: null }],
    ['0', { userRate: '0' }],
    ['0.00', { userRate: '0.00' }],
    ['0 (number)', { userRate: 0 }],
  ])('takes the fee earner’s rate on the matter when the rate is %s, and values the entry at it', async (_label, overrides) => {
    const response = await post(entry(overrides));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ userRate: '80000.00', totalAmount: '120000.00', homeTotalAmount: '120000.00' });
  });

  it('falls back as get-time-entry-matter-rate does: the rate on the matter, else the default rate, else the matter’s own', async () => {
    const { openMatter } = fixture.references;
    const { users } = fixture.firm;
    const forBilling = entry({ timeEntryUserId: users.billing.id, userRate: undefined, duration: '2' });
    const byDefault = await post(forBilling);
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(byDefault.json().data).toMatchObject({ userRate: '30000.00', totalAmount: '60000.00' });
    expect(await matterRateOf(openMatter.id, users.billing.id)).toBe('30000.00');

    await setDefaultRate(users.billing.id, null);
    await setMatterRate(openMatter.id, '12500.50');
    try {
      const byMatter = await post(forBilling);
      expect(byMatter.statusCode, byMatter.body).toBe(201);
      expect(byMatter.json().data).toMatchObject({ userRate: '12500.50', totalAmount: '25001.00' });
      expect(await matterRateOf(openMatter.id, users.billing.id)).toBe('12500.50');
      // A rate of its own always wins over the fallbacks.
      const own = await post({ ...forBilling, userRate: '100.00' });
      expect(own.json().data).toMatchObject({ userRate: '100.00', totalAmount: '200.00' });
    } finally {
      await setDefaultRate(users.billing.id, '30000.00');
      await setMatterRate(openMatter.id, null);
    }
  });

  it('refuses it with 400 on the rate field when no rate is set at all, writing nothing; non-billable time needs no rate', async () => {
    const { users } = fixture.firm;
    await setDefaultRate(users.billing.id, null);
    try {
      expect(await matterRateOf(fixture.references.openMatter.id, users.billing.id)).toBe('0.00');
      const before = await snapshot();
      for (const userRate of [undefined, '', '0']) {
        const refused = await post(entry({ timeEntryUserId: users.billing.id, userRate }));
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()).toMatchObject({
          success: false,
          message: NO_RATE,
          code: 'VALIDATION_FAILED',
          data: null,
          errors: { userRate: NO_RATE },
        });
      }
      expect(await snapshot()).toEqual(before);

      const notBillable = await post(entry({ timeEntryUserId: users.billing.id, isBillable: 2, userRate: undefined }));
      expect(notBillable.statusCode, notBillable.body).toBe(201);
      expect(notBillable.json().data).toMatchObject({ isBillable: 2, userRate: '0.00', totalAmount: '0.00' });
    } finally {
      await setDefaultRate(users.billing.id, '30000.00');
    }
  });

  it('does the same when saved from the timer: the rate is filled in, and a refusal leaves the timer as it was', async () => {
    const { database } = fixture.context;
    const { firmId, users } = fixture.firm;
    const logsOf = async () =>
      (
        await database.withFirm(firmId, (tx) =>
          rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from time_entry_logs where user_id = ${users.feeEarner.id}`)),
        )
      )[0]!.n;
    const startTimer = () =>
      database.withFirm(firmId, (tx) =>
        tx.execute(sql`insert into time_entry_logs (firm_id, user_id, started_at, paused_at)
          values (${firmId}, ${users.feeEarner.id}, now() - interval '30 minutes', now())`),
      );
    const fromTimer = (overrides: Record<string, unknown> = {}) =>
      post(
        entry({ timeEntryUserId: users.feeEarner.id, userRate: undefined, ManualTimeEntry: false, duration: '0.5', ...overrides }),
        fixture.tokens.feeEarner,
      );

    await startTimer();
    const saved = await fromTimer();
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ manualTimeEntry: false, userRate: '50000.00', totalAmount: '25000.00' });
    expect(await logsOf()).toBe(0);

    // A matter with no fee earners assigned and no rate of its own, for a fee earner without a default rate.
    const [unrated] = await database.withFirm(firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type)
          values (${firmId}, ${fixture.references.openMatter.clientId}, 'Unrated advice', 'Hourly') returning id`),
      ),
    );
    await setDefaultRate(users.feeEarner.id, null);
    try {
      await startTimer();
      const before = await snapshot();
      const refused = await fromTimer({ matterId: unrated!.id });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(NO_RATE);
      expect(await snapshot()).toEqual(before);
      expect(await logsOf()).toBe(1);
    } finally {
      await setDefaultRate(users.feeEarner.id, '45000.00');
    }
  });
});
