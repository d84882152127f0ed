import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; otherAdmin: string };
let currency: Record<string, number>;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
  const list = await context.app.inject({ method: 'GET', url: '/api/admin/currency/get-currency-list', headers: bearer(tokens.admin) });
  currency = Object.fromEntries(list.json().data.map((entry: { id: number; isoCurrenyCode: string }) => [entry.isoCurrenyCode, entry.id]));
});
afterAll(() => context.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const inFirm = <T = Record<string, unknown>>(firmId: string, query: ReturnType<typeof sql>) =>
  context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(query)));

async function expectBadRequest(method: Method, url: string, cases: [object, string][]) {
  for (const [payload, message] of cases) {
    const response = await call(method, url, tokens.admin, payload);
    expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    expect(response.json().message, JSON.stringify(payload)).toBe(message);
  }
}

describe('activity types', () => {
  const ACTIVITY = '/api/admin/activity';

  it("lists the firm's activity types by name to every member (SPEC.md §7 names)", async () => {
    const response = await call(
      'GET',
      `${ACTIVITY}/get-activity-type?AdminUserId=${firm.users.admin.id}&BusinessId=${firm.firmId}`,
      tokens.feeEarner,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list).toHaveLength(11);
    expect(list[0]).toEqual({ id: expect.any(String), activityType: 'Appear for/attend', utbmsCode: 'A109' });
    const names = list.map((entry: { activityType: string }) => entry.activityType);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const foreign = await call('GET', `${ACTIVITY}/get-activity-type?BusinessId=${firm.firmId}`, tokens.otherAdmin);
    expect(foreign.statusCode).toBe(403);
  });

  it('creates, renames and soft-deletes with audit rows; deleted ones are gone everywhere', async () => {
    const created = await call('POST', `${ACTIVITY}/create-activity-type`, tokens.admin, {
      activityType: '  Court filing ',
      utbmsCode: 'A103',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toEqual({ id, activityType: 'Court filing', utbmsCode: 'A103' });

    const updated = await call('PUT', `${ACTIVITY}/update-activity-type/${id}`, tokens.admin, {
      activityType: 'Court filings',
      utbmsCode: null,
    });
    expect(updated.json().data).toEqual({ id, activityType: 'Court filings', utbmsCode: null });
    const sameNameItself = await call('PUT', `${ACTIVITY}/update-activity-type/${id}`, tokens.admin, { activityType: 'COURT FILINGS' });
    expect(sameNameItself.statusCode).toBe(200);

    expect((await call('DELETE', `${ACTIVITY}/delete-activity-type/${id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `${ACTIVITY}/delete-activity-type/${id}`, tokens.admin)).statusCode).toBe(200);
    const list = (await call('GET', `${ACTIVITY}/get-activity-type`, tokens.admin)).json().data;
    expect(list.map((entry: { id: string }) => entry.id)).not.toContain(id);
    const again = await call('DELETE', `${ACTIVITY}/delete-activity-type/${id}`, tokens.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Activity type not found');
    expect((await call('PUT', `${ACTIVITY}/update-activity-type/${id}`, tokens.admin, { activityType: 'Back' })).statusCode).toBe(404);
    // The row stays for history, and its name is free again.
    const [row] = await inFirm<{ deleted_at: string | null }>(firm.firmId, sql`select deleted_at from activity_types where id = ${id}`);
    expect(row!.deleted_at).not.toBeNull();
    expect((await call('POST', `${ACTIVITY}/create-activity-type`, tokens.admin, { activityType: 'Court filings' })).statusCode).toBe(200);
    const actions = await inFirm<{ action: string }>(firm.firmId, sql`select action from audit_events where entity_id = ${id} order by id`);
    expect(actions.map((entry) => entry.action)).toEqual([
      'activityType.created',
      'activityType.updated',
      'activityType.updated',
      'activityType.deleted',
    ]);
  });

  it('refuses duplicate names case-insensitively (409) and bad input (400)', async () => {
    const duplicate = await call('POST', `${ACTIVITY}/create-activity-type`, tokens.admin, { activityType: 'RESEARCH' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('An activity type with this name already exists');
    const list = (await call('GET', `${ACTIVITY}/get-activity-type`, tokens.admin)).json().data;
    const other = list.find((entry: { activityType: string }) => entry.activityType === 'Other');
    const rename = await call('PUT', `${ACTIVITY}/update-activity-type/${other.id}`, tokens.admin, { activityType: 'research' });
    expect(rename.statusCode).toBe(409);
    // Another firm has its own list.
    expect(
      (await call('POST', `${ACTIVITY}/create-activity-type`, tokens.otherAdmin, { activityType: 'Court filing extra' })).statusCode,
    ).toBe(200);

    await expectBadRequest('POST', `${ACTIVITY}/create-activity-type`, [
      [{}, 'Activity type is required'],
      [{ activityType: '  ' }, 'Activity type is required'],
      [{ activityType: 12 }, 'Activity type is required'],
      [{ activityType: 'Fine', utbmsCode: 'A112' }, 'UTBMS code must be one of A101–A111'],
      [{ activityType: 'Fine', colour: 'red' }, 'Unknown field: "colour"'],
    ]);
    expect((await call('PUT', `${ACTIVITY}/update-activity-type/not-a-uuid`, tokens.admin, { activityType: 'X' })).statusCode).toBe(400);
    expect(await inFirm(firm.firmId, sql`select id from activity_types where activity_type = 'Fine'`)).toEqual([]);
  });

  it("needs updateAccountSettings to change them, and another firm's ids are not found", async () => {
    const list = (await call('GET', `${ACTIVITY}/get-activity-type`, tokens.admin)).json().data;
    const research = list.find((entry: { activityType: string }) => entry.activityType === 'Research');
    for (const [method, url, payload] of [
      ['POST', `${ACTIVITY}/create-activity-type`, { activityType: 'Mine' }],
      ['PUT', `${ACTIVITY}/update-activity-type/${research.id}`, { activityType: 'Mine' }],
      ['DELETE', `${ACTIVITY}/delete-activity-type/${research.id}`, undefined],
    ] as const) {
      const response = await call(method, url, tokens.feeEarner, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(SPEC_MESSAGES.noPermission);
    }
    const foreign = await call('PUT', `${ACTIVITY}/update-activity-type/${research.id}`, tokens.otherAdmin, { activityType: 'Mine' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('exchange rates', () => {
  const BUSINESS = '/api/admin/business';
  const rateOf = (query: string, token = tokens.admin) => call('GET', `${BUSINESS}/get-exchange-rate?${query}`, token);

  it('picks the newest rate on or before the date; today by default', async () => {
    const first = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.USD,
      rate: '1500',
      effectiveDate: '2024-01-01',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      id: expect.any(String),
      foreignCurrencyId: currency.USD,
      foreignCurrencyCode: 'USD',
      rate: '1500',
      effectiveDate: '2024-01-01',
    });
    await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.USD,
      rate: 1600.5,
      effectiveDate: '2024-06-01',
    });

    const march = await rateOf(
      `HomeCurrencyId=${currency.NGN}&ForeignCurrencyId=${currency.USD}&BusinessId=${firm.firmId}&Date=2024-03-15`,
    );
    expect(march.statusCode).toBe(200);
    expect(march.json().data).toEqual({
      exchangeRate: '1500',
      homeCurrencyId: currency.NGN,
      foreignCurrencyId: currency.USD,
      effectiveDate: '2024-01-01',
    });
    expect((await rateOf(`ForeignCurrencyId=${currency.USD}&Date=2024-06-01`)).json().data).toMatchObject({
      exchangeRate: '1600.5',
      effectiveDate: '2024-06-01',
    });
    expect((await rateOf(`ForeignCurrencyId=${currency.USD}&Date=2024-05-31`)).json().data.exchangeRate).toBe('1500');
    const today = await rateOf(`foreigncurrencyid=${currency.USD}`, tokens.feeEarner);
    expect(today.statusCode).toBe(200);
    expect(today.json().data.exchangeRate).toBe('1600.5');

    const before = await rateOf(`ForeignCurrencyId=${currency.USD}&Date=2023-12-31`);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe('No exchange rate set for this currency');
  });

  it('answers 1 for the home currency, 404 for a currency without a rate, 400 for a wrong home currency', async () => {
    const same = await rateOf(`HomeCurrencyId=${currency.NGN}&ForeignCurrencyId=${currency.NGN}`);
    expect(same.json().data).toEqual({
      exchangeRate: '1',
      homeCurrencyId: currency.NGN,
      foreignCurrencyId: currency.NGN,
      effectiveDate: null,
    });
    const missing = await rateOf(`ForeignCurrencyId=${currency.EUR}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No exchange rate set for this currency');
    const wrongHome = await rateOf(`HomeCurrencyId=${currency.USD}&ForeignCurrencyId=${currency.EUR}`);
    expect(wrongHome.statusCode).toBe(400);
    expect(wrongHome.json().message).toBe("Home currency must be the firm's home currency");

    for (const [query, message] of [
      ['', 'Foreign currency is required'],
      ['ForeignCurrencyId=abc', 'Foreign currency is required'],
      ['ForeignCurrencyId=0', 'Foreign currency is required'],
      [`ForeignCurrencyId=${currency.USD}&Date=2024-02-30`, 'Date must be a date (YYYY-MM-DD)'],
    ]) {
      const response = await rateOf(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    expect((await rateOf(`ForeignCurrencyId=${currency.USD}&BusinessId=${firm.firmId}`, tokens.otherAdmin)).statusCode).toBe(403);
  });

  it('keeps rates exact, replaces a rate set again for the same date, and refuses the home currency', async () => {
    const exact = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.GBP,
      rate: '1.23456789',
      effectiveDate: '2025-02-01',
    });
    expect(exact.json().data.rate).toBe('1.23456789');
    expect((await rateOf(`ForeignCurrencyId=${currency.GBP}&Date=2025-02-01`)).json().data.exchangeRate).toBe('1.23456789');
    const big = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.GBP,
      rate: '9999999999.99999999',
      effectiveDate: '2025-03-01',
    });
    expect(big.json().data.rate).toBe('9999999999.99999999');

    const replaced = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.GBP,
      rate: '1.3',
      effectiveDate: '2025-02-01',
    });
    expect(replaced.json().data).toMatchObject({ id: exact.json().data.id, rate: '1.3' });
    const gbpRates = (await call('GET', `${BUSINESS}/get-exchange-rates`, tokens.feeEarner))
      .json()
      .data.filter((entry: { foreignCurrencyCode: string }) => entry.foreignCurrencyCode === 'GBP');
    expect(gbpRates.map((entry: { effectiveDate: string; rate: string }) => [entry.effectiveDate, entry.rate])).toEqual([
      ['2025-03-01', '9999999999.99999999'],
      ['2025-02-01', '1.3'],
    ]);

    const home = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.NGN,
      rate: '1',
      effectiveDate: '2025-01-01',
    });
    expect(home.statusCode).toBe(400);
    expect(home.json().message).toBe('The home currency needs no exchange rate');
    const unknown = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: 9999,
      rate: '1',
      effectiveDate: '2025-01-01',
    });
    expect(unknown.statusCode).toBe(400);

    await expectBadRequest('POST', `${BUSINESS}/set-exchange-rate`, [
      [{ rate: '1', effectiveDate: '2025-01-01' }, 'Foreign currency is required'],
      [{ foreignCurrencyId: currency.USD, effectiveDate: '2025-01-01' }, 'Rate is required'],
      [
        { foreignCurrencyId: currency.USD, rate: '-1', effectiveDate: '2025-01-01' },
        'Rate must be a positive number with at most 8 decimals',
      ],
      [
        { foreignCurrencyId: currency.USD, rate: '0', effectiveDate: '2025-01-01' },
        'Rate must be a positive number with at most 8 decimals',
      ],
      [
        { foreignCurrencyId: currency.USD, rate: '1.123456789', effectiveDate: '2025-01-01' },
        'Rate must be a positive number with at most 8 decimals',
      ],
      [
        { foreignCurrencyId: currency.USD, rate: 'abc', effectiveDate: '2025-01-01' },
        'Rate must be a positive number with at most 8 decimals',
      ],
      [{ foreignCurrencyId: currency.USD, rate: '1' }, 'Effective date is required'],
      [{ foreignCurrencyId: currency.USD, rate: '1', effectiveDate: '01/02/2025' }, 'Effective date must be a date (YYYY-MM-DD)'],
    ]);
  });

  it("keeps each firm's rates to itself and deletes them with an audit row", async () => {
    const set = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.admin, {
      foreignCurrencyId: currency.ZAR,
      rate: '80.25',
      effectiveDate: '2025-01-01',
    });
    const id = set.json().data.id;
    const otherList = (await call('GET', `${BUSINESS}/get-exchange-rates`, tokens.otherAdmin)).json().data;
    expect(otherList.map((entry: { id: string }) => entry.id)).not.toContain(id);
    expect((await call('GET', `${BUSINESS}/get-exchange-rate?ForeignCurrencyId=${currency.ZAR}`, tokens.otherAdmin)).statusCode).toBe(404);

    expect((await call('DELETE', `${BUSINESS}/delete-exchange-rate/${id}`, tokens.otherAdmin)).statusCode).toBe(404);
    const forbidden = await call('DELETE', `${BUSINESS}/delete-exchange-rate/${id}`, tokens.feeEarner);
    expect(forbidden.statusCode).toBe(403);
    const setByFeeEarner = await call('POST', `${BUSINESS}/set-exchange-rate`, tokens.feeEarner, {
      foreignCurrencyId: currency.ZAR,
      rate: '1',
      effectiveDate: '2025-01-02',
    });
    expect(setByFeeEarner.statusCode).toBe(403);

    expect((await call('DELETE', `${BUSINESS}/delete-exchange-rate/${id}`, tokens.admin)).statusCode).toBe(200);
    expect((await call('DELETE', `${BUSINESS}/delete-exchange-rate/${id}`, tokens.admin)).statusCode).toBe(404);
    expect((await rateOf(`ForeignCurrencyId=${currency.ZAR}`)).statusCode).toBe(404);
    const actions = await inFirm<{ action: string }>(firm.firmId, sql`select action from audit_events where entity_id = ${id} order by id`);
    expect(actions.map((entry) => entry.action)).toEqual(['exchangeRate.set', 'exchangeRate.deleted']);
  });
});

