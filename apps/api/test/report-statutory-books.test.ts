import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLiabilityOutsideTrust, setUpClientMoneyFixture, type ClientMoneyFixture } from './support/client-money-fixture.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';

/**
 * GET /api/admin/reports/statutory-books: the books Nigeria's Legal Practitioners' Accounts Rules
 * 1964 require, as a firm shows them to an inspector — the clients' cash book, the clients' ledger
 * and the record of bills of costs. The expected books are worked out from the fixture's movements
 * and bills (support/client-money-fixture.ts), for February to June 2026.
 */
let money: ClientMoneyFixture;
const get = (url: string) => money.fixture.call('GET', url, money.fixture.tokens.admin);
const PERIOD = { From: '2026-02-01', To: '2026-06-30' };
const MOVEMENT_KEYS = ['date', 'client', 'description', 'receipts', 'payments', 'balance'];
const NAIRA = 'Naira client account (NGN)';
const DOLLAR = 'Dollar client account (USD)';

beforeAll(async () => {
  money = await setUpClientMoneyFixture();
});
afterAll(() => money.fixture.context.close());

describe('the clients’ cash book', () => {
  it('lists every receipt and payment of client money per trust account in date order, with the running balance', async () => {
    const { first, second } = money;
    const book = await reportOf(get, 'statutory-books', PERIOD);
    expect(book.title).toBe('Clients’ cash book');
    expect(book.criteria).toEqual([
      'Kept under the Legal Practitioners’ Accounts Rules 1964 (Nigeria)',
      'Movements dated: 01/02/2026 – 30/06/2026',
    ]);
    const row = (
      date: string,
      client: string | null,
      description: string,
      receipts: string | null,
      payments: string | null,
      balance: string,
    ) => ({
      date,
      client,
      description,
      receipts,
      payments,
      balance,
    });
    const rows = rowsAs(book.rows, MOVEMENT_KEYS);
    expect(rows.slice(0, 4)).toEqual([
      // Each trust account's section opens with its balance brought forward.
      row('2026-02-01', null, `${NAIRA}: balance brought forward`, null, null, '500000.00'),
      row('2026-02-01', first.clientName, `Received from ${first.clientName} (ref. DEP-3)`, '10000.00', null, '510000.00'),
      row('2026-02-10', second.clientName, `Received from ${second.clientName} (ref. DEP-2)`, '120000.50', null, '630000.50'),
      row('2026-03-15', first.clientName, 'Paid to Federal High Court: Filing fees', null, '75000.25', '555000.25'),
    ]);
    // The transfer of 01/04 between the client's ledgers moved no money at the bank: not in the cash book.
    expect(rows.slice(4, 6)).toEqual([
      { ...row('2026-05-10', first.clientName, String(rows[4]!.description), null, '50000.00', '505000.25') },
      row('2026-06-20', second.clientName, `Refunded to ${second.clientName}`, null, '20000.50', '484999.75'),
    ]);
    expect(rows[4]!.description).toContain(`To the firm’s account: Payment of invoice ${money.bills.firstBill.invoiceNumber}`);
    expect(rows.slice(6)).toEqual([
      row('2026-02-01', null, `${DOLLAR}: balance brought forward`, null, null, '0.00'),
      row('2026-03-01', first.clientName, `Received from ${first.clientName} (ref. DEP-4)`, '1000.00', null, '1000.00'),
    ]);
    expect(rowsAs(book.totals, ['description', 'receipts', 'payments', 'balance'])).toEqual([
      { description: `Total ${NAIRA}`, receipts: '130000.50', payments: '145000.75', balance: '484999.75' },
      { description: `Total ${DOLLAR}`, receipts: '1000.00', payments: '0.00', balance: '1000.00' },
    ]);
    expect(book.checks.map((check) => [check.name, check.expected, check.actual, check.pass])).toEqual([
      ['Cash book closing balance = Σ clients’ ledger balances on 30/06/2026, NGN', '484999.75', '484999.75', true],
      ['Cash book closing balance = Σ clients’ ledger balances on 30/06/2026, USD', '1000.00', '1000.00', true],
      ['Cash book closing balance = Client trust liability (2200) in the ledger on 30/06/2026, NGN', '484999.75', '484999.75', true],
      ['Cash book closing balance = Client trust bank (1100) in the ledger on 30/06/2026, NGN', '484999.75', '484999.75', true],
      ['Cash book closing balance = Client trust liability (2200) in the ledger on 30/06/2026, USD', '1000.00', '1000.00', true],
      ['Cash book closing balance = Client trust bank (1100) in the ledger on 30/06/2026, USD', '1000.00', '1000.00', true],
    ]);
  });

  it('shows one client’s receipts and payments, its net transfers in the tie-out', async () => {
    const book = await reportOf(get, 'statutory-books', { ...PERIOD, ClientId: money.first.clientId });
    expect(rowsAs(book.totals, ['description', 'receipts', 'payments', 'balance'])).toEqual([
      // 500,000.00 brought forward + 10,000.00 − 75,000.25 − 50,000.00.
      { description: `Total ${NAIRA}`, receipts: '10000.00', payments: '125000.25', balance: '384999.75' },
      { description: `Total ${DOLLAR}`, receipts: '1000.00', payments: '0.00', balance: '1000.00' },
    ]);
    expect(book.checks.map((check) => [check.name.split(' on ')[0], check.pass])).toEqual([
      ['Cash book closing balance + the client’s net transfers between ledgers = Σ clients’ ledger balances', true],
      ['Cash book closing balance + the client’s net transfers between ledgers = Σ clients’ ledger balances', true],
      ['Cash book closing balance + the client’s net transfers between ledgers = Client trust liability (2200) in the ledger', true],
      ['Cash book closing balance + the client’s net transfers between ledgers = Client trust liability (2200) in the ledger', true],
    ]);
    expect(book.criteria).toContain(`Client: ${money.first.clientName}`);
  });

  it('fails its tie-out when the ledger moves client trust liability the trust records do not', async () => {
    const line = { amount: '0.01', clientId: money.second.clientId, trustAccountId: money.naira.id, currencyCode: 'NGN' };
    // Dated after the period the other tests read, and repaired the next day.
    await postLiabilityOutsideTrust(money.fixture, { ...line, date: '2026-07-15' });
    try {
      const book = await reportOf(get, 'statutory-books', { ...PERIOD, To: '2026-07-15' });
      expect(book.checks.find((check) => !check.pass)).toEqual({
        name: 'Cash book closing balance = Client trust liability (2200) in the ledger on 15/07/2026, NGN',
        expected: '484999.75',
        actual: '484999.76',
        pass: false,
      });
      expect(book.checks.filter((check) => !check.pass)).toHaveLength(1);
    } finally {
      await postLiabilityOutsideTrust(money.fixture, { ...line, date: '2026-07-16', isRepair: true });
    }
  });
});

