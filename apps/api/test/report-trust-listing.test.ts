import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLiabilityOutsideTrust, setUpClientMoneyFixture, type ClientMoneyFixture } from './support/client-money-fixture.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';

/**
 * GET /api/admin/reports/trust-listing: each client's and matter's trust balance per trust account
 * and currency as of a date, dormant balances, and the trust ledger behind each balance. The
 * expected tables are worked out from the fixture's movements (support/client-money-fixture.ts).
 */
let money: ClientMoneyFixture;
const get = (url: string) => money.fixture.call('GET', url, money.fixture.tokens.admin);
const GENERAL = 'General trust funds (no matter)';
const SUMMARY_KEYS = ['trustAccount', 'currency', 'client', 'matter', 'lastMovement', 'balance'];
const matterOf = (matter: { matterNumber: string; matterName: string }) => `${matter.matterNumber} ${matter.matterName}`;

beforeAll(async () => {
  money = await setUpClientMoneyFixture();
});
afterAll(() => money.fixture.context.close());

/** The listing's order: currency, account, client, then the general funds before a client's matters. */
const byClient = (rows: Array<Record<string, string>>) =>
  rows.sort(
    (left, right) => left.client!.localeCompare(right.client!) || Number(left.matter !== GENERAL) - Number(right.matter !== GENERAL),
  );

