import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/database.ts';
import {
  accountBalance,
  accountBalances,
  postJournalEntry,
  reverseJournalEntry,
  SYSTEM_LEDGER_ACCOUNTS,
  type JournalEntryInput,
  type JournalLine,
} from '../src/platform/ledger/ledger.ts';
import { defaultChartFor } from '../src/platform/ledger/default-chart.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';
import { refusalOf } from './support/refusal.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; billing: string; feeEarner: string; otherAdmin: string };

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    billing: await signIn(context.app, firm.users.billing.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
});
/**
 * This file drives the ledger service itself with entries that no invoice or trust movement stands
 * behind; the same service's reversal takes each back out, so the books tie out again (issue 33 §4)
 * and the harness's check at close still runs on what is left.
 */
afterAll(async () => {
  const firms = await rowsOf<{ firmId: string; userId: string }>(
    context.database.db.execute(
      sql`select f.id as "firmId", (select u.id from users u where u.firm_id = f.id limit 1) as "userId" from firms f`,
    ),
  );
  for (const principal of firms) {
    await context.database.withFirm(principal.firmId, async (tx) => {
      const open = await rowsOf<{ id: string }>(
        tx.execute(sql`select e.id from journal_entries e where e.reverses_entry_id is null
          and not exists (select 1 from journal_entries r where r.reverses_entry_id = e.id) order by e.created_at`),
      );
      for (const { id } of open)
        await reverseJournalEntry(tx, principal, id, {
          entryDate: '2026-12-31',
          memo: 'Test postings taken back out',
          sourceType: 'manual',
          sourceId: null,
        });
    });
  }
  await context.close();
});

const principalOf = (of: SeededFirm) => ({ firmId: of.firmId, userId: of.users.admin.id });
const inFirm = <T>(of: SeededFirm, fn: (tx: Tx) => Promise<T>) => context.database.withFirm(of.firmId, fn);
const post = (entry: JournalEntryInput, of: SeededFirm = firm) => inFirm(of, (tx) => postJournalEntry(tx, principalOf(of), entry));
const entry = (lines: JournalLine[], overrides: Partial<JournalEntryInput> = {}): JournalEntryInput => ({
  entryDate: '2026-03-01',
  memo: 'Test posting',
  sourceType: 'manual',
  sourceId: null,
  currency: 'NGN',
  lines,
  ...overrides,
});
const get = (url: string, token = tokens.admin) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

const auditOf = (entityId: string) =>
  inFirm(firm, (tx) =>
    rowsOf<{ action: string; actorUserId: string; details: Record<string, unknown> }>(
      tx.execute(sql`select action, actor_user_id as "actorUserId", details from audit_events where entity_id = ${entityId}`),
    ),
  );

/** The firm's ledger rows: what a refused posting must leave as it was. */
const counts = (of: SeededFirm = firm) =>
  inFirm(of, async (tx) => {
    const [row] = await rowsOf<{ entries: number; lines: number }>(
      tx.execute(sql`select (select count(*)::int from journal_entries) as entries, (select count(*)::int from journal_lines) as lines`),
    );
    return row!;
  });