describe('the clients’ ledger', () => {
  it('shows every dealing with each client’s money per trust account, brought and carried forward', async () => {
    const { first, second } = money;
    const book = await reportOf(get, 'statutory-books', { ...PERIOD, Book: 'clients-ledger' });
    expect(book.title).toBe('Clients’ ledger');
    const keys = ['client', 'date', 'description', 'receipts', 'payments', 'balance'];
    // Each client's section in each trust account: its balance brought forward (naming the client and the account), its
    // movements, its balance carried forward.
    const forward = (client: string, account: string, balance: string) => ({
      client,
      date: '2026-02-01',
      description: `${account}: balance brought forward`,
      receipts: null,
      payments: null,
      balance,
    });
    const carried = (balance: string) => ({
      client: null,
      date: '2026-06-30',
      description: 'Balance carried forward',
      receipts: null,
      payments: null,
      balance,
    });
    const moved = (date: string, receipts: string | null, payments: string | null, balance: string) => ({
      date,
      receipts,
      payments,
      balance,
    });
    const firstClient = [
      forward(first.clientName, DOLLAR, '0.00'),
      moved('2026-03-01', '1000.00', null, '1000.00'),
      carried('1000.00'),
      forward(first.clientName, NAIRA, '500000.00'),
      moved('2026-02-01', '10000.00', null, '510000.00'),
      moved('2026-03-15', null, '75000.25', '434999.75'),
      // The transfer from the matter to the client's general funds: both legs are the client's dealings.
      moved('2026-04-01', null, '100000.00', '334999.75'),
      moved('2026-04-01', '100000.00', null, '434999.75'),
      moved('2026-05-10', null, '50000.00', '384999.75'),
      carried('384999.75'),
    ];
    const secondClient = [
      forward(second.clientName, NAIRA, '0.00'),
      moved('2026-02-10', '120000.50', null, '120000.50'),
      moved('2026-06-20', null, '20000.50', '100000.00'),
      carried('100000.00'),
    ];
    const shown = rowsAs(book.rows, keys).map((row) =>
      row.description === 'Balance carried forward' || String(row.description).endsWith('balance brought forward')
        ? row
        : { date: row.date, receipts: row.receipts, payments: row.payments, balance: row.balance },
    );
    expect(shown).toEqual(
      first.clientName.localeCompare(second.clientName) < 0 ? [...firstClient, ...secondClient] : [...secondClient, ...firstClient],
    );
    expect(book.rows.filter((row) => row.cells.client).map((row) => row.cells.description)).toEqual(
      expect.arrayContaining([`${NAIRA}: balance brought forward`]),
    );
    expect(book.rows.filter((row) => row.cells.description === 'Balance carried forward')).toHaveLength(3);
    expect(rowsAs(book.totals, ['client', 'receipts', 'payments', 'balance'])).toEqual([
      { client: 'Total NGN', receipts: '230000.50', payments: '245000.75', balance: '484999.75' },
      { client: 'Total USD', receipts: '1000.00', payments: '0.00', balance: '1000.00' },
    ]);
    expect(book.checks.map((check) => [check.name, check.pass])).toEqual([
      ['Σ clients’ ledger balances = Σ balances of the client trust listing on 30/06/2026, NGN', true],
      ['Σ clients’ ledger balances = Σ balances of the client trust listing on 30/06/2026, USD', true],
      ['Σ clients’ ledger balances = Client trust liability (2200) in the ledger on 30/06/2026, NGN', true],
      ['Σ clients’ ledger balances = Client trust bank (1100) in the ledger on 30/06/2026, NGN', true],
      ['Σ clients’ ledger balances = Client trust liability (2200) in the ledger on 30/06/2026, USD', true],
      ['Σ clients’ ledger balances = Client trust bank (1100) in the ledger on 30/06/2026, USD', true],
    ]);
  });
});

