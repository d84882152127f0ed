import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bombDocx } from './support/zip-bombs.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/** Bulk import (issue 39): upload, mapping, dry run, background run with progress, error CSV, re-import creating nothing twice. */
let context: TestContext;
let firm: SeededFirm;
let admin: string;
const BASE = '/api/admin/bulk-import';

const upload = (kind: string, fileName: string, content: Buffer, token = admin) => {
  const boundary = `----matterhorn${randomUUID()}`;
  const part = (head: string, body: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
  return context.app.inject({
    method: 'POST',
    url: `${BASE}/upload`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      part('Content-Disposition: form-data; name="kind"', kind),
      part(`Content-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream`, content),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
};
const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
  context.app.inject({ method, url: `${BASE}${url}`, headers: bearer(token), payload });
const inFirm = <T>(query: ReturnType<typeof sql>) => context.database.withFirm(firm.firmId, (tx) => rowsOf<T>(tx.execute(query)));

/** Starts the dry run (answered at once, as checking) and answers the import once it is checked. */
async function dryRun(id: string) {
  const started = await call('POST', `/dry-run/${id}`);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json()).toMatchObject({ message: 'Checking every row: nothing is written', data: { status: 'checking' } });
  await context.app.afterResponse.settled();
  const checked = (await call('GET', `/status/${id}`)).json().data;
  expect(checked.status, JSON.stringify(checked)).toBe('checked');
  return checked;
}

/** Uploads, maps, dry-runs and runs a file; answers the finished import. */
async function importFile(kind: string, fileName: string, content: Buffer, mapping?: Record<string, string | null>) {
  const uploaded = await upload(kind, fileName, content);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { id, mapping: offered } = uploaded.json().data;
  expect((await call('POST', `/map/${id}`, { mapping: { ...offered, ...mapping } })).statusCode).toBe(200);
  const checked = await dryRun(id);
  const started = await call('POST', `/run/${id}`);
  expect(started.statusCode, started.body).toBe(200);
  await context.app.afterResponse.settled();
  return { id, offered, dryRun: checked.dryRun, result: (await call('GET', `/status/${id}`)).json().data };
}

const CLIENTS_CSV = [
  'Kind,Organisation,Given name,Surname,E-mail address,Telephone,Contact person',
  'Company,Okonkwo Holdings Ltd,,,legal@okonkwo.example,0803 000 0001,Ada Okonkwo',
  'Person,,Bisi,Adeyemi,bisi@example.com,,',
  'Person,,Bisi,Adeyemi,bisi@example.com,,',
  'Person,,Tunde,,not-an-email,,',
  'Company,,,,,,',
].join('\r\n');

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  admin = await signIn(context.app, firm.users.admin.email);
});
afterAll(() => context.close());

