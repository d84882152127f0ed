import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedTablesOf, TABLES_NOT_EXPORTED } from '../src/modules/data-export/data-export.tables.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, readOutbox, rowsOf, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The full export (issue 39): one zip of the demo firm's records, documents and invoices, checked against the database. */
let context: TestContext;
let admin: string;
let firmId: string;
const adminEmail = `admin@${DEMO_FIRM.emailDomain}`;

const call = (token: string, method: 'GET' | 'POST', url: string) => context.app.inject({ method, url, headers: bearer(token) });
const count = async (query: ReturnType<typeof sql>) =>
  (await context.database.withFirm(firmId, (tx) => rowsOf<{ count: number }>(tx.execute(query))))[0]!.count;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
  admin = await signIn(context.app, adminEmail);
  const [row] = await rowsOf<{ id: string }>(context.database.db.execute(sql`select id from firms where portal_slug = ${DEMO_FIRM.slug}`));
  firmId = row!.id;
});
afterAll(() => context.close());

describe('the full export', () => {
  it('builds one zip of every record as CSV and JSON, every document version and each issued invoice, then emails a link', async () => {
    const started = await call(admin, 'POST', '/api/admin/export/start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      message: 'Your export has started. We will email you when it is ready.',
      data: { status: 'running' },
    });
    const id = started.json().data.id as string;
    // One at a time: a second start while it runs is refused.
    expect((await call(admin, 'POST', '/api/admin/export/start')).statusCode).toBe(409);
    await context.app.afterResponse.settled();

    const status = (await call(admin, 'GET', `/api/admin/export/status/${id}`)).json().data;
    expect(status).toMatchObject({ status: 'ready', progress: 100, failure: null });
    expect(new Date(status.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect((await call(admin, 'GET', '/api/admin/export/get-exports')).json().data[0].id).toBe(id);
    const mail = (await readOutbox(context.config)).filter((message) => message.to === adminEmail).at(-1);
    expect(mail?.subject).toBe('Your Matterhorn export is ready');
    expect(new URL(mail!.link!).pathname).toBe('/settings/export');

    const download = await call(admin, 'GET', `/api/admin/export/download/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Number(download.headers['content-length'])).toBe(status.sizeBytes);
    const zip = await JSZip.loadAsync(download.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toContain('README.txt');

    // Records: as many CSV rows and JSON objects as the database holds, every column but the secrets.
    const clientsCsv = (await zip.file('data/clients.csv')!.async('string'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(clientsCsv.length - 1).toBe(await count(sql`select count(*)::int as count from clients where firm_id = ${firmId}`));
    const timeEntries = JSON.parse(await zip.file('data/time-entries.json')!.async('string')) as Record<string, unknown>[];
    expect(timeEntries).toHaveLength(await count(sql`select count(*)::int as count from time_entries where firm_id = ${firmId}`));
    expect(timeEntries[0]).toHaveProperty('home_total_amount');
    const movements = JSON.parse(await zip.file('data/trust-movements.json')!.async('string')) as { amount: string }[];
    expect(movements).toHaveLength(await count(sql`select count(*)::int as count from trust_transactions where firm_id = ${firmId}`));
    const usersHeader = (await zip.file('data/users.csv')!.async('string')).split('\r\n')[0]!;
    expect(usersHeader).toContain('email');
    expect(usersHeader).not.toContain('password_hash');
    expect(usersHeader).not.toContain('totp_secret');
    // Issue 45's records: the leads, and signers without their links' tokens.
    const leads = JSON.parse(await zip.file('data/leads.json')!.async('string')) as unknown[];
    expect(leads).toHaveLength(await count(sql`select count(*)::int as count from leads where firm_id = ${firmId}`));
    expect(leads.length).toBeGreaterThan(0);
    const signersHeader = (await zip.file('data/signature-signers.csv')!.async('string')).split('\r\n')[0]!;
    expect(signersHeader).toContain('email');
    expect(signersHeader).not.toMatch(/token_(hash|sealed)/);
    expect(names).toEqual(expect.arrayContaining(['data/consultation-settings.csv', 'data/engagements.json', 'data/intake-forms.csv']));

    // Every kind: each table of the schema that holds a firm's rows is in the export, all its rows, or is
    // named as never exported with its reason; no secret column is written.
    const tenantTables = (
      await rowsOf<{ name: string }>(
        context.database.db.execute(sql`select distinct table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'firm_id' and table_name in
            (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`),
      )
    ).map((row) => row.name);
    expect(Object.keys(TABLES_NOT_EXPORTED).filter((table) => !tenantTables.includes(table))).toEqual([]);
    const exported = exportedTablesOf(tenantTables);
    expect(new Set(exported.map((entry) => entry.file)).size).toBe(exported.length);
    expect(exported.map((entry) => entry.table).sort()).toEqual(tenantTables.filter((table) => !(table in TABLES_NOT_EXPORTED)).sort());
    const dataFiles = names.filter((name) => name.startsWith('data/') && name.endsWith('.json'));
    expect(dataFiles.sort()).toEqual(exported.map((entry) => `data/${entry.file}.json`).sort());
    for (const kind of [
      'data-subject-requests',
      'breaches',
      'client-messages',
      'privacy-notice-consents',
      'matter-calls',
      'payment-plans',
      'wht-credit-notes',
      'tasks',
      'calendar-events',
      'portal-messages',
    ])
      expect(names).toEqual(expect.arrayContaining([`data/${kind}.csv`, `data/${kind}.json`]));
    for (const { file, table } of exported) {
      const records = JSON.parse(await zip.file(`data/${file}.json`)!.async('string')) as Record<string, unknown>[];
      const stored = await count(sql`select count(*)::int as count from ${sql.raw(table)} where firm_id = ${firmId}`);
      // The audit trail and the outbox have grown since (the download, the ready email); the rest are as exported.
      if (['audit_events', 'outgoing_messages'].includes(table)) expect(records.length, table).toBeLessThanOrEqual(stored);
      else expect(records.length, table).toBe(stored);
      const header = (await zip.file(`data/${file}.csv`)!.async('string')).split('\r\n')[0]!;
      expect(header, table).not.toMatch(
        /password_hash|totp_secret|token_hash|token_sealed|p12_sealed|code_hash|public_key|(^|,)"?sealed|_sealed/,
      );
    }
    expect(await count(sql`select count(*)::int as count from tasks where firm_id = ${firmId}`)).toBeGreaterThan(0);

    // Documents: every version of every document; invoices: each issued one as a PDF.
    const documents = names.filter((name) => name.startsWith('documents/') && !zip.files[name]!.dir);
    expect(documents).toHaveLength(await count(sql`select count(*)::int as count from document_versions where firm_id = ${firmId}`));
    expect(documents.some((name) => / \(v2\)\./.test(name))).toBe(true);
    const pdfs = names.filter((name) => name.startsWith('invoices/') && name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(
      await count(sql`select count(*)::int as count from invoices where firm_id = ${firmId} and number_value is not null`),
    );
    expect((await zip.file(pdfs[0]!)!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');

    // A browser saves a large zip through a one-minute link (no bearer), for this export only.
    const link = (await call(admin, 'POST', `/api/admin/export/download-link/${id}`)).json().data.url as string;
    const viaLink = await context.app.inject({ method: 'GET', url: link });
    expect([viaLink.statusCode, viaLink.headers['content-type'], viaLink.rawPayload.length]).toEqual([
      200,
      'application/zip',
      status.sizeBytes,
    ]);
    const otherId = '00000000-0000-4000-8000-000000000000';
    expect((await context.app.inject({ method: 'GET', url: link.replace(id, otherId) })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: link.replace(/token=.{8}/, 'token=AAAAAAAA') })).statusCode).toBe(404);
  }, 120_000);

  it('shows the demo firm’s recycle bin: a withdrawn matter (its time with it), a time entry recorded twice and a former contact', async () => {
    const bin = (await call(admin, 'GET', '/api/admin/recycle-bin/get-items')).json().data;
    expect(bin.data.map((item: { kind: string; name: string }) => [item.kind, item.name])).toEqual(
      expect.arrayContaining([
        ['matter', 'Boundary survey advice (instructions withdrawn)'],
        ['timeEntry', expect.stringMatching(/^Call with the client \(recorded twice\)/)],
        ['contact', 'Uche Nnadi'],
      ]),
    );
    expect(bin.totalCount).toBe(3);
  });

  it('is for administrators of the firm only', async () => {
    const billing = await signIn(context.app, `billing@${DEMO_FIRM.emailDomain}`);
    expect((await call(billing, 'POST', '/api/admin/export/start')).statusCode).toBe(403);
    const [latest] = (await call(admin, 'GET', '/api/admin/export/get-exports')).json().data as { id: string }[];
    const other = await seedTestFirm(context.database);
    const otherAdmin = await signIn(context.app, other.users.admin.email);
    expect((await call(otherAdmin, 'GET', `/api/admin/export/status/${latest!.id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/admin/export/download/${latest!.id}`)).statusCode).toBe(404);
  });
});