describe('the record of bills of costs', () => {
  it('lists every bill delivered, profit costs apart from disbursements, with tax and total', async () => {
    const { first, second, bills } = money;
    const book = await reportOf(get, 'statutory-books', { From: '2026-05-01', To: '2026-06-30', Book: 'bills-of-costs' });
    expect(book.title).toBe('Record of bills of costs');
    const keys = ['date', 'number', 'client', 'matter', 'profitCosts', 'disbursements', 'discount', 'tax', 'total', 'status'];
    const matterOf = (matter: typeof first) => `${matter.matterNumber} ${matter.matterName}`;
    expect(rowsAs(book.rows, keys)).toEqual([
      {
        date: '2026-05-01',
        number: bills.firstBill.invoiceNumber,
        client: first.clientName,
        matter: matterOf(first),
        // 2 h × 50,000.00 + a 25,000.00 flat fee; 3 × 1,500.50 in search fees; 7.5% of 129,501.50.
        profitCosts: '125000.00',
        disbursements: '4501.50',
        discount: '0.00',
        tax: '9712.61',
        total: '139214.11',
        status: 'Part paid',
      },
      {
        date: '2026-06-01',
        number: bills.secondBill.invoiceNumber,
        client: second.clientName,
        matter: matterOf(second),
        profitCosts: '60000.00',
        disbursements: '0.00',
        discount: '6000.00',
        tax: '0.00',
        total: '54000.00',
        status: 'Issued',
      },
      {
        date: '2026-06-05',
        number: bills.voidedBill.invoiceNumber,
        client: second.clientName,
        matter: matterOf(second),
        profitCosts: '5000.00',
        disbursements: '0.00',
        discount: '0.00',
        tax: '0.00',
        total: '5000.00',
        status: 'Void',
      },
    ]);
    expect(rowsAs(book.totals, ['date', 'number', 'profitCosts', 'disbursements', 'discount', 'tax', 'total'])).toEqual([
      {
        date: 'Total NGN',
        number: '2 bills',
        profitCosts: '185000.00',
        disbursements: '4501.50',
        discount: '6000.00',
        tax: '9712.61',
        total: '193214.11',
      },
    ]);
    expect(book.checks.map((check) => [check.name, check.expected, check.actual, check.pass])).toEqual([
      ['Each bill: profit costs + disbursements − discount + tax = total, NGN', '2 bills', '2 agree', true],
      ['Σ profit costs + Σ disbursements − Σ discounts + Σ tax = Σ totals, NGN', '193214.11', '193214.11', true],
      ['Σ profit costs = Σ the bills’ time and flat-fee lines, NGN', '185000.00', '185000.00', true],
      ['Σ disbursements = Σ the bills’ expense lines, NGN', '4501.50', '4501.50', true],
      ['Σ totals = Accounts receivable (1200) debited in the ledger on issuing these bills, NGN', '193214.11', '193214.11', true],
    ]);
    const secondOnly = await reportOf(get, 'statutory-books', { Book: 'bills-of-costs', ClientId: second.clientId });
    expect(secondOnly.rows.map((row) => row.cells.number)).toEqual([bills.secondBill.invoiceNumber, bills.voidedBill.invoiceNumber]);
  });
});