const trialBalance = async (query = '', token = tokens.admin) => {
  const response = await get(`/api/admin/accounting/get-trial-balance${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    asOfDate: string | null;
    accounts: { code: string; number: string; name: string; type: string; totalDebit: string; totalCredit: string; balance: string }[];
    totalDebit: string;
    totalCredit: string;
    isBalanced: boolean;
  };
};

/** Fails the test unless the firm's books balance (every test below ends with it). */
async function expectBooksBalanced(of: SeededFirm = firm) {
  const unbalanced = await inFirm(of, (tx) =>
    rowsOf<{ currency: string }>(
      tx.execute(sql`select currency_code as currency from journal_lines group by currency_code having sum(debit) <> sum(credit)`),
    ),
  );
  expect(unbalanced).toEqual([]);
}

describe('the chart of accounts', () => {
  it('is seeded for every new firm with the thirteen system accounts in its numbered chart, each firm seeing only its own', async () => {
    for (const of of [firm, otherFirm]) {
      const accounts = await inFirm(of, (tx) =>
        rowsOf<{ firmId: string; code: string; name: string; type: string; normalBalance: string; isSystem: boolean }>(
          tx.execute(
            sql`select firm_id as "firmId", code, name, type, normal_balance as "normalBalance", is_system as "isSystem" from ledger_accounts where code is not null order by code`,
          ),
        ),
      );
      expect(accounts.map(({ firmId: _firmId, ...account }) => account)).toEqual(
        [...SYSTEM_LEDGER_ACCOUNTS].sort((a, b) => a.code.localeCompare(b.code)).map((account) => ({ ...account, isSystem: true })),
      );
      const firmIds = await inFirm(of, (tx) =>
        rowsOf<{ firmId: string }>(tx.execute(sql`select distinct firm_id as "firmId" from ledger_accounts`)),
      );
      expect(firmIds).toEqual([{ firmId: of.firmId }]);
    }
    // The trial balance lists the whole chart by number: the test firms are Nigerian (demo seed).
    const listed = (await trialBalance()).accounts.map((account) => [account.number, account.name]);
    expect(listed).toEqual(defaultChartFor('Nigeria').map((account) => [account.number, account.name]));
    expect(listed.map(([number]) => number)).toEqual(listed.map(([number]) => number).sort());
  });
});

describe('postJournalEntry', () => {
  it('posts a balanced entry with its lines, in the caller’s transaction', async () => {
    const clientId = firm.portalClient.clientId;
    const entryId = await post(
      entry(
        [
          { account: 'accounts-receivable', debit: '1210.00', clientId, matterId: firm.matterIds[0] },
          { account: 'discounts-given', debit: '100' },
          { account: 'fee-income', credit: '1000.00', clientId },
          { account: 'expense-recoveries', credit: '100.5' },
          { account: 'tax-payable', credit: '209.50' },
        ],
        { sourceType: 'invoice', sourceId: firm.matterIds[0]!, memo: 'Invoice INV-1 issued' },
      ),
    );
    const response = await get(`/api/admin/accounting/get-journal-entries?sourceType=invoice&sourceId=${firm.matterIds[0]}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.totalCount).toBe(1);
    expect(data.data[0]).toMatchObject({
      id: entryId,
      entryDate: '2026-03-01',
      memo: 'Invoice INV-1 issued',
      sourceType: 'invoice',
      reversesEntryId: null,
      reversedByEntryId: null,
      createdByUserId: firm.users.admin.id,
    });
    expect(
      data.data[0].lines.map((line: { accountCode: string; debit: string; credit: string }) => [line.accountCode, line.debit, line.credit]),
    ).toEqual([
      // Debits, then credits, each by account number (1200, 5500; 2100, 4000, 4100).
      ['accounts-receivable', '1210.00', '0.00'],
      ['discounts-given', '100.00', '0.00'],
      ['tax-payable', '0.00', '209.50'],
      ['fee-income', '0.00', '1000.00'],
      ['expense-recoveries', '0.00', '100.50'],
    ]);
    expect(await auditOf(entryId)).toEqual([
      {
        action: 'journalEntry.posted',
        actorUserId: firm.users.admin.id,
        details: { sourceType: 'invoice', sourceId: firm.matterIds[0], entryDate: '2026-03-01', total: '1310.00' },
      },
    ]);
    await expectBooksBalanced();
  });

  it('commits or rolls back with the caller’s own write', async () => {
    const before = await counts();
    await expect(
      inFirm(firm, async (tx) => {
        await postJournalEntry(
          tx,
          principalOf(firm),
          entry([
            { account: 'operating-bank', debit: '5' },
            { account: 'accounts-receivable', credit: '5' },
          ]),
        );
        throw new Error('the caller’s own write failed');
      }),
    ).rejects.toThrow('the caller’s own write failed');
    expect(await counts()).toEqual(before);
  });

  const refusals: [string, JournalEntryInput, RegExp][] = [
    [
      'unbalanced',
      entry([
        { account: 'operating-bank', debit: '10.00' },
        { account: 'fee-income', credit: '9.99' },
      ]),
      /does not balance: debits 10\.00, credits 9\.99/,
    ],
    ['without lines', entry([]), /at least one line/],
    [
      'zero',
      entry([
        { account: 'operating-bank', debit: '0.00' },
        { account: 'fee-income', credit: '0' },
      ]),
      /more than zero/,
    ],
    [
      'a line with both sides',
      entry([
        { account: 'operating-bank', debit: '1', credit: '1' },
        { account: 'fee-income', credit: '0.01' },
      ]),
      /not both or neither/,
    ],
    ['a line with neither side', entry([{ account: 'operating-bank' }, { account: 'fee-income', credit: '1' }]), /not both or neither/],
    [
      'three decimals',
      entry([
        { account: 'operating-bank', debit: '1.005' },
        { account: 'fee-income', credit: '1.005' },
      ]),
      /at most 2 decimals/,
    ],
    [
      'a negative amount',
      entry([
        { account: 'operating-bank', debit: '-5' },
        { account: 'fee-income', credit: '-5' },
      ]),
      /positive decimal/,
    ],
    [
      'a number, not text',
      entry([
        { account: 'operating-bank', debit: 5 as unknown as string },
        { account: 'fee-income', credit: '5' },
      ]),
      /positive decimal/,
    ],
    [
      'an unknown account',
      entry([
        { account: 'petty-cash' as 'operating-bank', debit: '5' },
        { account: 'fee-income', credit: '5' },
      ]),
      /unknown account "petty-cash"/,
    ],
    [
      'a bad date',
      entry(
        [
          { account: 'operating-bank', debit: '5' },
          { account: 'fee-income', credit: '5' },
        ],
        { entryDate: '2026-02-30' },
      ),
      /ISO date/,
    ],
    [
      'no memo',
      entry(
        [
          { account: 'operating-bank', debit: '5' },
          { account: 'fee-income', credit: '5' },
        ],
        { memo: '  ' },
      ),
      /needs a memo/,
    ],
  ];
  it.each(refusals)('refuses an entry %s (400) and writes nothing', async (_case, input, message) => {
    const before = await counts();
    await expect(post(input)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    expect(await counts()).toEqual(before);
    await expectBooksBalanced();
  });

  it('refuses (400) a line naming another firm’s client or matter, and writes nothing', async () => {
    const before = await counts();
    for (const line of [{ clientId: otherFirm.portalClient.clientId }, { matterId: otherFirm.matterIds[0] }]) {
      await expect(
        post(
          entry([
            { account: 'accounts-receivable', debit: '5', ...line },
            { account: 'fee-income', credit: '5' },
          ]),
        ),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: 'A journal line names a client or matter this firm does not have',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses (400) an entry that balances only by adding two currencies, and writes nothing', async () => {
    const before = await counts();
    await expect(
      post(
        entry([
          { account: 'trust-bank', debit: '100.00', currency: 'USD' },
          { account: 'client-trust-liability', credit: '100.00' },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: 'The journal entry does not balance in NGN: debits 0.00, credits 100.00' });
    await expect(
      post(
        entry(
          [
            { account: 'operating-bank', debit: '1' },
            { account: 'fee-income', credit: '1' },
          ],
          { currency: 'usd' },
        ),
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Journal line 1: the currency must be an ISO 4217 code',
    });
    expect(await counts()).toEqual(before);
  });

  it('records each line in its currency, a foreign line with its rate and home amount, and a reversal at the original rate', async () => {
    const clientId = firm.otherClientId;
    await inFirm(firm, (tx) =>
      tx.execute(sql`insert into exchange_rates (firm_id, foreign_currency_id, rate, effective_date)
        select ${firm.firmId}, id, 1500.5, '2026-01-01' from currencies where iso_code = 'GBP'`),
    );
    const linesOf = (entryId: string) =>
      inFirm(firm, (tx) =>
        rowsOf<{ currency: string; rate: string | null; home: string | null; debit: string; credit: string }>(
          tx.execute(sql`select currency_code as currency, exchange_rate::float8::text as rate, home_amount::text as home, debit::text, credit::text
            from journal_lines where entry_id = ${entryId} order by currency_code, debit desc`),
        ),
      );
    // A client's GBP deposit converted at the client's bank into NGN: each currency balances on its own.
    const entryId = await post(
      entry(
        [
          { account: 'trust-bank', debit: '100.01', clientId },
          { account: 'client-trust-liability', credit: '100.01', clientId, exchangeRate: '1400' },
          { account: 'operating-bank', debit: '20.00', currency: 'NGN' },
          { account: 'fee-income', credit: '20.00', currency: 'NGN' },
        ],
        { currency: 'GBP' },
      ),
    );
    expect(await linesOf(entryId)).toEqual([
      { currency: 'GBP', rate: '1500.5', home: '150065.01', debit: '100.01', credit: '0.00' },
      { currency: 'GBP', rate: '1400', home: '140014.00', debit: '0.00', credit: '100.01' },
      { currency: 'NGN', rate: null, home: null, debit: '20.00', credit: '0.00' },
      { currency: 'NGN', rate: null, home: null, debit: '0.00', credit: '20.00' },
    ]);
    await inFirm(firm, (tx) =>
      tx.execute(sql`insert into exchange_rates (firm_id, foreign_currency_id, rate, effective_date)
        select ${firm.firmId}, id, 2000, '2026-03-02' from currencies where iso_code = 'GBP'`),
    );
    const reversalId = await inFirm(firm, (tx) =>
      reverseJournalEntry(tx, principalOf(firm), entryId, {
        entryDate: '2026-03-09',
        memo: 'Reversed',
        sourceType: 'manual',
        sourceId: null,
      }),
    );
    expect(await linesOf(reversalId)).toEqual([
      { currency: 'GBP', rate: '1400', home: '140014.00', debit: '100.01', credit: '0.00' },
      { currency: 'GBP', rate: '1500.5', home: '150065.01', debit: '0.00', credit: '100.01' },
      { currency: 'NGN', rate: null, home: null, debit: '20.00', credit: '0.00' },
      { currency: 'NGN', rate: null, home: null, debit: '0.00', credit: '20.00' },
    ]);
    await expectBooksBalanced();
  });

  it('answers an account balance per currency, never their sum', async () => {
    const fresh = await seedTestFirm(context.database);
    const clientId = fresh.otherClientId;
    const deposit = (amount: string, currency: string) =>
      post(
        entry(
          [
            { account: 'trust-bank', debit: amount, clientId },
            { account: 'client-trust-liability', credit: amount, clientId },
          ],
          { currency },
        ),
        fresh,
      );
    await deposit('1000.00', 'USD');
    await deposit('250000.00', 'NGN');
    await deposit('0.50', 'USD');
    await context.database.withFirm(fresh.firmId, async (tx) => {
      expect(await accountBalances(tx, fresh.firmId, 'client-trust-liability', { clientId })).toEqual([
        { currency: 'NGN', amount: '-250000.00' },
        { currency: 'USD', amount: '-1000.50' },
      ]);
      expect(await accountBalance(tx, fresh.firmId, 'trust-bank', { clientId, currency: 'USD' })).toBe('1000.50');
      expect(await accountBalance(tx, fresh.firmId, 'trust-bank', { clientId, currency: 'EUR' })).toBe('0.00');
    });
    // The trial balance totals each currency on its own; its top-level figures are the home currency's.
    const trial = (await trialBalance('', await signIn(context.app, fresh.users.admin.email))) as Awaited<
      ReturnType<typeof trialBalance>
    > & {
      currencyCode: string;
      currencies: { currencyCode: string; totalDebit: string; totalCredit: string; isBalanced: boolean }[];
    };
    expect(trial).toMatchObject({ currencyCode: 'NGN', totalDebit: '250000.00', totalCredit: '250000.00', isBalanced: true });
    expect(
      trial.currencies.map(({ currencyCode, totalDebit, totalCredit, isBalanced }) => ({
        currencyCode,
        totalDebit,
        totalCredit,
        isBalanced,
      })),
    ).toEqual([
      { currencyCode: 'NGN', totalDebit: '250000.00', totalCredit: '250000.00', isBalanced: true },
      { currencyCode: 'USD', totalDebit: '1000.50', totalCredit: '1000.50', isBalanced: true },
    ]);
  });

  it('adds exact decimals: 0.10 + 0.20 balances 0.30 to the cent, and sums stay exact over many lines', async () => {
    const clientId = firm.otherClientId;
    await post(
      entry([
        { account: 'trust-bank', debit: '0.10', clientId },
        { account: 'trust-bank', debit: '0.20', clientId },
        { account: 'client-trust-liability', credit: '0.30', clientId },
      ]),
    );
    // 0.1 added ten times in binary floating point is 0.9999999999999999; here it is exactly 1.00.
    await post(
      entry([
        ...Array.from({ length: 10 }, () => ({ account: 'trust-bank' as const, debit: '0.1', clientId })),
        { account: 'client-trust-liability', credit: '1.00', clientId },
      ]),
    );
    await inFirm(firm, async (tx) => {
      expect(await accountBalance(tx, firm.firmId, 'trust-bank', { clientId, currency: 'NGN' })).toBe('1.30');
      expect(await accountBalance(tx, firm.firmId, 'client-trust-liability', { clientId, currency: 'NGN' })).toBe('-1.30');
    });
    await expect(
      post(
        entry([
          { account: 'trust-bank', debit: '0.10' },
          { account: 'trust-bank', debit: '0.20' },
          { account: 'client-trust-liability', credit: '0.31' },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expectBooksBalanced();
  });
});

describe('the database’s own rules', () => {
  const accountId = (tx: Tx, code: string) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from ledger_accounts where code = ${code}`)).then((rows) => rows[0]!.id);
  const rawEntry = async (tx: Tx) => {
    const [row] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into journal_entries (firm_id, entry_date, memo, source_type, created_by_user_id)
        values (${firm.firmId}, '2026-03-02', 'raw', 'manual', ${firm.users.admin.id}) returning id`),
    );
    return row!.id;
  };
  const rawLine = async (tx: Tx, entryId: string, code: string, debit: string, credit: string, currency = 'NGN') =>
    tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, currency_code)
      values (${firm.firmId}, ${entryId}, ${await accountId(tx, code)}, ${debit}, ${credit}, ${currency})`);

  it('refuses at commit an entry whose debits and credits agree only by adding two currencies', async () => {
    const before = await counts();
    expect(
      await refusalOf(
        inFirm(firm, async (tx) => {
          const entryId = await rawEntry(tx);
          await rawLine(tx, entryId, 'trust-bank', '100.00', '0', 'USD');
          await rawLine(tx, entryId, 'client-trust-liability', '0', '100.00', 'NGN');
        }),
      ),
    ).toMatch(/does not balance in NGN/);
    expect(await counts()).toEqual(before);
  });

  it('accepts an entry that balances in each of its two currencies', async () => {
    const before = await counts();
    await inFirm(firm, async (tx) => {
      const entryId = await rawEntry(tx);
      await rawLine(tx, entryId, 'trust-bank', '100.00', '0', 'USD');
      await rawLine(tx, entryId, 'client-trust-liability', '0', '100.00', 'USD');
      await rawLine(tx, entryId, 'trust-bank', '0', '150000.00', 'NGN');
      await rawLine(tx, entryId, 'client-trust-liability', '150000.00', '0', 'NGN');
    });
    expect(await counts()).toEqual({ entries: before.entries + 1, lines: before.lines + 4 });
  });

  it('refuses a line without a currency, with a code that is not ISO 4217, or with a rate but no home amount', async () => {
    for (const insert of [
      (tx: Tx, entryId: string, accountId: string) =>
        tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit)
          values (${firm.firmId}, ${entryId}, ${accountId}, '5', '0')`),
      (tx: Tx, entryId: string, accountId: string) =>
        tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, currency_code)
          values (${firm.firmId}, ${entryId}, ${accountId}, '5', '0', 'usd')`),
      (tx: Tx, entryId: string, accountId: string) =>
        tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, currency_code, exchange_rate)
          values (${firm.firmId}, ${entryId}, ${accountId}, '5', '0', 'USD', 1500)`),
    ]) {
      expect(
        await refusalOf(
          inFirm(firm, async (tx) => {
            const entryId = await rawEntry(tx);
            await insert(tx, entryId, await accountId(tx, 'operating-bank'));
          }),
        ),
      ).toMatch(/violates (check|not-null) constraint/);
    }
  });

  it('refuses at commit a transaction that leaves an entry unbalanced, and keeps nothing of it', async () => {
    const before = await counts();
    expect(
      await refusalOf(
        inFirm(firm, async (tx) => {
          const entryId = await rawEntry(tx);
          await rawLine(tx, entryId, 'operating-bank', '10.00', '0');
          await rawLine(tx, entryId, 'fee-income', '0', '9.00');
        }),
      ),
    ).toMatch(/does not balance/);
    expect(await counts()).toEqual(before);
  });

  it('refuses at commit an entry without lines', async () => {
    const before = await counts();
    expect(await refusalOf(inFirm(firm, (tx) => rawEntry(tx)))).toMatch(/has no lines/);
    expect(await counts()).toEqual(before);
  });

  it('accepts lines inserted one by one that balance by the commit', async () => {
    const before = await counts();
    await inFirm(firm, async (tx) => {
      const entryId = await rawEntry(tx);
      await rawLine(tx, entryId, 'operating-bank', '10.00', '0');
      await rawLine(tx, entryId, 'fee-income', '0', '4.00');
      await rawLine(tx, entryId, 'fee-income', '0', '6.00');
    });
    expect(await counts()).toEqual({ entries: before.entries + 1, lines: before.lines + 3 });
    await expectBooksBalanced();
  });

  it('refuses a line with both or neither side, or a negative amount', async () => {
    for (const [debit, credit] of [
      ['5', '5'],
      ['0', '0'],
      ['-5', '0'],
    ] as const) {
      expect(
        await refusalOf(
          inFirm(firm, async (tx) => {
            const entryId = await rawEntry(tx);
            await rawLine(tx, entryId, 'operating-bank', debit, credit);
          }),
        ),
      ).toMatch(/violates check constraint/);
    }
  });

  it('refuses lines added to an entry posted in an earlier transaction, even balanced ones', async () => {
    const entryId = await post(
      entry([
        { account: 'operating-bank', debit: '3' },
        { account: 'fee-income', credit: '3' },
      ]),
    );
    const before = await counts();
    expect(
      await refusalOf(
        inFirm(firm, async (tx) => {
          await rawLine(tx, entryId, 'operating-bank', '1', '0');
          await rawLine(tx, entryId, 'fee-income', '0', '1');
        }),
      ),
    ).toMatch(/already posted/);
    expect(await counts()).toEqual(before);
  });

  it('never lets a posted entry or line change or go: the app role has no grant, and triggers refuse even the owner', async () => {
    const entryId = await post(
      entry([
        { account: 'operating-bank', debit: '7' },
        { account: 'fee-income', credit: '7' },
      ]),
    );
    const before = await counts();
    const statements = [
      sql`update journal_entries set memo = 'changed' where id = ${entryId}`,
      sql`delete from journal_entries where id = ${entryId}`,
      sql`update journal_lines set debit = debit + 1 where entry_id = ${entryId} and debit > 0`,
      sql`delete from journal_lines where entry_id = ${entryId}`,
    ];
    for (const statement of statements) {
      expect(await refusalOf(inFirm(firm, (tx) => tx.execute(statement)))).toMatch(/permission denied/);
      expect(await refusalOf(context.database.db.execute(statement))).toMatch(/cannot be changed or deleted/);
    }
    expect(await refusalOf(context.database.db.execute(sql`truncate journal_lines`))).toMatch(/cannot be changed or deleted/);
    expect(await refusalOf(context.database.db.execute(sql`truncate journal_entries cascade`))).toMatch(/cannot be changed or deleted/);
    expect(await counts()).toEqual(before);
    const [row] = await inFirm(firm, (tx) =>
      rowsOf<{ memo: string }>(tx.execute(sql`select memo from journal_entries where id = ${entryId}`)),
    );
    expect(row!.memo).toBe('Test posting');
  });
});