describe('firm profile', () => {
  const PROFILE = '/api/admin/business';
  const validProfile = (overrides: object = {}) => ({
    firmName: 'Okafor & Associates',
    portalSlug: `okafor-${Date.now()}`,
    country: 'Nigeria',
    homeCurrencyId: currency.NGN,
    multicurrency: false,
    timeZone: 'Africa/Lagos',
    address: '1 Marina, Lagos',
    phone: '+234 1 555 0000',
    email: 'Office@Okafor.example',
    ...overrides,
  });

  it('answers the profile to every member', async () => {
    const response = await call('GET', `${PROFILE}/get-firm-profile`, tokens.feeEarner);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      portalSlug: firm.slug,
      country: 'Nigeria',
      homeCurrencyId: currency.NGN,
      multicurrency: true,
      timeZone: 'Africa/Lagos',
      address: null,
    });
  });

  it('updates every field (multicurrency may be turned off), keeps the logo when it is left out, with an audit row', async () => {
    const seeded = await seedTestFirm(context.database);
    const adminToken = await signIn(context.app, seeded.users.admin.email);
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const withLogo = await call('PUT', `${PROFILE}/update-firm-profile`, adminToken, validProfile({ portalSlug: seeded.slug, logo }));
    expect(withLogo.statusCode).toBe(200);
    const body = validProfile({ portalSlug: `renamed-${seeded.slug}` });
    const response = await call('PUT', `${PROFILE}/update-firm-profile`, adminToken, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      firmName: 'Okafor & Associates',
      portalSlug: `renamed-${seeded.slug}`,
      country: 'Nigeria',
      homeCurrencyId: currency.NGN,
      multicurrency: false,
      timeZone: 'Africa/Lagos',
      logo,
      address: '1 Marina, Lagos',
      phone: '+234 1 555 0000',
      email: 'office@okafor.example',
      billingIncrement: '0.1',
      blockTimePastBudget: false,
      // Left out: two-step sign-in stays the member's own choice.
      requireTwoStep: false,
      fiscalYearStartMonth: 1,
      // Left out: the firm's defaults, 8 hours Monday to Friday.
      availableHoursPerDay: '8.00',
      workingDays: [1, 2, 3, 4, 5],
    });
    const profile = await call('GET', '/api/users/get-user-profile', adminToken);
    expect(profile.json().data[0].businesses[0]).toMatchObject({ multicurrency: false, businessName: 'Okafor & Associates' });
    const removed = await call('PUT', `${PROFILE}/update-firm-profile`, adminToken, { ...body, logo: null, address: '' });
    expect(removed.json().data).toMatchObject({ logo: null, address: null });
    const audits = await inFirm<{ details: { logoChanged: boolean } }>(
      seeded.firmId,
      sql`select details from audit_events where action = 'firm.profileUpdated' order by id`,
    );
    expect(audits.map((row) => row.details.logoChanged)).toEqual([true, false, true]);
  });

  it("refuses another firm's portal address (409) and changes nothing", async () => {
    const response = await call('PUT', `${PROFILE}/update-firm-profile`, tokens.admin, validProfile({ portalSlug: otherFirm.slug }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('That portal address is already taken. Please choose another.');
    const profile = (await call('GET', `${PROFILE}/get-firm-profile`, tokens.admin)).json().data;
    expect(profile).toMatchObject({ portalSlug: firm.slug, multicurrency: true, address: null });
    expect(await inFirm(firm.firmId, sql`select id from audit_events where action = 'firm.profileUpdated'`)).toEqual([]);
  });

  it('validates with exact messages and needs updateAccountSettings', async () => {
    await expectBadRequest('PUT', `${PROFILE}/update-firm-profile`, [
      [validProfile({ firmName: '' }), 'Firm name is required'],
      [validProfile({ portalSlug: 'A B' }), 'Portal address must be 3–40 lowercase letters, digits or hyphens'],
      [validProfile({ homeCurrencyId: undefined }), 'Home currency is required'],
      [validProfile({ homeCurrencyId: 9999 }), 'Home currency is required'],
      [validProfile({ timeZone: 'Mars/Olympus' }), 'Choose a time zone from the list'],
      [validProfile({ email: 'nope' }), 'Enter a valid email address'],
      [validProfile({ multicurrency: 'yes' }), 'multicurrency: Invalid input: expected boolean, received string'],
    ]);
    const forbidden = await call('PUT', `${PROFILE}/update-firm-profile`, tokens.feeEarner, validProfile());
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(SPEC_MESSAGES.noPermission);
  });
});

