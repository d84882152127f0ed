import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { multipart, pdf } from './support/document-fixture.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { bearer, rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/reports/audit-trail: every change the firm's people made, with when, who, from
 * where and what changed. The firm's trail starts empty; each change below is made through the API
 * from an address and browser of its own, and the expected trail is written from those calls.
 */
let fixture: TimeEntryFixture;
let clientId: string;
let invoice: { id: string; invoiceNumber: string };
let feeEarnerRoleId: string;
let journalEntryId: string;
const today = { iso: '', display: '' };

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const LONG_AGENT = `Matterhorn-Audit-Test/1.0 ${'x'.repeat(400)}`;
const CLIENT_NAME = 'Ọlápé Audit Holdings Ltd';

type Origin = { ip: string; userAgent: string };
const OFFICE: Origin = { ip: '203.0.113.7', userAgent: CHROME_ON_WINDOWS };
const HOME: Origin = { ip: '198.51.100.23', userAgent: FIREFOX_ON_MAC };
const PHONE: Origin = { ip: '2001:db8::5', userAgent: SAFARI_ON_IPHONE };
const SCRIPT: Origin = { ip: '192.0.2.44', userAgent: LONG_AGENT };

/** A call from an address and a browser of its own (and a forwarded-for header the app, without TRUST_PROXY, must ignore). */
async function act(origin: Origin, token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await fixture.context.app.inject({
    method,
    url,
    remoteAddress: origin.ip,
    headers: { ...bearer(token), 'user-agent': origin.userAgent, 'x-forwarded-for': '10.9.9.9' },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

const get = (url: string, token = fixture.tokens.admin) => fixture.call('GET', url, token);
const trail = (query: Record<string, string> = {}) => reportOf(get, 'audit-trail', query);
const asSuperuser = (statement: ReturnType<typeof sql>) => fixture.context.database.db.execute(statement);

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const { firmId } = fixture.firm;
  await asSuperuser(sql`update firms set time_zone = 'Africa/Lagos' where id = ${firmId}`);
  const [now] = await rowsOf<{ iso: string; display: string }>(
    asSuperuser(sql`select to_char(now() at time zone 'Africa/Lagos', 'YYYY-MM-DD') as iso,
      to_char(now() at time zone 'Africa/Lagos', 'DD/MM/YYYY') as display`),
  );
  Object.assign(today, now);
  // An invoice to pay later, issued before the trail starts.
  invoice = await issueFlatFeeInvoice(fixture, { amount: '1500.00', matter: fixture.references.openMatter });
  [{ id: feeEarnerRoleId }] = (await rowsOf<{ id: string }>(
    asSuperuser(sql`select id from roles where firm_id = ${firmId} and name = 'Fee Earner'`),
  )) as [{ id: string }];
  // The trail of this file starts here: the seed's and the invoice's events are not the test's.
  await asSuperuser(sql`delete from audit_events where firm_id = ${firmId}`);

  const { admin, feeEarner, billing } = fixture.tokens;
  const check = await act(SCRIPT, admin, 'POST', '/api/admin/conflict-check/run-conflict-check', { names: [CLIENT_NAME] });
  await act(SCRIPT, admin, 'POST', `/api/admin/conflict-check/record-decision/${check.conflictCheckId}`, { decision: 'no_conflict' });
  clientId = (
    await act(OFFICE, admin, 'POST', '/api/admin/client-info/create-client', {
      clientType: 'company',
      companyName: CLIENT_NAME,
      conflictCheckId: check.conflictCheckId,
    })
  ).id;
  await act(HOME, feeEarner, 'PUT', `/api/admin/client-info/update-client/${clientId}`, {
    clientType: 'company',
    companyName: CLIENT_NAME,
    email: 'accounts@olape.example',
    city: 'Ibadan',
  });
  const roles = (await get('/api/admin/admin-roles/get-roles')).json().data as { id: string; name: string; permissions: string[] }[];
  const feeEarnerRole = roles.find((role) => role.id === feeEarnerRoleId)!;
  await act(OFFICE, admin, 'PUT', `/api/admin/admin-roles/update-role/${feeEarnerRoleId}`, {
    name: feeEarnerRole.name,
    permissions: [...feeEarnerRole.permissions, 'Reports'],
  });
  await act(PHONE, billing, 'POST', `/api/admin/invoice/record-payment/${invoice.id}`, {
    amount: '500.00',
    paymentDate: today.iso,
    method: 'Cash',
  });

  // The other firm's people change things too; none of it may reach this firm's trail.
  await act(OFFICE, fixture.tokens.otherAdmin, 'POST', '/api/admin/admin-roles/create-role', {
    name: `${CLIENT_NAME} role`,
    permissions: [],
  });
});
afterAll(() => fixture.context.close());

describe('where a change came from', () => {
  it('records the client’s address and browser on every audit event a request writes', async () => {
    const events = await rowsOf<{ action: string; ipAddress: string | null; userAgent: string | null }>(
      asSuperuser(sql`select action, ip_address as "ipAddress", user_agent as "userAgent" from audit_events
        where firm_id = ${fixture.firm.firmId} order by id`),
    );
    expect(events).toEqual([
      { action: 'conflictCheck.decided', ipAddress: SCRIPT.ip, userAgent: LONG_AGENT.slice(0, 300) },
      { action: 'client.created', ipAddress: OFFICE.ip, userAgent: CHROME_ON_WINDOWS },
      { action: 'client.updated', ipAddress: HOME.ip, userAgent: FIREFOX_ON_MAC },
      { action: 'role.updated', ipAddress: OFFICE.ip, userAgent: CHROME_ON_WINDOWS },
      // A payment posts its journal entry in the same transaction.
      { action: 'journalEntry.posted', ipAddress: PHONE.ip, userAgent: SAFARI_ON_IPHONE },
      { action: 'invoice.paymentRecorded', ipAddress: PHONE.ip, userAgent: SAFARI_ON_IPHONE },
    ]);
  });

  it('records them too where a request writes in a transaction of its own (an upload)', async () => {
    const chart = (await get('/api/admin/accounting/get-chart-of-accounts')).json().data.accounts as { number: string; id: string }[];
    const idOf = (number: string) => chart.find((account) => account.number === number)!.id;
    journalEntryId = (
      await act(HOME, fixture.tokens.admin, 'POST', '/api/admin/accounting/create-journal-entry', {
        entryDate: today.iso,
        memo: 'Office rent',
        lines: [
          { accountId: idOf('5010'), debit: '250000.00' },
          { accountId: idOf('1000'), credit: '250000.00' },
        ],
      })
    ).id;
    const body = multipart({}, { fileName: 'rent-receipt.pdf', content: await pdf('Rent receipt') });
    const upload = await fixture.context.app.inject({
      method: 'POST',
      url: `/api/admin/accounting/add-journal-attachment/${journalEntryId}`,
      remoteAddress: PHONE.ip,
      headers: { ...bearer(fixture.tokens.admin), 'user-agent': SAFARI_ON_IPHONE, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const events = await rowsOf<{ action: string; ipAddress: string; userAgent: string }>(
      asSuperuser(sql`select action, ip_address as "ipAddress", user_agent as "userAgent" from audit_events
        where firm_id = ${fixture.firm.firmId} and (entity_id = ${journalEntryId} or action = 'journalAttachment.uploaded') order by id`),
    );
    expect(events).toEqual([
      { action: 'journalEntry.posted', ipAddress: HOME.ip, userAgent: FIREFOX_ON_MAC },
      { action: 'journalAttachment.uploaded', ipAddress: PHONE.ip, userAgent: SAFARI_ON_IPHONE },
    ]);
    expect((await rowsOf(asSuperuser(sql`select 1 from audit_events where ip_address = '10.9.9.9'`))).length).toBe(0);
  });
});

describe('the audit-trail report', () => {
  const names = { admin: '', feeEarner: '', billing: '' };
  beforeAll(async () => {
    const members = await rowsOf<{ id: string; name: string }>(
      asSuperuser(sql`select id, name from users where firm_id = ${fixture.firm.firmId}`),
    );
    const nameOf = (id: string) => members.find((member) => member.id === id)!.name;
    names.admin = nameOf(fixture.firm.users.admin.id);
    names.feeEarner = nameOf(fixture.firm.users.feeEarner.id);
    names.billing = nameOf(fixture.firm.users.billing.id);
  });

  it('counts the events by record type and action, each count opening its events', async () => {
    const report = await trail();
    expect(report.level).toBe('summary');
    expect(rowsAs(report.rows, ['recordType', 'action', 'events'])).toEqual([
      { recordType: 'Client', action: 'Client: created', events: 1 },
      { recordType: 'Client', action: 'Client: updated', events: 1 },
      { recordType: 'Conflict check', action: 'Conflict check: decided', events: 1 },
      { recordType: 'Invoice', action: 'Invoice: payment recorded', events: 1 },
      { recordType: 'Journal attachment', action: 'Journal attachment: uploaded', events: 1 },
      { recordType: 'Journal entry', action: 'Journal entry: posted', events: 2 },
      { recordType: 'Role', action: 'Role: updated', events: 1 },
    ]);
    expect(report.rows[0]!.drill).toEqual({ RecordType: 'client', Action: 'client.created' });
    expect(String(report.rows[0]!.cells.first)).toMatch(new RegExp(`^${today.display} \\d{2}:\\d{2}:\\d{2}$`));
    expect(rowsAs(report.totals, ['recordType', 'events'])).toEqual([{ recordType: 'Total', events: 8 }]);
    expect(report.checks).toEqual([expect.objectContaining({ expected: '8', actual: '8', pass: true })]);
    expect(report.columns.find((column) => column.key === 'first')!.label).toBe('First (Africa/Lagos)');
  });

  it('lists each event newest first: when, who, what record, from where, on what device, before and after', async () => {
    const report = await trail({ Level: 'entries', RecordType: 'client' });
    const columns = ['who', 'action', 'recordType', 'record', 'recordId', 'ipAddress', 'device', 'changes'];
    expect(rowsAs(report.rows, columns)).toEqual([
      {
        who: names.feeEarner,
        action: 'Client: updated',
        recordType: 'Client',
        record: CLIENT_NAME,
        recordId: clientId,
        ipAddress: HOME.ip,
        device: 'Firefox 127 on macOS',
        changes: 'city: — → Ibadan; email: — → accounts@olape.example',
      },
      {
        who: names.admin,
        action: 'Client: created',
        recordType: 'Client',
        record: CLIENT_NAME,
        recordId: clientId,
        ipAddress: OFFICE.ip,
        device: 'Chrome 126 on Windows',
        changes: expect.stringMatching(/^client type: company; conflict check id: [0-9a-f-]{36}$/),
      },
    ]);
    expect(String(report.rows[0]!.cells.when)).toMatch(new RegExp(`^${today.display} \\d{2}:\\d{2}:\\d{2}$`));
    expect(report.page).toEqual({ page: 1, size: 100, totalCount: 2 });
    expect(report.totals[0]!.cells.when).toBe('Total: 2 events');

    const role = await trail({ Level: 'entries', Action: 'role.updated' });
    expect(rowsAs(role.rows, ['who', 'record', 'device', 'changes'])).toEqual([
      { who: names.admin, record: 'Fee Earner', device: 'Chrome 126 on Windows', changes: 'permissions: added Reports' },
    ]);
    const payment = await trail({ Level: 'entries', Action: 'invoice.paymentRecorded' });
    expect(rowsAs(payment.rows, ['who', 'record', 'ipAddress', 'device'])).toEqual([
      { who: names.billing, record: invoice.invoiceNumber, ipAddress: PHONE.ip, device: 'Safari 17 on iOS' },
    ]);
    expect(payment.rows[0]!.cells.changes).toContain('paid amount: 0.00 → 500.00');
    expect(payment.rows[0]!.cells.changes).toContain('method: — → Cash');
    const script = await trail({ Level: 'entries', Action: 'conflictCheck.decided' });
    // A device the short rule does not know reads as it came (cut at 300 characters when it was recorded).
    expect(script.rows[0]!.cells.device).toBe(LONG_AGENT.slice(0, 300));
  });

  it('drills from a count, and from the total, to the events behind it', async () => {
    const summary = await trail();
    const row = summary.rows.find((candidate) => candidate.drill?.Action === 'role.updated')!;
    const column = summary.columns.find((candidate) => candidate.key === 'events')!;
    const entries = await trail({ ...row.drill, ...column.drill, Level: 'entries' });
    expect(entries.page!.totalCount).toBe(row.cells.events);
    const everything = await trail({ ...summary.totals[0]!.drill, Level: 'entries', Size: '3' });
    expect(everything.page).toEqual({ page: 1, size: 3, totalCount: 8 });
    const lastPage = await trail({ Level: 'entries', Size: '3', Page: '3' });
    expect(rowsAs(lastPage.rows, ['action'])).toEqual([{ action: 'Client: created' }, { action: 'Conflict check: decided' }]);
    // A searched page counts in the same pass; a page past the end still says how many there are.
    const searched = await trail({ Level: 'entries', Text: HOME.ip, Size: '1', Page: '2' });
    expect(rowsAs(searched.rows, ['action'])).toEqual([{ action: 'Client: updated' }]);
    expect(searched.page).toEqual({ page: 2, size: 1, totalCount: 2 });
    expect((await trail({ Level: 'entries', Text: HOME.ip, Page: '5' })).page).toEqual({ page: 5, size: 100, totalCount: 2 });
    expect((await trail({ Level: 'entries', Page: '5' })).page).toEqual({ page: 5, size: 100, totalCount: 8 });
  });

  it('filters by the team member who acted, the action, the record type, free text and the days in the firm’s time zone', async () => {
    const actions = async (query: Record<string, string>) =>
      (await trail({ ...query, Level: 'entries' })).rows.map((row) => row.cells.action);
    expect(await actions({ UserId: fixture.firm.users.feeEarner.id })).toEqual(['Client: updated']);
    expect(await actions({ UserId: fixture.firm.users.billing.id })).toEqual(['Invoice: payment recorded', 'Journal entry: posted']);
    expect(await actions({ RecordType: 'role' })).toEqual(['Role: updated']);
    // Text: the record's name, a value in the details, an address, a device.
    expect(await actions({ Text: 'lápé AUDIT holdings' })).toEqual(['Client: updated', 'Client: created']);
    expect(await actions({ Text: 'accounts@olape' })).toEqual(['Client: updated']);
    expect(await actions({ Text: HOME.ip })).toEqual(['Journal entry: posted', 'Client: updated']);
    expect(await actions({ Text: 'iPhone OS', RecordType: 'invoice' })).toEqual(['Invoice: payment recorded']);
    expect(await actions({ Text: '100%_' })).toEqual([]);
    expect(await actions({ From: today.iso, To: today.iso, Action: 'client.created' })).toEqual(['Client: created']);

    const filtered = await trail({ UserId: fixture.firm.users.feeEarner.id, Action: 'client.updated', Text: 'Ibadan' });
    expect(filtered.criteria).toEqual([`Changes made: all`, `Changed by: ${names.feeEarner}`, 'Action: Client: updated', 'Text: “Ibadan”']);

    // A change just before midnight UTC is the next day in Lagos (UTC+1).
    await asSuperuser(sql`insert into audit_events (firm_id, actor_user_id, action, entity_type, entity_id, details, created_at)
      values (${fixture.firm.firmId}, ${fixture.firm.users.admin.id}, 'court.created', 'court', 'late-court', '{"after":{"name":"Late Court"}}',
        '2026-01-01T23:30:00Z')`);
    try {
      expect(await actions({ From: '2026-01-02', To: '2026-01-02' })).toEqual(['Court: created']);
      expect(await actions({ From: '2026-01-01', To: '2026-01-01' })).toEqual([]);
      const late = await trail({ From: '2026-01-02', To: '2026-01-02', Level: 'entries' });
      expect(late.rows[0]!.cells).toMatchObject({ when: '02/01/2026 00:30:00', record: 'Late Court', ipAddress: null, device: '' });
    } finally {
      await asSuperuser(sql`delete from audit_events where firm_id = ${fixture.firm.firmId} and entity_id = 'late-court'`);
    }
  });

  it('fails its check when an event’s action is one the trail does not list', async () => {
    await asSuperuser(sql`insert into audit_events (firm_id, action, entity_type, entity_id)
      values (${fixture.firm.firmId}, 'client.renamedByHand', 'client', ${clientId})`);
    try {
      const report = await trail();
      expect(report.checks).toEqual([expect.objectContaining({ expected: '9', actual: '8', pass: false })]);
      expect(report.rows.find((row) => row.drill?.Action === 'client.renamedByHand')!.cells.events).toBe(1);
    } finally {
      await asSuperuser(sql`delete from audit_events where firm_id = ${fixture.firm.firmId} and action = 'client.renamedByHand'`);
    }
    expect((await trail()).checks[0]!.pass).toBe(true);
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const summary = await trail();
    await expectCsvEqualsScreen(get, 'audit-trail', {}, summary);
    await expectPdfOfReport(get, 'audit-trail', {}, summary);
    const entries = await trail({ Level: 'entries' });
    // Every page of the events, whatever page the screen shows.
    await expectCsvEqualsScreen(get, 'audit-trail', { Level: 'entries', Size: '2' }, entries);
    const text = await expectPdfOfReport(get, 'audit-trail', { Level: 'entries' }, entries);
    expect(text).toContain('permissions: added Reports');
    expect(text).toContain(OFFICE.ip);
  });

  it('keeps to the firm’s own events and to people with viewReportsAuditTrail', async () => {
    expect((await trail({ Text: `${CLIENT_NAME} role` })).totals[0]!.cells.events).toBe(0);
    const others = await reportOf((url) => get(url, fixture.tokens.otherAdmin), 'audit-trail', { Level: 'entries', Size: '500' });
    expect(others.rows[0]!.cells).toMatchObject({ action: 'Role: created', record: `${CLIENT_NAME} role` });
    expect(others.rows.some((row) => row.cells.recordId === clientId || row.cells.record === CLIENT_NAME)).toBe(false);
    const foreignUser = await get(`/api/admin/reports/audit-trail?UserId=${fixture.otherFirm.users.admin.id}`);
    expect(foreignUser.statusCode).toBe(404);

    // The billing clerk and the fee earner (given Reports above) read the report centre, but not the trail.
    for (const token of [fixture.tokens.billing, fixture.tokens.feeEarner]) {
      expect((await get('/api/admin/reports/work-in-progress', token)).statusCode).toBe(200);
      expect((await get('/api/admin/reports/audit-trail', token)).statusCode).toBe(403);
      expect((await get('/api/admin/reports/audit-trail?format=csv', token)).statusCode).toBe(403);
    }
    const badAction = await get('/api/admin/reports/audit-trail?Action=client.vanished');
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toBe('Action must be one of the audit trail’s actions');
    expect((await get('/api/admin/reports/audit-trail?From=2026-02-01&To=2026-01-01')).statusCode).toBe(400);
  });
});