describe('every book', () => {
  it('reads a page of the book at a time, each line where the whole book has it, with the whole book’s totals and checks', async () => {
    for (const Book of ['cash-book', 'clients-ledger', 'bills-of-costs']) {
      const query = { ...PERIOD, Book };
      const whole = await reportOf(get, 'statutory-books', { ...query, Size: '500' });
      expect(whole.page!.totalCount).toBe(whole.rows.length);
      expect(whole.rows.length).toBeGreaterThan(2);
      const pages = [];
      // Pages of two lines: a page starts inside a section, on its brought-forward line or its carried-forward line.
      for (let page = 1; (page - 1) * 2 < whole.rows.length; page += 1) {
        const part = await reportOf(get, 'statutory-books', { ...query, Size: '2', Page: String(page) });
        expect(part.page).toEqual({ page, size: 2, totalCount: whole.rows.length });
        expect([part.totals, part.checks]).toEqual([whole.totals, whole.checks]);
        pages.push(...part.rows);
      }
      expect(pages).toEqual(whole.rows);
    }
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    for (const Book of ['cash-book', 'clients-ledger', 'bills-of-costs']) {
      const query = { ...PERIOD, Book };
      const book = await reportOf(get, 'statutory-books', query);
      await expectCsvEqualsScreen(get, 'statutory-books', query, book);
      const text = await expectPdfOfReport(get, 'statutory-books', query, book);
      expect(text).toContain('Legal Practitioners’ Accounts Rules 1964');
    }
  });

  it('refuses another firm’s records, bad filters, and people without Reports', async () => {
    const other = money.fixture.otherReferences.openMatter;
    expect((await get(`/api/admin/reports/statutory-books?ClientId=${other.clientId}`)).statusCode).toBe(404);
    const badBook = await get('/api/admin/reports/statutory-books?Book=day-book');
    expect(badBook.statusCode).toBe(400);
    expect(badBook.json().message).toBe('Book must be cash-book, clients-ledger or bills-of-costs');
    const badRange = await get('/api/admin/reports/statutory-books?From=2026-02-01&To=2026-01-01');
    expect(badRange.json().message).toBe('From must be on or before To');
    const feeEarner = await money.fixture.call('GET', '/api/admin/reports/statutory-books', money.fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });
});