describe('reverseJournalEntry', () => {
  it('posts the mirror entry referencing the original, once; a second reversal is refused (409)', async () => {
    const clientId = firm.portalClient.clientId;
    const ar = () => inFirm(firm, (tx) => accountBalance(tx, firm.firmId, 'accounts-receivable', { clientId, currency: 'NGN' }));
    const arBefore = await ar();
    const original = await post(
      entry(
        [
          { account: 'accounts-receivable', debit: '550.25', clientId, matterId: firm.matterIds[0] },
          { account: 'fee-income', credit: '500.00', clientId, memo: 'Fees' },
          { account: 'tax-payable', credit: '50.25', clientId },
        ],
        { sourceType: 'invoice', sourceId: firm.matterIds[1]! },
      ),
    );
    expect(await ar()).not.toBe(arBefore);
    const reversal = await inFirm(firm, (tx) =>
      reverseJournalEntry(tx, principalOf(firm), original, {
        entryDate: '2026-03-05',
        memo: 'Invoice voided',
        sourceType: 'invoice-void',
        sourceId: firm.matterIds[1]!,
      }),
    );
    expect(await ar()).toBe(arBefore);

    const { data } = (await get(`/api/admin/accounting/get-journal-entries?sourceId=${firm.matterIds[1]}`)).json();
    const [newest, oldest] = data.data;
    expect(newest).toMatchObject({
      id: reversal,
      reversesEntryId: original,
      sourceType: 'invoice-void',
      entryDate: '2026-03-05',
      memo: 'Invoice voided',
    });
    expect(oldest).toMatchObject({ id: original, reversedByEntryId: reversal });
    expect(await auditOf(reversal)).toMatchObject([
      { action: 'journalEntry.reversed', details: { reversesEntryId: original, total: '550.25' } },
    ]);
    const sides = (
      lines: {
        accountCode: string;
        debit: string;
        credit: string;
        clientId: string | null;
        matterId: string | null;
        memo: string | null;
      }[],
    ) => lines.map((line) => `${line.accountCode} ${line.debit}/${line.credit} ${line.clientId} ${line.matterId} ${line.memo}`).sort();
    expect(sides(newest.lines)).toEqual(
      sides(oldest.lines.map((line: { debit: string; credit: string }) => ({ ...line, debit: line.credit, credit: line.debit }))),
    );

    await expect(
      inFirm(firm, (tx) =>
        reverseJournalEntry(tx, principalOf(firm), original, {
          entryDate: '2026-03-06',
          memo: 'Again',
          sourceType: 'invoice-void',
          sourceId: null,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: 'This journal entry has already been reversed' });
    await expectBooksBalanced();
  });

  it('refuses concurrent reversals of one entry but one (the unique reversal, on the database)', async () => {
    const original = await post(
      entry([
        { account: 'operating-bank', debit: '12' },
        { account: 'accounts-receivable', credit: '12' },
      ]),
    );
    const attempts = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        inFirm(firm, (tx) =>
          reverseJournalEntry(tx, principalOf(firm), original, {
            entryDate: '2026-03-07',
            memo: 'Reversed',
            sourceType: 'manual',
            sourceId: null,
          }),
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((attempt) => attempt.status === 'rejected')) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409 });
    }
    const [row] = await inFirm(firm, (tx) =>
      rowsOf<{ reversals: number }>(
        tx.execute(sql`select count(*)::int as reversals from journal_entries where reverses_entry_id = ${original}`),
      ),
    );
    expect(row!.reversals).toBe(1);
  });

  it('answers 404 for another firm’s entry or an unknown id, writing nothing', async () => {
    const original = await post(
      entry([
        { account: 'operating-bank', debit: '8' },
        { account: 'fee-income', credit: '8' },
      ]),
    );
    const before = await counts(otherFirm);
    for (const id of [original, '00000000-0000-4000-8000-000000000000']) {
      await expect(
        inFirm(otherFirm, (tx) =>
          reverseJournalEntry(tx, principalOf(otherFirm), id, {
            entryDate: '2026-03-07',
            memo: 'Not mine',
            sourceType: 'manual',
            sourceId: null,
          }),
        ),
      ).rejects.toMatchObject({ statusCode: 404, message: 'Journal entry not found' });
    }
    expect(await counts(otherFirm)).toEqual(before);
  });
});

