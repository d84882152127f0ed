import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { trustCalls } from './support/trust-fixture.ts';

/** Data-subject requests (NDPA 2023, ADR 92): log with a due date, export, erase or refuse with the reason, tenancy. */
const BASE = '/api/admin/data-protection';
let fixture: TimeEntryFixture;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const inFirm = <T>(firmId: string, query: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(query)));

let clientCounter = 0;
/** A client of its own, with an email and a contact person, and nothing financial. */
async function newClient(firmId = fixture.firm.firmId) {
  clientCounter += 1;
  const [client] = await inFirm<{ id: string }>(
    firmId,
    sql`insert into clients (firm_id, client_type, first_name, last_name, email, phone, address, notes)
      values (${firmId}, 'individual', 'Adaeze', ${`Okafor${clientCounter}`}, ${`adaeze${clientCounter}@example.ng`}, '+2348031234567',
        '12 Allen Avenue, Ikeja', 'Prefers calls after 5pm') returning id`,
  );
  const [contact] = await inFirm<{ id: string }>(
    firmId,
    sql`insert into client_contacts (firm_id, client_id, name, email) values (${firmId}, ${client!.id}, ${`Chidi Okafor${clientCounter}`}, 'chidi@example.ng') returning id`,
  );
  return { clientId: client!.id, contactId: contact!.id, lastName: `Okafor${clientCounter}` };
}

async function logRequest(body: Record<string, unknown>, token = fixture.tokens.admin) {
  return fixture.call('POST', `${BASE}/requests`, token, { receivedOn: '2026-01-05', ...body });
}
async function loggedRequest(body: Record<string, unknown>) {
  const answer = await logRequest(body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: string; dueOn: string; status: string; subject: { name: string; editPath: string | null } };
}

const auditEventsOf = (requestId: string) =>
  inFirm<{ action: string; details: Record<string, unknown> }>(
    fixture.firm.firmId,
    sql`select action, details from audit_events where entity_id = ${requestId} order by created_at, id`,
  );

