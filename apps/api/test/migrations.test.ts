import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPglite, MIGRATIONS_FOLDER, openDatabase } from '../src/db/database.ts';
import { defaultChartFor } from '../src/platform/ledger/default-chart.ts';
import { seedCountryAccounts, seedLedgerAccounts, SYSTEM_LEDGER_ACCOUNTS } from '../src/platform/ledger/ledger.ts';
import { rowsOf } from './support/test-app.ts';

type Journal = { entries: { idx: number; tag: string }[] };

/** System accounts an older release did not have: migration 0064 made 4300 one and added 3950, 0085 added 3800, 0105 added 4060, 0111 made 1250 one. */
const CODES_SINCE_0064: readonly string[] = [
  'fx-gain-loss',
  'currency-translation',
  'opening-balances',
  'consultation-fees',
  'withholding-tax-receivable',
];

/** A copy of the migrations folder that stops before the newest migration: an older release. */
async function olderRelease(migrationCount = -1): Promise<{ folder: string; journal: Journal }> {
  const folder = await mkdtemp(join(tmpdir(), 'matterhorn-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const older = { ...journal, entries: journal.entries.slice(0, migrationCount) };
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify(older));
  return { folder, journal };
}

describe('upgrading a database left by an older version', () => {
  it('applies the newer migrations without losing data, and re-running changes nothing', async () => {
    const { folder, journal } = await olderRelease();
    expect(journal.entries.length).toBeGreaterThan(1);
    const pglite = createPglite();
    const database = openDatabase({ pglite });
    try {
      await database.migrate(folder);
      await database.db.execute(sql`insert into firms (id, name) values ('11111111-1111-4111-8111-111111111111', 'Old Firm LLP')`);
      await database.db.execute(
        sql`insert into roles (id, firm_id, name, permissions) values ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'Administrator', '{administrator}')`,
      );
      await database.db.execute(
        sql`insert into users (firm_id, email, name, password_hash, role_id) values ('11111111-1111-4111-8111-111111111111', 'old@firm.example', 'Old User', 'hash', '22222222-2222-4222-8222-222222222222')`,
      );

      await database.migrate();
      await database.migrate();

      const users = await database.withFirm('11111111-1111-4111-8111-111111111111', (tx) =>
        rowsOf<{ email: string }>(tx.execute(sql`select email from users`)),
      );
      expect(users).toEqual([{ email: 'old@firm.example' }]);
      const applied = await rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(applied[0]?.n).toBe(journal.entries.length);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("moves the first release's matters to numbered matters with practice areas", async () => {
    const { folder } = await olderRelease(2);
    const database = openDatabase({ pglite: createPglite() });
    const firmId = '11111111-1111-4111-8111-111111111111';
    try {
      await database.migrate(folder);
      await database.db.execute(sql`insert into firms (id, name) values (${firmId}, 'Old Firm LLP')`);
      await database.db.execute(
        sql`insert into clients (id, firm_id, client_type, company_name) values ('33333333-3333-4333-8333-333333333333', ${firmId}, 'company', 'Old Client Ltd')`,
      );
      for (const [order, name, area] of [
        [1, 'First matter', 'Litigation'],
        [2, 'Second matter', 'Litigation'],
        [3, 'Third matter', null],
      ] as const) {
        await database.db.execute(
          sql`insert into matters (firm_id, client_id, matter_name, billing_type, practice_area, created_at) values (${firmId}, '33333333-3333-4333-8333-333333333333', ${name}, 'Hourly', ${area}, now() + make_interval(secs => ${order}))`,
        );
      }

      await database.migrate();

      const matters = await database.withFirm(firmId, (tx) =>
        rowsOf(
          tx.execute(
            sql`select m.matter_name, m.matter_number, (select string_agg(pa.name, ',') from matter_practice_areas mpa join practice_areas pa on pa.id = mpa.practice_area_id where mpa.matter_id = m.id) as areas from matters m order by m.matter_number`,
          ),
        ),
      );
      expect(matters.map((row) => row.matter_number)).toEqual(['MAT-00001', 'MAT-00002', 'MAT-00003']);
      expect(matters.map((row) => row.areas)).toEqual(['Litigation', 'Litigation', null]);
      const [client] = await database.withFirm(firmId, (tx) => rowsOf(tx.execute(sql`select display_name from clients`)));
      expect(client?.display_name).toBe('Old Client Ltd');
      const [numbering] = await database.withFirm(firmId, (tx) =>
        rowsOf(tx.execute(sql`select next_value from firm_sequences where sequence = 'matter'`)),
      );
      expect(Number(numbering?.next_value)).toBe(4);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('gives every firm of an older release the chart of accounts (migrations 0029, 0046, 0049, 0105 and 0111)', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    const { folder } = await olderRelease(journal.entries.findIndex((entry) => entry.tag === '0029_general_ledger'));
    const database = openDatabase({ pglite: createPglite() });
    const firmIds = ['11111111-1111-4111-8111-111111111111', '44444444-4444-4444-8444-444444444444'];
    try {
      await database.migrate(folder);
      for (const firmId of firmIds) await database.db.execute(sql`insert into firms (id, name) values (${firmId}, 'Old Firm LLP')`);

      await database.migrate();

      for (const firmId of firmIds) {
        const accounts = await database.withFirm(firmId, (tx) =>
          rowsOf<{ code: string; name: string; normal_balance: string }>(
            tx.execute(sql`select code, name, normal_balance from ledger_accounts where code is not null order by code`),
          ),
        );
        expect(accounts.map((account) => account.code)).toEqual([
          'accounts-receivable',
          'bank-charges',
          'client-costs-advanced',
          'client-trust-liability',
          'consultation-fees',
          'currency-translation',
          'discounts-given',
          'expense-recoveries',
          'fee-income',
          'firm-expenses',
          'fx-gain-loss',
          'opening-balances',
          'operating-bank',
          'tax-payable',
          'trust-bank',
          'unapplied-cash',
          'withholding-tax-receivable',
          'write-offs',
        ]);
        expect(accounts.find((account) => account.code === 'write-offs')).toMatchObject({
          name: 'Bad debt write-offs',
          normal_balance: 'debit',
        });
        expect(accounts.find((account) => account.code === 'bank-charges')).toMatchObject({
          name: 'Bank and payment charges',
          normal_balance: 'debit',
        });
      }
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('numbers every older firm’s chart as new firms get it, by its country, keeping its system accounts and their lines (migration 0059)', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    const { folder } = await olderRelease(journal.entries.findIndex((entry) => entry.tag === '0059_chart_of_accounts'));
    const database = openDatabase({ pglite: createPglite() });
    const firms = [
      { id: '11111111-1111-4111-8111-111111111111', country: 'Nigeria' },
      { id: '44444444-4444-4444-8444-444444444444', country: 'United Kingdom' },
    ];
    try {
      await database.migrate(folder);
      for (const firm of firms) {
        await database.db.execute(sql`insert into firms (id, name, country) values (${firm.id}, 'Old Firm LLP', ${firm.country})`);
        await database.db.execute(sql`insert into ledger_accounts (firm_id, code, name, type, normal_balance, is_system)
          select ${firm.id}, code, name, type, normal_balance, true from (values
            ${sql.join(
              SYSTEM_LEDGER_ACCOUNTS.filter((account) => !CODES_SINCE_0064.includes(account.code)).map(
                (account) => sql`(${account.code}, ${account.name}, ${account.type}, ${account.normalBalance})`,
              ),
              sql`, `,
            )}) as system (code, name, type, normal_balance)
          on conflict do nothing`);
      }
      const before = await rowsOf<{ id: string; code: string }>(
        database.db.execute(sql`select id, code from ledger_accounts where firm_id = ${firms[0]!.id}`),
      );

      await database.migrate();

      for (const firm of firms) {
        const chart = await database.withFirm(firm.id, (tx) =>
          rowsOf<{
            id: string;
            number: string;
            name: string;
            type: string;
            code: string | null;
            parent: string | null;
            owner: string | null;
            normalBalance: string;
          }>(
            tx.execute(sql`select a.id, a.number, a.name, a.type, a.code, p.number as parent, a.owned_by_module as owner, a.normal_balance as "normalBalance"
              from ledger_accounts a left join ledger_accounts p on p.id = a.parent_id order by a.number`),
          ),
        );
        const expected = defaultChartFor(firm.country);
        expect(chart.map(({ id: _id, ...account }) => account)).toEqual(
          expected.map((account) => ({
            number: account.number,
            name: account.name,
            type: account.type,
            code: account.code ?? null,
            parent: account.parentNumber ?? null,
            owner: account.ownedByModule ?? null,
            normalBalance: account.normalBalance ?? (account.type === 'asset' || account.type === 'expense' ? 'debit' : 'credit'),
          })),
        );
      }
      // The system accounts are the same rows (their lines keep pointing at them), now numbered.
      const after = await rowsOf<{ id: string; code: string }>(
        database.db.execute(sql`select id, code from ledger_accounts where firm_id = ${firms[0]!.id} and code is not null`),
      );
      expect(new Map(after.filter((row) => !CODES_SINCE_0064.includes(row.code)).map((row) => [row.code, row.id]))).toEqual(
        new Map(before.map((row) => [row.code, row.id])),
      );
      // A new firm in the same countries gets the same chart (the seed and the migration agree).
      const newFirmId = '77777777-7777-4777-8777-777777777777';
      await database.db.execute(sql`insert into firms (id, name) values (${newFirmId}, 'New Firm LLP')`);
      await database.withFirm(newFirmId, async (tx) => {
        await seedLedgerAccounts(tx, newFirmId);
        await seedCountryAccounts(tx, newFirmId, 'Nigeria');
      });
      const fresh = await database.withFirm(newFirmId, (tx) =>
        rowsOf<{ number: string; name: string; parent: string | null }>(
          tx.execute(
            sql`select a.number, a.name, p.number as parent from ledger_accounts a left join ledger_accounts p on p.id = a.parent_id order by a.number`,
          ),
        ),
      );
      expect(fresh).toEqual(
        defaultChartFor('Nigeria').map((account) => ({ number: account.number, name: account.name, parent: account.parentNumber ?? null })),
      );
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("gives every journal line of an older release its currency: its trust account's, its invoice's, else the firm's home currency (migration 0048)", async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    const { folder } = await olderRelease(journal.entries.findIndex((entry) => entry.tag === '0048_journal_line_currency'));
    const database = openDatabase({ pglite: createPglite() });
    const firmId = '11111111-1111-4111-8111-111111111111';
    const userId = '33333333-3333-4333-8333-333333333333';
    const clientId = '44444444-4444-4444-8444-444444444444';
    const usdAccountId = '55555555-5555-4555-8555-555555555555';
    const invoiceId = '66666666-6666-4666-8666-666666666666';
    try {
      await database.migrate(folder);
      const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      await run(
        sql`insert into firms (id, name, home_currency_id) select ${firmId}, 'Old Firm LLP', id from currencies where iso_code = 'NGN'`,
      );
      await run(
        sql`insert into roles (id, firm_id, name, permissions) values ('22222222-2222-4222-8222-222222222222', ${firmId}, 'Administrator', '{administrator}')`,
      );
      await run(sql`insert into users (id, firm_id, email, name, password_hash, role_id)
        values (${userId}, ${firmId}, 'old@firm.example', 'Old User', 'hash', '22222222-2222-4222-8222-222222222222')`);
      await run(
        sql`insert into clients (id, firm_id, client_type, company_name) values (${clientId}, ${firmId}, 'company', 'Old Client Ltd')`,
      );
      await run(sql`insert into ledger_accounts (firm_id, code, name, type, normal_balance)
        values (${firmId}, 'trust-bank', 'Client trust bank', 'asset', 'debit'),
               (${firmId}, 'client-trust-liability', 'Client trust liability', 'liability', 'credit'),
               (${firmId}, 'accounts-receivable', 'Accounts receivable', 'asset', 'debit'),
               (${firmId}, 'fee-income', 'Fee income', 'income', 'credit'),
               (${firmId}, 'operating-bank', 'Operating bank', 'asset', 'debit')`);
      await run(sql`insert into trust_accounts (id, firm_id, name, bank_name, account_number_last4, currency_code, created_by_user_id)
        values (${usdAccountId}, ${firmId}, 'Dollar account', 'Zenith', '1234', 'USD', ${userId})`);
      await run(sql`insert into invoices (id, firm_id, client_id, status, issue_date, due_date, currency_id, created_by_user_id)
        select ${invoiceId}, ${firmId}, ${clientId}, 'Draft', '2025-01-01', '2025-01-31', id, ${userId} from currencies where iso_code = 'GBP'`);
      // Each entry with its lines in one statement (one transaction): lines join only an entry of their own transaction.
      const post = (
        memo: string,
        sourceType: string,
        sourceId: string | null,
        debit: string,
        credit: string,
        trustAccountId: string | null,
      ) =>
        run(sql`with entry as (
            insert into journal_entries (firm_id, entry_date, memo, source_type, source_id, created_by_user_id)
            values (${firmId}, '2025-01-02', ${memo}, ${sourceType}, ${sourceId}, ${userId}) returning id)
          insert into journal_lines (firm_id, entry_id, account_id, debit, credit, trust_account_id)
          select ${firmId}, entry.id, a.id, case when a.code = ${debit} then 100 else 0 end, case when a.code = ${credit} then 100 else 0 end,
            ${trustAccountId}::uuid
          from entry join ledger_accounts a on a.firm_id = ${firmId} and a.code in (${debit}, ${credit})`);
      await post('USD deposit', 'trust', null, 'trust-bank', 'client-trust-liability', usdAccountId);
      await post('GBP invoice', 'invoice', invoiceId, 'accounts-receivable', 'fee-income', null);
      await post('Office cash', 'manual', null, 'operating-bank', 'fee-income', null);

      await database.migrate();

      const lines = await database.withFirm(firmId, (tx) =>
        rowsOf<{ memo: string; code: string; currency: string }>(
          tx.execute(sql`select e.memo, a.code, l.currency_code as currency from journal_lines l
            join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id order by e.memo, a.code`),
        ),
      );
      expect(lines).toEqual([
        { memo: 'GBP invoice', code: 'accounts-receivable', currency: 'GBP' },
        { memo: 'GBP invoice', code: 'fee-income', currency: 'GBP' },
        { memo: 'Office cash', code: 'fee-income', currency: 'NGN' },
        { memo: 'Office cash', code: 'operating-bank', currency: 'NGN' },
        { memo: 'USD deposit', code: 'client-trust-liability', currency: 'USD' },
        { memo: 'USD deposit', code: 'trust-bank', currency: 'USD' },
      ]);
      // Posted lines are immutable again once the backfill is done.
      await expect(run(sql`update journal_lines set currency_code = 'EUR'`)).rejects.toThrow();
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('books the expenses an older release marked paid, once (migration 0049)', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    const { folder } = await olderRelease(journal.entries.findIndex((entry) => entry.tag === '0049_books_tie_out'));
    const database = openDatabase({ pglite: createPglite() });
    const firmId = '55555555-5555-4555-8555-555555555555';
    try {
      await database.migrate(folder);
      const [user] = await rowsOf<{ id: string }>(
        database.db.execute(sql`with firm as (insert into firms (id, name, home_currency_id)
            select ${firmId}, 'Old Firm LLP', id from currencies where iso_code = 'NGN' returning id),
          role as (insert into roles (firm_id, name, permissions) select id, 'Administrator', '{administrator}' from firm returning id, firm_id)
          insert into users (firm_id, email, name, password_hash, role_id) select firm_id, 'old@firm.example', 'Old User', 'hash', id from role
          returning id`),
      );
      // A firm of that release was created with its chart of accounts.
      await database.db.execute(sql`insert into ledger_accounts (firm_id, code, name, type, normal_balance, is_system)
        values (${firmId}, 'operating-bank', 'Operating bank', 'asset', 'debit', true)`);
      const [category] = await rowsOf<{ id: string }>(
        database.db.execute(sql`insert into expense_categories (firm_id, name) values (${firmId}, 'Courier') returning id`),
      );
      for (const [description, amount, status] of [
        ['Courier, paid', '1500.00', 'Paid'],
        ['Courier, unpaid', '700.00', 'Unpaid'],
      ] as const) {
        await database.db.execute(sql`insert into expenses (firm_id, is_firm_expense, expense_date, description, category_id, quantity,
            unit_cost, amount, home_amount, home_currency_id, is_billable, approval_status, decided_by_user_id, payment_status, paid_date,
            added_by_user_id)
          select ${firmId}, true, '2025-03-01', ${description}, ${category!.id}, 1, ${amount}, ${amount}, ${amount}, home_currency_id, 2,
            'Approved', ${user!.id}, ${status}, case when ${status} = 'Paid' then date '2025-03-04' end, ${user!.id}
          from firms where id = ${firmId}`);
      }

      await database.migrate();
      await database.migrate();

      const booked = await database.withFirm(firmId, (tx) =>
        rowsOf<{ account: string; debit: string; credit: string; entryDate: string; paid: boolean }>(
          tx.execute(sql`select a.code as account, l.debit::text as debit, l.credit::text as credit, e.entry_date::text as "entryDate",
              x.payment_entry_id = e.id as paid
            from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
              join expenses x on x.id = e.source_id
            where e.source_type = 'expense-payment' order by a.code`),
        ),
      );
      expect(booked).toEqual([
        { account: 'firm-expenses', debit: '1500.00', credit: '0.00', entryDate: '2025-03-04', paid: true },
        { account: 'operating-bank', debit: '0.00', credit: '1500.00', entryDate: '2025-03-04', paid: true },
      ]);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('counts the lines behind the day totals an older release kept, and keeps counting them (migration 0066)', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    const { folder } = await olderRelease(journal.entries.findIndex((entry) => entry.tag === '0066_ledger_pages_from_day_totals'));
    const database = openDatabase({ pglite: createPglite() });
    const firmId = '77777777-7777-4777-8777-777777777777';
    try {
      await database.migrate(folder);
      const [user] = await rowsOf<{ id: string }>(
        database.db.execute(sql`with firm as (insert into firms (id, name, home_currency_id)
            select ${firmId}, 'Old Firm LLP', id from currencies where iso_code = 'NGN' returning id),
          role as (insert into roles (firm_id, name, permissions) select id, 'Administrator', '{administrator}' from firm returning id, firm_id)
          insert into users (firm_id, email, name, password_hash, role_id) select firm_id, 'old@firm.example', 'Old User', 'hash', id from role
          returning id`),
      );
      await database.db.execute(sql`insert into ledger_accounts (firm_id, code, number, name, type, normal_balance, is_system)
        values (${firmId}, 'operating-bank', '1000', 'Operating bank', 'asset', 'debit', true),
               (${firmId}, 'fee-income', '4000', 'Fee income', 'income', 'credit', true)`);
      // Each entry with its lines in one statement (one transaction): the deferred trigger keeps the day totals at commit.
      const post = (lines: number) =>
        database.db.execute(sql`with entry as (
            insert into journal_entries (firm_id, entry_date, memo, source_type, created_by_user_id)
            values (${firmId}, '2025-05-02', 'Fees received', 'manual', ${user!.id}) returning id)
          insert into journal_lines (firm_id, entry_id, account_id, debit, credit, currency_code)
          select ${firmId}, entry.id, a.id, case when a.code = 'operating-bank' then 10 else 0 end,
            case when a.code = 'fee-income' then 10 else 0 end, 'NGN'
          from entry join ledger_accounts a on a.firm_id = ${firmId} and a.code in ('operating-bank', 'fee-income')
          cross join generate_series(1, ${lines}::int)`);
      await post(2);
      await post(1);

      await database.migrate();
      const counted = () =>
        database.withFirm(firmId, (tx) =>
          rowsOf<{ code: string; debit: string; credit: string; lines: number }>(
            tx.execute(sql`select a.code, t.debit::text as debit, t.credit::text as credit, t.lines from journal_day_totals t
              join ledger_accounts a on a.id = t.account_id order by a.code`),
          ),
        );
      expect(await counted()).toEqual([
        { code: 'fee-income', debit: '0.00', credit: '30.00', lines: 3 },
        { code: 'operating-bank', debit: '30.00', credit: '0.00', lines: 3 },
      ]);
      await post(1);
      expect((await counted()).map((total) => total.lines)).toEqual([4, 4]);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps a persisted PGlite data directory across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-data-'));
    try {
      const first = openDatabase({ dataDir });
      await first.migrate();
      await first.db.execute(sql`insert into firms (name) values ('Persistent Partners')`);
      await first.close();
      const second = openDatabase({ dataDir });
      await second.migrate();
      const firms = await rowsOf<{ name: string }>(second.db.execute(sql`select name from firms`));
      expect(firms).toEqual([{ name: 'Persistent Partners' }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