describe('home currency once money is recorded', () => {
  const UPDATE = '/api/admin/business/update-firm-profile';
  const profileOf = async (token: string) => (await call('GET', '/api/admin/business/get-firm-profile', token)).json().data;

  it('may change while the firm has recorded nothing, and is refused (409, named field) once time is recorded', async () => {
    const seeded = await seedTestFirm(context.database);
    const token = await signIn(context.app, seeded.users.admin.email);
    const { logo: _logo, ...profile } = await profileOf(token);
    const changed = await call('PUT', UPDATE, token, { ...profile, homeCurrencyId: currency.USD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.homeCurrencyId).toBe(currency.USD);

    const [matter] = await inFirm<{ id: string; clientId: string }>(
      seeded.firmId,
      sql`select id, client_id as "clientId" from matters where status = 'Open' order by matter_number limit 1`,
    );
    const [activity] = await inFirm<{ id: string }>(seeded.firmId, sql`select id from activity_types limit 1`);
    const recorded = await call('POST', '/api/admin/time-entry', token, {
      clientId: matter!.clientId,
      matterId: matter!.id,
      activityId: activity!.id,
      isBillable: 4,
      timeEntryUserId: seeded.users.admin.id,
      description: 'First advice call',
      timeEntryDate: '2025-03-14',
      duration: '1',
      userRate: '100.00',
      exchangeRate: '1',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);

    const refused = await call('PUT', UPDATE, token, { ...profile, homeCurrencyId: currency.NGN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'The home currency cannot be changed once time or money has been recorded in it',
      errors: { homeCurrencyId: 'The home currency cannot be changed once time or money has been recorded in it' },
    });
    expect((await profileOf(token)).homeCurrencyId).toBe(currency.USD);
    const setup = await call('POST', '/api/firm/setup', token, {
      firmName: profile.firmName,
      portalSlug: profile.portalSlug,
      country: profile.country,
      homeCurrencyId: currency.NGN,
      multicurrency: true,
      timeZone: profile.timeZone,
    });
    expect(setup.statusCode).toBe(409);

    const unchanged = await call('PUT', UPDATE, token, { ...profile, homeCurrencyId: currency.USD, phone: '+1 555 0100' });
    expect(unchanged.statusCode).toBe(200);
  });
});