describe('tenancy', () => {
  it('shows a firm none of another firm’s accounts, entries or lines (row-level security), nor in the calls', async () => {
    await post(
      entry([
        { account: 'operating-bank', debit: '1' },
        { account: 'fee-income', credit: '1' },
      ]),
    );
    const seen = await inFirm(otherFirm, (tx) =>
      rowsOf<{ firmId: string }>(
        tx.execute(sql`select firm_id as "firmId" from journal_entries union all select firm_id from journal_lines
          union all select firm_id from ledger_accounts`),
      ),
    );
    expect(seen.every((row) => row.firmId === otherFirm.firmId)).toBe(true);
    expect((await get('/api/admin/accounting/get-journal-entries', tokens.otherAdmin)).json().data.totalCount).toBe(0);
    const theirs = await trialBalance('', tokens.otherAdmin);
    expect(theirs.totalDebit).toBe('0.00');
    // Posting to another firm's books from this firm's transaction finds no accounts of that firm.
    await expect(
      inFirm(firm, (tx) =>
        postJournalEntry(
          tx,
          principalOf(otherFirm),
          entry([
            { account: 'operating-bank', debit: '1' },
            { account: 'fee-income', credit: '1' },
          ]),
        ),
      ),
    ).rejects.toThrow();
    expect((await counts(otherFirm)).entries).toBe(0);
  });
});