describe('bulk import', () => {
  it('imports clients through a mapping: a dry run writes nothing, the run creates, skips and refuses as it said', async () => {
    const before = (await inFirm<{ count: number }>(sql`select count(*)::int as count from clients`))[0]!.count;
    const uploaded = await upload('clients', 'clients.csv', Buffer.from(`\uFEFF${CLIENTS_CSV}`));
    const { id, mapping } = uploaded.json().data;
    // Matched by header: the labels and the usual names other products use.
    expect(mapping).toMatchObject({
      clientType: 'Kind',
      companyName: 'Organisation',
      firstName: 'Given name',
      lastName: 'Surname',
      email: 'E-mail address',
      phone: 'Telephone',
      contactName: 'Contact person',
    });
    const checked = await dryRun(id);
    expect(checked).toMatchObject({ totalRows: 5, processedRows: 5, progress: 100 });
    expect(checked.dryRun).toMatchObject({ valid: 2, duplicates: 1, invalid: 2 });
    expect(checked.dryRun.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, outcome: 'duplicate', errors: ['The same row is in the file twice'] }),
        expect.objectContaining({ row: 5, outcome: 'invalid', errors: ['Email "not-an-email" is not an email address'] }),
        expect.objectContaining({ row: 6, outcome: 'invalid', errors: ['A company needs its company name'] }),
      ]),
    );
    expect((await inFirm<{ count: number }>(sql`select count(*)::int as count from clients`))[0]!.count).toBe(before);

    expect((await call('POST', `/run/${id}`)).statusCode).toBe(200);
    expect((await call('POST', `/run/${id}`)).statusCode).toBe(409);
    await context.app.afterResponse.settled();
    const result = (await call('GET', `/status/${id}`)).json().data;
    expect(result).toMatchObject({ status: 'done', progress: 100, createdCount: 2, skippedCount: 1, failedCount: 2, hasErrorFile: true });
    const [company] = await inFirm<{ id: string; display_name: string; contact: string; checks: number }>(
      sql`select c.id, c.display_name, (select name from client_contacts where client_id = c.id) as contact,
                 (select count(*)::int from conflict_checks where client_id = c.id) as checks
            from clients c where c.company_name = 'Okonkwo Holdings Ltd'`,
    );
    expect(company).toMatchObject({ display_name: 'Okonkwo Holdings Ltd', contact: 'Ada Okonkwo', checks: 1 });

    // The refused rows as CSV: the file's columns and why, to fix and upload again.
    const errors = await context.app.inject({ method: 'GET', url: `${BASE}/errors/${id}`, headers: bearer(admin) });
    expect(errors.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = errors.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Kind,Organisation,Given name,Surname,E-mail address,Telephone,Contact person,error');
    expect(lines.slice(1)).toEqual([
      'Person,,Tunde,,not-an-email,,,"Email ""not-an-email"" is not an email address"',
      'Company,,,,,,,A company needs its company name',
    ]);

    // The same file again creates nothing twice; the mapping was saved for the firm's next file.
    const again = await importFile('clients', 'clients-again.csv', Buffer.from(CLIENTS_CSV));
    expect(again.offered).toMatchObject({ clientType: 'Kind', companyName: 'Organisation' });
    expect(again.result).toMatchObject({ status: 'done', createdCount: 0, skippedCount: 3 });
    expect((await inFirm<{ count: number }>(sql`select count(*)::int as count from clients`))[0]!.count).toBe(before + 2);
  });

  it('imports matters then time entries from .xlsx, by the popup’s rules (the fee earner’s rate, the firm’s billing increment)', async () => {
    const [client] = await inFirm<{ name: string }>(
      sql`select display_name as name from clients where deleted_at is null order by display_name limit 1`,
    );
    const workbook = (rows: (string | number | Date)[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Sheet1');
      for (const row of rows) sheet.addRow(row);
      return book.xlsx.writeBuffer().then((buffer) => Buffer.from(buffer));
    };
    const matters = await importFile(
      'matters',
      'matters.xlsx',
      await workbook([
        ['Client', 'Matter', 'Responsible lawyer', 'Hourly rate', 'Date opened'],
        [client!.name, 'Lease renewal 2027', firm.users.feeEarner.email, '120000', '02/01/2026'],
        ['Nobody Ltd', 'Orphan matter', '', '', ''],
      ]),
    );
    expect(matters.result).toMatchObject({ status: 'done', createdCount: 1, failedCount: 1 });
    const [matter] = await inFirm<{ id: string; number: string; open: string; rate: string }>(
      sql`select m.id, m.matter_number as number, m.matter_open_date::text as open, a.hourly_rate::text as rate
            from matters m join matter_assignees a on a.matter_id = m.id where m.matter_name = 'Lease renewal 2027'`,
    );
    expect(matter).toMatchObject({ open: '2026-01-02', rate: '120000.00' });
    expect(matter!.number).toMatch(/^MAT-\d{5}$/);

    const entries = await importFile(
      'timeEntries',
      'time.xlsx',
      await workbook([
        ['Date', 'Client', 'Matter', 'Fee earner', 'Hours', 'Narrative'],
        [new Date(Date.UTC(2026, 0, 5)), client!.name, 'Lease renewal 2027', firm.users.feeEarner.email, 1.33, 'Reviewed the lease'],
        ['06/01/2026', client!.name, 'Lease renewal 2027', firm.users.feeEarner.email, '0.5', 'Call with the landlord'],
        ['07/01/2026', client!.name, 'No such matter', firm.users.feeEarner.email, '1', 'Lost'],
      ]),
    );
    expect(entries.dryRun, JSON.stringify(entries.dryRun)).toMatchObject({ valid: 2, invalid: 1 });
    expect(entries.result).toMatchObject({ status: 'done', createdCount: 2, failedCount: 1 });
    const imported = await inFirm<{ date: string; duration: string; recorded: string; amount: string }>(
      sql`select time_entry_date::text as date, duration::text, recorded_duration::text as recorded, home_total_amount::text as amount
            from time_entries where matter_id = ${matter!.id} order by time_entry_date`,
    );
    // 1.33 h billed at the firm's 0.1 h increment: 1.4 h at the fee earner's 120,000 on the matter.
    expect(imported).toEqual([
      { date: '2026-01-05', duration: '1.4000', recorded: '1.3300', amount: '168000.00' },
      { date: '2026-01-06', duration: '0.5000', recorded: '0.5000', amount: '60000.00' },
    ]);
  });

  it('imports expenses, opening trust balances and opening receivables through the modules that own their rules; the books balance', async () => {
    const [target] = await inFirm<{ client: string; clientId: string; matter: string; matterId: string }>(
      sql`select c.display_name as client, c.id as "clientId", m.matter_name as matter, m.id as "matterId"
            from matters m join clients c on c.id = m.client_id
            where m.deleted_at is null and m.status = 'Open' order by m.created_at limit 1`,
    );
    const { client, matter } = target!;
    const account = await context.app.inject({
      method: 'POST',
      url: '/api/admin/trust-account/create-trust-account',
      headers: bearer(admin),
      payload: { name: 'Client account', bankName: 'Zenith Bank', accountNumber: '1012345678', paymentInstructions: 'Quote the matter.' },
    });
    expect(account.statusCode, account.body).toBe(201);
    const csv = (...lines: string[]) => Buffer.from(lines.join('\n'));

    const expenses = await importFile(
      'expenses',
      'expenses.csv',
      csv(
        'Client,Matter,Date,Description,Amount,Category,Billable',
        `"${client}","${matter}",03/02/2026,Courier to the registry,"4,500.00",Courier,Yes`,
        `"${client}","${matter}",04/02/2026,Search fee,1200,,No`,
        `"${client}","${matter}",05/02/2026,Hotel,90000,Lodging,Yes`,
      ),
    );
    expect(expenses.dryRun).toMatchObject({ valid: 2, invalid: 1 });
    expect(expenses.dryRun.findings[0]).toMatchObject({ row: 4, errors: ['No expense category named "Lodging"'] });
    expect(expenses.result).toMatchObject({ status: 'done', createdCount: 2, failedCount: 1 });
    expect(
      await inFirm(sql`select e.description, e.home_amount::text as amount, e.is_billable as billable, e.approval_status as status, k.name as category
        from expenses e join expense_categories k on k.id = e.category_id where e.matter_id = ${target!.matterId} and e.expense_date >= '2026-02-03'
        order by e.expense_date`),
    ).toEqual([
      { description: 'Courier to the registry', amount: '4500.00', billable: 4, status: 'Approved', category: 'Courier' },
      { description: 'Search fee', amount: '1200.00', billable: 2, status: 'Approved', category: 'Other' },
    ]);

    const trust = await importFile(
      'openingTrustBalances',
      'trust.csv',
      csv(
        'Client,Matter,Trust account,As at,Balance,Reference',
        `"${client}","${matter}",,31/01/2026,"1,000,000.00",Ledger card 17`,
        `"${client}",,Client account,31/01/2026,250000,`,
        `"${client}",,Savings account,31/01/2026,5000,`,
      ),
    );
    expect(trust.result).toMatchObject({ status: 'done', createdCount: 2, failedCount: 1 });
    expect(
      await inFirm(sql`select t.matter_id is not null as "onMatter", t.amount::text, t.reference, t.is_cleared as cleared
        from trust_transactions t where t.client_id = ${target!.clientId} and t.transaction_date = '2026-01-31' order by t.amount desc`),
    ).toEqual([
      { onMatter: true, amount: '1000000.00', reference: 'Ledger card 17', cleared: true },
      { onMatter: false, amount: '250000.00', reference: 'Opening balance', cleared: true },
    ]);

    const receivablesCsv = csv(
      'Client,Matter,Invoice No,Invoice date,Due date,Balance due',
      `"${client}","${matter}",OLD-104,15/09/2025,15/10/2025,"250,000.00"`,
      `"${client}","${matter}",OLD-104,15/09/2025,15/10/2025,"250,000.00"`,
      `"${client}","${matter}",OLD-105,15/09/2025,01/09/2025,1000`,
    );
    const receivables = await importFile('openingReceivables', 'receivables.csv', receivablesCsv);
    expect(receivables.dryRun).toMatchObject({ valid: 1, duplicates: 1, invalid: 1 });
    expect(receivables.result).toMatchObject({ status: 'done', createdCount: 1, skippedCount: 1, failedCount: 1 });
    const [invoice] = await inFirm<{
      id: string;
      number: string;
      status: string;
      total: string;
      balance: string;
      tax: string;
      due: string;
    }>(
      sql`select id, invoice_number as number, status, total::text, balance_due::text as balance, tax_amount::text as tax, due_date::text as due
            from invoices where notes like '%OLD-104%'`,
    );
    expect(invoice).toMatchObject({ status: 'Approved', total: '250000.00', balance: '250000.00', tax: '0.00', due: '2025-10-15' });
    expect(invoice!.number).toMatch(/^INV-\d+$/);
    expect(
      await inFirm(sql`select a.code, l.debit::text, l.credit::text from journal_lines l join journal_entries e on e.id = l.entry_id
        join ledger_accounts a on a.id = l.account_id where e.source_type = 'invoice' and e.source_id = ${invoice!.id} order by a.code`),
    ).toEqual([
      { code: 'accounts-receivable', debit: '250000.00', credit: '0.00' },
      { code: 'opening-balances', debit: '0.00', credit: '250000.00' },
    ]);
    // The same file again creates nothing twice.
    const again = await importFile('openingReceivables', 'receivables.csv', receivablesCsv);
    expect(again.result).toMatchObject({ createdCount: 0, skippedCount: 2, failedCount: 1 });
    const [books] = await inFirm<{ debits: string; credits: string }>(
      sql`select sum(debit)::text as debits, sum(credit)::text as credits from journal_lines`,
    );
    expect(books!.debits).toBe(books!.credits);
  });

  it('refuses a file one byte over 25 MB with 413 and keeps nothing of it', async () => {
    const listed = async () => (await call('GET', '/get-imports')).json().data as unknown[];
    const before = (await listed()).length;
    const header = Buffer.from('Kind,Organisation\r\n');
    const overLimit = Buffer.concat([header, Buffer.alloc(25 * 1024 * 1024 + 1 - header.length, 'a')]);
    const refused = await upload('clients', 'large.csv', overLimit);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ success: false, message: 'The file must be at most 25 MB', data: null });
    expect(await listed()).toHaveLength(before);
    expect(await readdir(join(context.config.dataDir, 'incoming'))).toEqual([]);
  });

  it('refuses a file of more than 50,000 records at upload with 413, keeping nothing, and one of none with 400', async () => {
    const listed = async () => (await call('GET', '/get-imports')).json().data as unknown[];
    const before = (await listed()).length;
    const rows = Array.from({ length: 50_001 }, (_, index) => `Person,,Given${index},Family${index},p${index}@example.com,,`);
    const refused = await upload('clients', 'everyone.csv', Buffer.from([CLIENTS_CSV.split('\r\n')[0], ...rows].join('\r\n')));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'A file can hold at most 50,000 records: split it and import each part',
      data: null,
    });
    const empty = await upload('clients', 'empty.csv', Buffer.from(CLIENTS_CSV.split('\r\n')[0]!));
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'The file has a header row but no records']);
    expect(await listed()).toHaveLength(before);
    expect(await readdir(join(context.config.dataDir, 'incoming'))).toEqual([]);
  });

  it('refuses what it cannot read, and keeps each firm’s imports to itself', async () => {
    const bomb = await upload('clients', 'bomb.xlsx', await bombDocx({ megabytes: 300 }));
    expect([bomb.statusCode, bomb.json().message]).toEqual([400, 'This file could not be read as CSV or Excel (.xlsx)']);
    const noMatter = await upload('matters', 'matters.csv', Buffer.from('Client,Description\r\nA,B'));
    const { id } = noMatter.json().data;
    const refused = await call('POST', `/map/${id}`, { mapping: noMatter.json().data.mapping });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Choose the column for Matter name']);
    expect((await call('POST', `/run/${id}`)).json().message).toBe('Run the dry run first');
    const other = await seedTestFirm(context.database);
    const otherAdmin = await signIn(context.app, other.users.admin.email);
    expect((await call('GET', `/status/${id}`, undefined, otherAdmin)).statusCode).toBe(404);
    const feeEarner = await signIn(context.app, firm.users.feeEarner.email);
    expect((await upload('clients', 'clients.csv', Buffer.from(CLIENTS_CSV), feeEarner)).statusCode).toBe(403);
  });

  // Last: it stops this app's background work.
  it('checks a large file in the background a batch at a time: the API answers meanwhile, and a shutdown stops it between batches', async () => {
    const [known] = await inFirm<{ name: string }>(
      sql`select display_name as name from clients where deleted_at is null and client_type = 'company' order by display_name limit 1`,
    );
    const rows = Array.from({ length: 19_999 }, (_, index) => `Person,,Given${index},Family${index},p${index}@example.com,,`);
    // A name like one the firm has, with another email: created, and flagged for a conflict check.
    rows.push(`Company,${known!.name},,,someone-else@example.com,,`);
    const uploaded = await upload('clients', 'twenty-thousand.csv', Buffer.from([CLIENTS_CSV.split('\r\n')[0], ...rows].join('\r\n')));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id, mapping } = uploaded.json().data;
    expect(uploaded.json().data).toMatchObject({ status: 'uploaded', totalRows: 20_000 });
    expect((await call('POST', `/map/${id}`, { mapping })).statusCode).toBe(200);

    const started = await call('POST', `/dry-run/${id}`);
    expect(started.json().data).toMatchObject({ status: 'checking', totalRows: 20_000 });
    // Answered while the check goes on: the health check, this import's progress, and no second start.
    expect((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await call('GET', `/status/${id}`)).json().data.status).toBe('checking');
    const again = await call('POST', `/dry-run/${id}`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'The dry run is under way: wait for its report']);
    expect((await call('POST', `/run/${id}`)).statusCode).toBe(409);
    await context.app.afterResponse.settled();
    const checked = (await call('GET', `/status/${id}`)).json().data;
    expect(checked).toMatchObject({ status: 'checked', processedRows: 20_000, progress: 100 });
    expect(checked.dryRun).toMatchObject({ valid: 20_000, duplicates: 0, invalid: 0 });
    expect(checked.dryRun.findings).toEqual([{ row: 20_001, outcome: 'create', errors: [], conflicts: expect.any(Number) }]);

    // A shutdown: the check started again stops at its next batch and waits to be run again.
    expect((await call('POST', `/dry-run/${id}`)).statusCode).toBe(200);
    await context.app.afterResponse.stop();
    const stopped = (await call('GET', `/status/${id}`)).json().data;
    expect(stopped).toMatchObject({ status: 'uploaded', failure: 'The dry run stopped before it finished: run it again', dryRun: null });
    expect(stopped.processedRows).toBeLessThan(20_000);
  });
});