describe('the client trust listing', () => {
  it('lists each ledger’s balance per trust account and currency as of a date, its totals tying out to the ledger', async () => {
    const { first, second } = money;
    const report = await reportOf(get, 'trust-listing', { AsOfDate: '2026-10-31' });
    expect(report.level).toBe('summary');
    const naira = { trustAccount: 'Naira client account', currency: 'NGN' };
    expect(rowsAs(report.rows, SUMMARY_KEYS)).toEqual([
      ...byClient([
        // 100,000.00 moved from the matter on 01/04.
        { ...naira, client: first.clientName, matter: GENERAL, lastMovement: '2026-04-01', balance: '100000.00' },
        // 500,000.00 + 10,000.00 − 75,000.25 − 100,000.00 − 50,000.00 (an invoice paid on 10/05).
        { ...naira, client: first.clientName, matter: matterOf(first), lastMovement: '2026-05-10', balance: '284999.75' },
        // 120,000.50 − 20,000.50 refunded on 20/06.
        { ...naira, client: second.clientName, matter: matterOf(second), lastMovement: '2026-06-20', balance: '100000.00' },
      ]),
      {
        trustAccount: 'Dollar client account',
        currency: 'USD',
        client: first.clientName,
        matter: matterOf(first),
        lastMovement: '2026-03-01',
        balance: '1000.00',
      },
    ]);
    expect(rowsAs(report.totals, ['trustAccount', 'currency', 'balance'])).toEqual([
      { trustAccount: 'Total Naira client account', currency: 'NGN', balance: '484999.75' },
      { trustAccount: 'Total Dollar client account', currency: 'USD', balance: '1000.00' },
    ]);
    expect(report.checks.map((check) => [check.name, check.expected, check.actual, check.pass])).toEqual([
      ['Σ balances = Client trust liability (2200) in the ledger on 31/10/2026, NGN', '484999.75', '484999.75', true],
      ['Σ balances = Client trust bank (1100) in the ledger on 31/10/2026, NGN', '484999.75', '484999.75', true],
      ['Σ balances = Client trust liability (2200) in the ledger on 31/10/2026, USD', '1000.00', '1000.00', true],
      ['Σ balances = Client trust bank (1100) in the ledger on 31/10/2026, USD', '1000.00', '1000.00', true],
    ]);
    expect(report.criteria).toContain('As of 31/10/2026');
    expect(report.dateBasis).toContain('Movement date');
  });

  it('counts a movement from its own date: as of an earlier day, and the back-dated deposit in it', async () => {
    const { first, second } = money;
    const report = await reportOf(get, 'trust-listing', { AsOfDate: '2026-03-31' });
    expect(rowsAs(report.rows, ['client', 'matter', 'currency', 'lastMovement', 'balance'])).toEqual([
      ...byClient([
        // 500,000.00 + 10,000.00 (dated 01/02, recorded in April) − 75,000.25.
        { client: first.clientName, matter: matterOf(first), currency: 'NGN', lastMovement: '2026-03-15', balance: '434999.75' },
        { client: second.clientName, matter: matterOf(second), currency: 'NGN', lastMovement: '2026-02-10', balance: '120000.50' },
      ]),
      { client: first.clientName, matter: matterOf(first), currency: 'USD', lastMovement: '2026-03-01', balance: '1000.00' },
    ]);
    expect(report.checks.every((check) => check.pass)).toBe(true);
    const usd = await reportOf(get, 'trust-listing', { AsOfDate: '2026-03-31', CurrencyCode: 'USD' });
    expect(rowsAs(usd.rows, ['currency', 'balance'])).toEqual([{ currency: 'USD', balance: '1000.00' }]);
    expect(usd.checks.map((check) => check.name.slice(-3))).toEqual(['USD', 'USD']);
  });

  it('lists dormant balances: none moved for that many months before the as-of date', async () => {
    const { first } = money;
    const report = await reportOf(get, 'trust-listing', { AsOfDate: '2026-10-31', DormantMonths: '6' });
    // Dormant: last movement on or before 30/04/2026. The matter's (10/05) and the second client's (20/06) are not.
    expect(rowsAs(report.rows, ['client', 'matter', 'currency', 'balance'])).toEqual([
      { client: first.clientName, matter: GENERAL, currency: 'NGN', balance: '100000.00' },
      { client: first.clientName, matter: matterOf(first), currency: 'USD', balance: '1000.00' },
    ]);
    expect(rowsAs(report.totals, ['trustAccount', 'balance'])).toEqual([
      { trustAccount: 'Total Naira client account', balance: '100000.00' },
      { trustAccount: 'Total Dollar client account', balance: '1000.00' },
    ]);
    expect(report.criteria).toContain('Dormant: no movement for 6 months (none after 30/04/2026)');
    // The tie-outs still weigh every balance, dormant or not.
    expect(report.checks[0]).toMatchObject({
      name: 'Σ all balances (dormant or not) = Client trust liability (2200) in the ledger on 31/10/2026, NGN',
      expected: '484999.75',
      pass: true,
    });
    const sevenMonths = await reportOf(get, 'trust-listing', { AsOfDate: '2026-10-31', DormantMonths: '7' });
    expect(rowsAs(sevenMonths.rows, ['currency', 'balance'])).toEqual([{ currency: 'USD', balance: '1000.00' }]);
  });

  it('drills down from a balance to that client’s trust ledger: every movement with the running balance', async () => {
    const { first } = money;
    const listing = await reportOf(get, 'trust-listing', { AsOfDate: '2026-10-31' });
    const matterRow = listing.rows.find((row) => row.cells.matter === matterOf(first) && row.cells.currency === 'NGN')!;
    expect(matterRow.drill).toEqual({ TrustAccountId: money.naira.id, ClientId: first.clientId, MatterId: first.matterId });
    const ledger = await reportOf(get, 'trust-listing', { AsOfDate: '2026-10-31', ...matterRow.drill, Level: 'entries' });
    expect(ledger.level).toBe('entries');
    expect(rowsAs(ledger.rows, ['date', 'receipts', 'payments', 'balance'])).toEqual([
      { date: '2026-01-05', receipts: '500000.00', payments: null, balance: '500000.00' },
      // Recorded after the transfer of 01/04, listed on its own date.
      { date: '2026-02-01', receipts: '10000.00', payments: null, balance: '510000.00' },
      { date: '2026-03-15', receipts: null, payments: '75000.25', balance: '434999.75' },
      { date: '2026-04-01', receipts: null, payments: '100000.00', balance: '334999.75' },
      { date: '2026-05-10', receipts: null, payments: '50000.00', balance: '284999.75' },
    ]);
    const particulars = ledger.rows.map((row) => String(row.cells.description));
    expect(particulars.slice(0, 4)).toEqual([
      `Received from ${first.clientName} (ref. DEP-1)`,
      `Received from ${first.clientName} (ref. DEP-3)`,
      'Paid to Federal High Court: Filing fees',
      `Transfer to ${first.clientName} — general trust funds (no matter): Retainer held generally`,
    ]);
    expect(particulars[4]).toContain(`To the firm’s account: Payment of invoice ${money.bills.firstBill.invoiceNumber}`);
    expect(ledger.rows.map((row) => row.cells.number)).toEqual(expect.arrayContaining([expect.stringMatching(/^TRX-\d{5}$/)]));
    expect(rowsAs(ledger.totals, ['date', 'receipts', 'payments', 'balance'])).toEqual([
      { date: 'Total NGN', receipts: '510000.00', payments: '225000.25', balance: '284999.75' },
    ]);
    expect(ledger.page).toEqual({ page: 1, size: 100, totalCount: 5 });
    // One ledger's trust bank lines do not hold what it holds (a transfer moves only the liability): the liability is compared.
    expect(ledger.checks.map((check) => [check.name, check.pass])).toEqual([
      ['Closing balance (receipts − payments) = Client trust liability (2200) in the ledger on 31/10/2026, NGN', true],
    ]);
    // A page of it keeps the balances of the whole ledger.
    const second = await reportOf(get, 'trust-listing', {
      AsOfDate: '2026-10-31',
      ...matterRow.drill,
      Level: 'entries',
      Size: '2',
      Page: '2',
    });
    expect(rowsAs(second.rows, ['date', 'balance'])).toEqual([
      { date: '2026-03-15', balance: '434999.75' },
      { date: '2026-04-01', balance: '334999.75' },
    ]);

    const generalRow = listing.rows.find((row) => row.cells.matter === GENERAL)!;
    expect(generalRow.drill).toEqual({ TrustAccountId: money.naira.id, ClientId: first.clientId, GeneralFunds: 'true' });
    const generalFunds = await reportOf(get, 'trust-listing', { ...generalRow.drill, Level: 'entries' });
    expect(rowsAs(generalFunds.rows, ['date', 'description', 'receipts', 'balance'])).toEqual([
      {
        date: '2026-04-01',
        description: `Transfer from ${first.clientName} — ${first.matterNumber}: Retainer held generally`,
        receipts: '100000.00',
        balance: '100000.00',
      },
    ]);

    // The whole client's trust ledger, across matters and accounts: a running balance per currency.
    const client = await reportOf(get, 'trust-listing', { ClientId: first.clientId, Level: 'entries' });
    expect(rowsAs(client.totals, ['date', 'balance'])).toEqual([
      { date: 'Total NGN', balance: '384999.75' },
      { date: 'Total USD', balance: '1000.00' },
    ]);
    expect(client.rows.at(-1)!.cells).toMatchObject({ trustAccount: 'Dollar client account (USD)', balance: '1000.00' });
    expect(client.checks.every((check) => check.pass)).toBe(true);
  });

  it('fails its tie-out when the ledger moves client trust liability the trust records do not', async () => {
    const line = { amount: '999.99', clientId: money.general.clientId, trustAccountId: money.naira.id, currencyCode: 'NGN' };
    await postLiabilityOutsideTrust(money.fixture, { ...line, date: '2026-07-01' });
    try {
      const broken = await reportOf(get, 'trust-listing', { AsOfDate: '2026-07-01' });
      expect(broken.checks.map((check) => [check.name.split(' in the ledger')[0], check.expected, check.actual, check.pass])).toEqual([
        ['Σ balances = Client trust liability (2200)', '484999.75', '485999.74', false],
        ['Σ balances = Client trust bank (1100)', '484999.75', '484999.75', true],
        ['Σ balances = Client trust liability (2200)', '1000.00', '1000.00', true],
        ['Σ balances = Client trust bank (1100)', '1000.00', '1000.00', true],
      ]);
      const csv = await get('/api/admin/reports/trust-listing?AsOfDate=2026-07-01&format=csv');
      expect(csv.body).toContain('Check: Fail');
      // The client's general funds' ledger: the line is on it.
      const ledger = await reportOf(get, 'trust-listing', {
        AsOfDate: '2026-07-01',
        ClientId: money.general.clientId,
        TrustAccountId: money.naira.id,
        GeneralFunds: 'true',
        Level: 'entries',
      });
      expect(ledger.checks[0]).toMatchObject({ expected: '100000.00', actual: '100999.99', pass: false });
    } finally {
      await postLiabilityOutsideTrust(money.fixture, { ...line, date: '2026-07-02', isRepair: true });
    }
    const repaired = await reportOf(get, 'trust-listing', { AsOfDate: '2026-07-02' });
    expect(repaired.checks.every((check) => check.pass)).toBe(true);
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const query = { AsOfDate: '2026-10-31' };
    const report = await reportOf(get, 'trust-listing', query);
    await expectCsvEqualsScreen(get, 'trust-listing', query, report);
    const text = await expectPdfOfReport(get, 'trust-listing', query, report);
    expect(text).toContain('Naira client account');
    const entries = { ...query, ClientId: money.first.clientId, Level: 'entries' };
    const ledger = await reportOf(get, 'trust-listing', entries);
    await expectCsvEqualsScreen(get, 'trust-listing', { ...entries, Size: '2' }, ledger);
    await expectPdfOfReport(get, 'trust-listing', entries, ledger);
  });

  it('refuses another firm’s records, bad filters, and people without Reports', async () => {
    const other = money.fixture.otherReferences.openMatter;
    expect((await get(`/api/admin/reports/trust-listing?ClientId=${other.clientId}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/reports/trust-listing?TrustAccountId=${randomUUID()}&Level=entries`)).statusCode).toBe(404);
    const zero = await get('/api/admin/reports/trust-listing?DormantMonths=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('DormantMonths must be at least 1');
    const both = await get(`/api/admin/reports/trust-listing?MatterId=${money.first.matterId}&GeneralFunds=true`);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Choose a matter or the general trust funds, not both');
    const feeEarner = await money.fixture.call('GET', '/api/admin/reports/trust-listing', money.fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });
});