describe('data-subject requests', () => {
  it('logs a request due 30 days after it came, then by the firm’s own setting; only administrators', async () => {
    const { clientId, lastName } = await newClient();
    const request = await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'access' });
    expect(request).toMatchObject({
      dueOn: '2026-02-04',
      status: 'open',
      subject: { name: `Adaeze ${lastName}`, editPath: `/clients/${clientId}/edit` },
    });

    const saved = await fixture.call('PUT', `${BASE}/settings`, fixture.tokens.admin, { requestDueDays: 14, closedMatterFileYears: 6 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'correction' })).dueOn).toBe('2026-01-19');
    await fixture.call('PUT', `${BASE}/settings`, fixture.tokens.admin, { requestDueDays: 30, closedMatterFileYears: 7 });

    expect((await logRequest({ subjectType: 'client', subjectId: clientId, kind: 'access' }, fixture.tokens.feeEarner)).statusCode).toBe(
      403,
    );
    const future = await logRequest({ subjectType: 'client', subjectId: clientId, kind: 'access', receivedOn: '2099-01-01' });
    expect([future.statusCode, future.json().message]).toEqual([400, 'Received date cannot be in the future']);
    const badKind = await logRequest({ subjectType: 'client', subjectId: clientId, kind: 'delete-everything' });
    expect([badKind.statusCode, badKind.json().message]).toEqual([400, 'Choose what they asked for']);
    expect((await auditEventsOf(request.id)).map((event) => event.action)).toEqual(['dataSubjectRequest.logged']);
  });

  it('exports the person’s data as JSON and PDF, holding their records and nothing of another firm', async () => {
    const { clientId, lastName } = await newClient();
    const other = await newClient(fixture.otherFirm.firmId);
    const [otherName] = await inFirm<{ name: string }>(
      fixture.otherFirm.firmId,
      sql`select display_name as name from clients where id = ${other.clientId}`,
    );
    const request = await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'access' });

    const answer = await fixture.call('GET', `${BASE}/requests/${request.id}/export`, fixture.tokens.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const exported = answer.json().data as { sections: { title: string; records: Record<string, string | null>[] }[] };
    const record = exported.sections.find((section) => section.title === 'Client record')!.records[0]!;
    expect(record).toMatchObject({
      'Last name': lastName,
      Email: `adaeze${clientCounter - 1}@example.ng`,
      Address: '12 Allen Avenue, Ikeja',
    });
    expect(exported.sections.find((section) => section.title === 'Contact people')!.records.map((contact) => contact.Name)).toEqual([
      `Chidi ${lastName}`,
    ]);
    expect(answer.body).not.toContain(otherName!.name);
    expect(answer.body).not.toContain(fixture.otherFirm.firmId);

    const pdf = await fixture.call('GET', `${BASE}/requests/${request.id}/export-pdf`, fixture.tokens.admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await auditEventsOf(request.id)).map((event) => [event.action, event.details.format])).toEqual([
      ['dataSubjectRequest.logged', undefined],
      ['dataSubjectRequest.exported', 'json'],
      ['dataSubjectRequest.exported', 'pdf'],
    ]);
  });

  it('refuses to erase a client with money held in trust, with the reason, and changes nothing', async () => {
    const { clientId, lastName } = await newClient();
    const trust = trustCalls(fixture);
    const account = await trust.createAccount();
    await trust.deposit(account.id, { clientId, matterId: null }, '250000.00');
    const request = await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'erasure' });

    const answer = await fixture.call('POST', `${BASE}/requests/${request.id}/erase`, fixture.tokens.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const refused = answer.json();
    expect(refused.message).toBe('Erasure refused: the firm must keep this person’s data');
    expect(refused.data.status).toBe('refused');
    expect(refused.data.blockers.map((blocker: { code: string }) => blocker.code)).toEqual([
      'TRUST_MONEY_HELD',
      'FINANCIAL_RECORDS_RETAINED',
    ]);
    expect(refused.data.blockers[0].message).toBe(`Money held in trust: NGN 250,000.00 in ${account.name}`);
    expect(refused.data.outcome).toContain('Money held in trust');
    const [client] = await inFirm<{ lastName: string; email: string }>(
      fixture.firm.firmId,
      sql`select last_name as "lastName", email from clients where id = ${clientId}`,
    );
    expect(client).toEqual({ lastName, email: expect.stringContaining('@example.ng') });
    expect((await auditEventsOf(request.id)).at(-1)).toMatchObject({
      action: 'dataSubjectRequest.erasureRefused',
      details: { blockers: ['TRUST_MONEY_HELD', 'FINANCIAL_RECORDS_RETAINED'] },
    });
    // Closed: a second erase is refused as such.
    expect((await fixture.call('POST', `${BASE}/requests/${request.id}/erase`, fixture.tokens.admin)).statusCode).toBe(409);
  });

  it('erases a client with no duty to keep by anonymising the record, its contacts and the request log, audited without the name', async () => {
    const { clientId, lastName } = await newClient();
    const request = await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'erasure' });
    const answer = await fixture.call('POST', `${BASE}/requests/${request.id}/erase`, fixture.tokens.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ status: 'completed', blockers: [], subject: { name: 'Erased client' } });

    const [client] = await inFirm<Record<string, unknown>>(
      fixture.firm.firmId,
      sql`select display_name, email, phone, address, notes from clients where id = ${clientId}`,
    );
    expect(client).toMatchObject({ email: null, phone: null, address: null, notes: '' });
    expect(String(client!.display_name)).toMatch(/^Erased client /);
    const contacts = await inFirm<{ name: string; email: string | null }>(
      fixture.firm.firmId,
      sql`select name, email from client_contacts where client_id = ${clientId}`,
    );
    expect(contacts).toEqual([{ name: 'Erased contact', email: null }]);
    const events = await auditEventsOf(request.id);
    expect(events.map((event) => event.action)).toEqual(['dataSubjectRequest.logged', 'dataSubjectRequest.erased']);
    expect(JSON.stringify(events)).not.toContain(lastName);
  });

  it('erases a lead and an opposing party (no financial duty applies to them)', async () => {
    const [lead] = await inFirm<{ id: string }>(
      fixture.firm.firmId,
      sql`insert into leads (firm_id, lead_type, first_name, last_name, display_name, email, source)
        values (${fixture.firm.firmId}, 'individual', 'Bola', 'Ige', 'Bola Ige', 'bola@example.ng', 'phone') returning id`,
    );
    const [party] = await inFirm<{ id: string }>(
      fixture.firm.firmId,
      sql`insert into matter_parties (firm_id, matter_id, party_role, name) values (${fixture.firm.firmId}, ${fixture.references.openMatter.id}, 'opposing', 'Tunde Bakare') returning id`,
    );
    for (const [subjectType, subjectId] of [
      ['lead', lead!.id],
      ['opposingParty', party!.id],
    ] as const) {
      const request = await loggedRequest({ subjectType, subjectId, kind: 'erasure' });
      const answer = await fixture.call('POST', `${BASE}/requests/${request.id}/erase`, fixture.tokens.admin);
      expect([answer.statusCode, answer.json().data.status]).toEqual([200, 'completed']);
    }
    const [erasedLead] = await inFirm<Record<string, unknown>>(
      fixture.firm.firmId,
      sql`select display_name, email from leads where id = ${lead!.id}`,
    );
    expect(erasedLead).toEqual({ display_name: 'Erased lead', email: null });
    const [erasedParty] = await inFirm<{ name: string }>(fixture.firm.firmId, sql`select name from matter_parties where id = ${party!.id}`);
    expect(erasedParty!.name).toBe('Erased party');
  });

  it('answers another firm’s person and request as not found, and finds people by name', async () => {
    const other = await newClient(fixture.otherFirm.firmId);
    const answer = await logRequest({ subjectType: 'client', subjectId: other.clientId, kind: 'access' });
    expect([answer.statusCode, answer.json().message]).toEqual([404, 'Person not found']);

    const { clientId, lastName } = await newClient();
    const request = await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'access' });
    for (const path of [`requests/${request.id}`, `requests/${request.id}/export`, `requests/${request.id}/export-pdf`])
      expect((await fixture.call('GET', `${BASE}/${path}`, fixture.tokens.otherAdmin)).statusCode, path).toBe(404);
    expect((await fixture.call('POST', `${BASE}/requests/${request.id}/erase`, fixture.tokens.otherAdmin)).statusCode).toBe(404);

    const found = await fixture.call('GET', `${BASE}/find-subjects?Search=${lastName}`, fixture.tokens.admin);
    expect(found.json().data.map((subject: { subjectType: string }) => subject.subjectType)).toEqual(['client', 'clientContact']);
    const elsewhere = await fixture.call('GET', `${BASE}/find-subjects?Search=${other.lastName}`, fixture.tokens.admin);
    expect(elsewhere.json().data).toEqual([]);
  });

  it('completes an access request and lists open requests first', async () => {
    const { clientId } = await newClient();
    const request = await loggedRequest({ subjectType: 'client', subjectId: clientId, kind: 'access' });
    const done = await fixture.call('POST', `${BASE}/requests/${request.id}/complete`, fixture.tokens.admin, { outcome: 'Sent by email' });
    expect([done.statusCode, done.json().data.status, done.json().data.outcome]).toEqual([200, 'completed', 'Sent by email']);
    const open = await fixture.call('GET', `${BASE}/requests?Status=open&size=100`, fixture.tokens.admin);
    expect(open.json().data.data.map((row: { id: string }) => row.id)).not.toContain(request.id);
  });
});
