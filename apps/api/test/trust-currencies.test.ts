import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './support/pdf-text.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { TRUST_BASE, trustCalls } from './support/trust-fixture.ts';

/**
 * A firm with multicurrency on holds a client's USD deposit and NGN deposit in trust: every
 * balance, ledger, statement and "funds held" figure shows each currency on its own, never a sum.
 */

let fixture: TimeEntryFixture;
let trust: ReturnType<typeof trustCalls>;
let ledger: { clientId: string; matterId: string };
let accounts: { ngn: { id: string; name: string }; usd: { id: string; name: string } };

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  trust = trustCalls(fixture);
  ledger = { clientId: fixture.references.openMatter.clientId, matterId: fixture.references.openMatter.id };
  accounts = {
    ngn: await trust.createAccount({ name: 'Naira client account' }),
    usd: await trust.createAccount({ name: 'Dollar client account', currencyCode: 'USD' }),
  };
  await trust.deposit(accounts.ngn.id, ledger, '150000', { depositDate: '2026-01-05' });
  await trust.deposit(accounts.usd.id, ledger, '1000', { depositDate: '2026-01-06' });
});
afterAll(() => fixture.context.close());

const get = async (path: string) => {
  const response = await trust.call('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const BOTH = [
  { currencyCode: 'NGN', currencySymbol: '₦', balance: '150000.00', clearedBalance: '150000.00' },
  { currencyCode: 'USD', currencySymbol: '$', balance: '1000.00', clearedBalance: '1000.00' },
];

describe('a client holding trust money in two currencies', () => {
  it('get-trust-balance answers one balance per currency and no single figure', async () => {
    for (const query of [`ClientId=${ledger.clientId}`, `ClientId=${ledger.clientId}&MatterId=${ledger.matterId}`]) {
      const balance = await get(`get-trust-balance?${query}`);
      expect(balance).toMatchObject({ balances: BOTH, currencyCode: null, balance: null, clearedBalance: null });
      expect(balance.ledgers.map((row: { currencyCode: string; balance: string }) => [row.currencyCode, row.balance])).toEqual(
        expect.arrayContaining([
          ['NGN', '150000.00'],
          ['USD', '1000.00'],
        ]),
      );
    }
    // One currency's account alone still answers its single figure.
    const usdOnly = await get(`get-client-ledger?ClientId=${ledger.clientId}&TrustAccountId=${accounts.usd.id}`);
    expect(usdOnly).toMatchObject({ currencyCode: 'USD', balance: '1000.00', clearedBalance: '1000.00', balances: [BOTH[1]] });
  });

  it('the client ledger runs each currency’s balance on its own, on every page', async () => {
    const whole = await get(`get-client-ledger?ClientId=${ledger.clientId}`);
    expect(whole).toMatchObject({ balances: BOTH, balance: null });
    const rows = (whole.data as { currencyCode: string; amount: string; balanceAfter: string }[]).map((row) => [
      row.currencyCode,
      row.amount,
      row.balanceAfter,
    ]);
    expect(rows).toEqual([
      ['USD', '1000.00', '1000.00'],
      ['NGN', '150000.00', '150000.00'],
    ]);
    // The second page's balance is worked back per currency from what came after it.
    const second = await get(`get-client-ledger?ClientId=${ledger.clientId}&page=2&size=1`);
    expect(second.data.map((row: { currencyCode: string; balanceAfter: string }) => [row.currencyCode, row.balanceAfter])).toEqual([
      ['NGN', '150000.00'],
    ]);
  });

  it('the trust statement PDF has a section per currency with its own opening and closing balance', async () => {
    const response = await fixture.call(
      'GET',
      `${TRUST_BASE}/download-trust-statement?ClientId=${ledger.clientId}&FromDate=2026-01-06`,
      fixture.tokens.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const text = (await pdfText(response.rawPayload)).join(' ');
    expect(text).toContain('NGN ledger');
    expect(text).toContain('USD ledger');
    // NGN: the deposit is before the period, so it opens and closes at 150,000; USD opens at 0 and takes the deposit.
    // Without a Unicode font on the machine the naira sign is printed as its code.
    const naira = '(?:₦|NGN ?)';
    expect(text).toMatch(
      new RegExp(`NGN ledger .*Opening balance ${naira}150,000\\.00 Closing balance ${naira}0\\.00 ${naira}0\\.00 ${naira}150,000\\.00`),
    );
    expect(text).toMatch(/USD ledger .*Opening balance \$0\.00 .*Closing balance \$1,000\.00 \$0\.00 \$1,000\.00/);
    expect(text).not.toContain('151,000');
  });

  it("an invoice's funds held in trust shows each currency on its own line", async () => {
    const invoice = await issuedInvoice();
    const response = await fixture.call('GET', `/api/admin/invoice/download-invoice-pdf/${invoice.id}`, fixture.tokens.admin);
    expect(response.statusCode, response.body).toBe(200);
    const text = (await pdfText(response.rawPayload)).join(' ');
    expect(text).toMatch(/Funds held in trust for you: (?:₦|NGN )150,000\.00/);
    expect(text).toContain('Funds held in trust for you: $1,000.00');
    expect(text).not.toContain('151,000');
  });

  it('refuses to pay a naira invoice from the dollar account, saying how to convert, and writes nothing', async () => {
    const invoice = await issuedInvoice();
    const before = await journalLineCount();
    const refused = await trust.call('POST', 'pay-invoice', {
      trustAccountId: accounts.usd.id,
      invoiceId: invoice.id,
      amount: '100',
      date: '2026-01-20',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `${invoice.invoiceNumber} is in NGN but Dollar client account holds USD: pay it from a NGN trust account, or record the conversion to NGN first (take the USD out of trust and deposit the NGN it bought)`,
    );
    expect(await journalLineCount()).toBe(before);
    const paid = await trust.call('POST', 'pay-invoice', {
      trustAccountId: accounts.ngn.id,
      invoiceId: invoice.id,
      amount: '100',
      date: '2026-01-20',
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('books each trust line in its account’s currency, and every entry balances in each currency', async () => {
    const lines = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ account: string; currency: string; wrong: number }>(
        tx.execute(sql`select l.trust_account_id as account, l.currency_code as currency,
            (l.currency_code <> a.currency_code)::int as wrong
          from journal_lines l join trust_accounts a on a.id = l.trust_account_id`),
      ),
    );
    expect(lines.filter((line) => line.wrong)).toEqual([]);
    expect(new Set(lines.filter((line) => line.account === accounts.usd.id).map((line) => line.currency))).toEqual(new Set(['USD']));
    const unbalanced = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf(tx.execute(sql`select entry_id, currency_code from journal_lines group by 1, 2 having sum(debit) <> sum(credit)`)),
    );
    expect(unbalanced).toEqual([]);
  });
});

function journalLineCount() {
  return fixture.context.database
    .withFirm(fixture.firm.firmId, (tx) => rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from journal_lines`)))
    .then((rows) => rows[0]!.n);
}

async function issuedInvoice() {
  const entry = await fixture.call('POST', TIME_ENTRY_BASE, fixture.tokens.admin, {
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description: 'Advised on the share transfer',
    timeEntryDate: '2026-01-03',
    duration: '1',
    userRate: '20000.00',
    exchangeRate: '1',
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
    clientId: ledger.clientId,
    matterIds: [ledger.matterId],
    timeEntryIds: [entry.json().data.id],
    expenseIds: [],
    flatFeeIds: [],
    issueDate: '2026-01-15',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${draft.json().data.id}`, fixture.tokens.admin, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data as { id: string; invoiceNumber: string };
}