describe('GET /api/admin/accounting/get-trial-balance', () => {
  it('balances after a mix of postings and reversals, each account’s balance debit − credit, as of a date', async () => {
    const fresh = await seedTestFirm(context.database);
    const token = await signIn(context.app, fresh.users.admin.email);
    const clientId = fresh.portalClient.clientId;
    const invoice = await post(
      entry(
        [
          { account: 'accounts-receivable', debit: '1089.00', clientId },
          { account: 'discounts-given', debit: '100.00' },
          { account: 'fee-income', credit: '900.00', clientId },
          { account: 'expense-recoveries', credit: '100.00', clientId },
          { account: 'tax-payable', credit: '189.00' },
        ],
        { entryDate: '2026-01-10', sourceType: 'invoice' },
      ),
      fresh,
    );
    await post(
      entry(
        [
          { account: 'operating-bank', debit: '500.00' },
          { account: 'accounts-receivable', credit: '500.00', clientId },
        ],
        {
          entryDate: '2026-01-20',
          sourceType: 'invoice-payment',
          sourceId: invoice,
        },
      ),
      fresh,
    );
    await post(
      entry(
        [
          { account: 'write-offs', debit: '89.00' },
          { account: 'accounts-receivable', credit: '89.00', clientId },
        ],
        {
          entryDate: '2026-02-01',
          sourceType: 'invoice-write-off',
        },
      ),
      fresh,
    );
    await post(
      entry(
        [
          { account: 'trust-bank', debit: '2500.00', clientId },
          { account: 'client-trust-liability', credit: '2500.00', clientId },
        ],
        {
          entryDate: '2026-02-03',
          sourceType: 'trust',
        },
      ),
      fresh,
    );
    const voided = await post(
      entry(
        [
          { account: 'accounts-receivable', debit: '50.00', clientId },
          { account: 'fee-income', credit: '50.00', clientId },
        ],
        {
          entryDate: '2026-02-04',
          sourceType: 'invoice',
        },
      ),
      fresh,
    );
    await inFirm(fresh, (tx) =>
      reverseJournalEntry(tx, principalOf(fresh), voided, {
        entryDate: '2026-02-05',
        memo: 'Void',
        sourceType: 'invoice-void',
        sourceId: null,
      }),
    );

    const all = await trialBalance('', token);
    const balances = Object.fromEntries(
      all.accounts
        .filter((account) => account.code)
        .map((account) => [account.code, [account.totalDebit, account.totalCredit, account.balance]]),
    );
    // The firm's own accounts (no code) took nothing from these module postings.
    expect(new Set(all.accounts.filter((account) => !account.code).map((account) => account.balance))).toEqual(new Set(['0.00']));
    expect(balances).toEqual({
      'operating-bank': ['500.00', '0.00', '500.00'],
      'accounts-receivable': ['1139.00', '639.00', '500.00'],
      'fee-income': ['50.00', '950.00', '-900.00'],
      'expense-recoveries': ['0.00', '100.00', '-100.00'],
      'tax-payable': ['0.00', '189.00', '-189.00'],
      'discounts-given': ['100.00', '0.00', '100.00'],
      'write-offs': ['89.00', '0.00', '89.00'],
      'bank-charges': ['0.00', '0.00', '0.00'],
      'trust-bank': ['2500.00', '0.00', '2500.00'],
      'client-trust-liability': ['0.00', '2500.00', '-2500.00'],
      'firm-expenses': ['0.00', '0.00', '0.00'],
      'client-costs-advanced': ['0.00', '0.00', '0.00'],
      'unapplied-cash': ['0.00', '0.00', '0.00'],
      'fx-gain-loss': ['0.00', '0.00', '0.00'],
      'currency-translation': ['0.00', '0.00', '0.00'],
      'opening-balances': ['0.00', '0.00', '0.00'],
      'consultation-fees': ['0.00', '0.00', '0.00'],
      'withholding-tax-receivable': ['0.00', '0.00', '0.00'],
    });
    expect(all).toMatchObject({ asOfDate: null, totalDebit: '4378.00', totalCredit: '4378.00', isBalanced: true });
    await inFirm(fresh, async (tx) => {
      expect(await accountBalance(tx, fresh.firmId, 'accounts-receivable', { clientId, currency: 'NGN' })).toBe('500.00');
      expect(await accountBalance(tx, fresh.firmId, 'accounts-receivable', { clientId: fresh.otherClientId, currency: 'NGN' })).toBe(
        '0.00',
      );
      expect(await accountBalance(tx, fresh.firmId, 'client-trust-liability', { currency: 'NGN' })).toBe('-2500.00');
    });

    const january = await trialBalance('?AsOfDate=2026-01-31', token);
    expect(january).toMatchObject({ asOfDate: '2026-01-31', totalDebit: '1689.00', totalCredit: '1689.00', isBalanced: true });
    expect(january.accounts.find((account) => account.code === 'accounts-receivable')!.balance).toBe('589.00');
  });

  it('needs chartofAccount (SPEC.md §6) and refuses a bad date with 400', async () => {
    expect((await get('/api/admin/accounting/get-trial-balance', tokens.billing)).statusCode).toBe(200);
    for (const url of ['/api/admin/accounting/get-trial-balance', '/api/admin/accounting/get-journal-entries']) {
      const refused = await get(url, tokens.feeEarner);
      expect(refused.statusCode).toBe(403);
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const bad = await get('/api/admin/accounting/get-trial-balance?AsOfDate=31/01/2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await get('/api/admin/accounting/get-journal-entries?sourceType=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/accounting/get-journal-entries', () => {
  it('pages newest first and filters by date range', async () => {
    const fresh = await seedTestFirm(context.database);
    const token = await signIn(context.app, fresh.users.admin.email);
    const ids: string[] = [];
    for (const day of ['01', '02', '03']) {
      ids.push(
        await post(
          entry(
            [
              { account: 'operating-bank', debit: '1' },
              { account: 'fee-income', credit: '1' },
            ],
            { entryDate: `2026-04-${day}` },
          ),
          fresh,
        ),
      );
    }
    const first = (await get('/api/admin/accounting/get-journal-entries?page=1&size=2', token)).json().data;
    expect(first).toMatchObject({ page: 1, size: 2, totalCount: 3 });
    expect(first.data.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const second = (await get('/api/admin/accounting/get-journal-entries?page=2&size=2', token)).json().data;
    expect(second.data.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    const ranged = (await get('/api/admin/accounting/get-journal-entries?FromDate=2026-04-02&ToDate=2026-04-02', token)).json().data;
    expect(ranged.data.map((item: { id: string }) => item.id)).toEqual([ids[1]]);
  });
});
