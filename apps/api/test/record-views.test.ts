import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BASE, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';

/** "Who looked" (ADR 92): each view of a client's matter, document or trust ledger by a member is one row, read by the audit trail's readers. */
const WHO_LOOKED = '/api/admin/record-views';
let fixture: DocumentFixture;
let clientId: string;
let matterId: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  ({ clientId, id: matterId } = fixture.references.openMatter);
});
afterAll(() => fixture.context.close());

type ViewRow = { userId: string; recordType: string; recordId: string; clientId: string; matterId: string | null };
const viewsOfClient = () =>
  fixture.sqlRows<ViewRow>(
    sql`select user_id as "userId", record_type as "recordType", record_id as "recordId", client_id as "clientId", matter_id as "matterId"
      from record_views where client_id = ${clientId} order by viewed_at, id`,
  );
/**
 * What the views added: the rows written after `before` of them. A GET's commit goes out beside its
 * answer (ADR 38), so on PostgreSQL the row lands a moment after the answer: wait for it.
 */
const added = async (before: number, expected = 1) => {
  for (let wait = 0; wait < 100; wait++) {
    const rows = (await viewsOfClient()).slice(before);
    if (rows.length >= expected) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (await viewsOfClient()).slice(before);
};
const moment = () => new Promise((resolve) => setTimeout(resolve, 200));
/** The member just made by memberWith: the newest user of the firm. */
const newestMemberId = async () =>
  (await fixture.sqlRows<{ id: string }>(sql`select id from users order by created_at desc, id limit 1`))[0]!.id;

describe('recording who looked', () => {
  it('records one row with who for a matter’s page, a document opened, downloaded, listed, and a trust ledger; a reload within a minute counts once', async () => {
    const member = await fixture.memberWith(['matterMaster', 'document', 'trustAccountRequest']);
    const memberId = await newestMemberId();
    const folderId = await fixture.matterFolderId(matterId);
    const document = await fixture.uploadPdf(folderId, 'Witness statement.pdf', 'Statement');

    let before = (await viewsOfClient()).length;
    const matter = await fixture.call('GET', `/api/admin/matter-master/get-matter-view?matterid=${matterId}`, member);
    expect(matter.statusCode, matter.body).toBe(200);
    expect(await added(before)).toEqual([{ userId: memberId, recordType: 'matter', recordId: matterId, clientId, matterId }]);
    // The page's own refetch a moment later: the same view.
    await fixture.call('GET', `/api/admin/matter-master/get-matter-view?matterid=${matterId}`, member);
    await moment();
    expect(await added(before)).toHaveLength(1);

    before = (await viewsOfClient()).length;
    expect((await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${document.id}`, member)).statusCode).toBe(200);
    expect(await added(before)).toEqual([{ userId: memberId, recordType: 'document', recordId: document.id, clientId, matterId }]);

    // Another member downloading it is a view of their own.
    before = (await viewsOfClient()).length;
    const download = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${document.id}`, fixture.tokens.feeEarner);
    expect(download.statusCode).toBe(200);
    const feeEarnerId = fixture.firm.users.feeEarner.id;
    expect(await added(before)).toEqual([{ userId: feeEarnerId, recordType: 'document', recordId: document.id, clientId, matterId }]);

    before = (await viewsOfClient()).length;
    expect((await fixture.call('GET', `${DOCUMENT_BASE}/get-folder?MatterId=${matterId}`, member)).statusCode).toBe(200);
    expect(await added(before)).toEqual([{ userId: memberId, recordType: 'documentList', recordId: folderId, clientId, matterId }]);

    before = (await viewsOfClient()).length;
    const ledger = await fixture.call('GET', `/api/admin/trust-account/get-client-ledger?ClientId=${clientId}`, member);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const matterLedger = await fixture.call(
      'GET',
      `/api/admin/trust-account/get-client-ledger?ClientId=${clientId}&MatterId=${matterId}`,
      member,
    );
    expect(matterLedger.statusCode, matterLedger.body).toBe(200);
    expect(await added(before, 2)).toEqual([
      { userId: memberId, recordType: 'trustLedger', recordId: clientId, clientId, matterId: null },
      { userId: memberId, recordType: 'trustLedger', recordId: matterId, clientId, matterId },
    ]);
  });

  it('records nothing for a refused or unknown read, and the app’s role can never change or remove a view', async () => {
    const before = (await viewsOfClient()).length;
    const refused = await fixture.call(
      'GET',
      `/api/admin/matter-master/get-matter-view?matterid=${fixture.otherReferences.openMatter.id}`,
      fixture.tokens.admin,
    );
    expect(refused.statusCode).toBe(404);
    await moment();
    expect(await added(before, 0)).toEqual([]);
    await expect(fixture.sqlRows(sql`update record_views set user_id = user_id`)).rejects.toThrow();
    await expect(fixture.sqlRows(sql`delete from record_views`)).rejects.toThrow();
    expect((await viewsOfClient()).length).toBe(before);
  });
});

describe('the who-looked list', () => {
  it('answers a client’s views newest first with who, what and the matter, a page at a time, filtered by member and kind', async () => {
    const first = await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&PageSize=2`, fixture.tokens.admin);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    const total = (await viewsOfClient()).length;
    expect(page).toMatchObject({ clientId, page: 1, size: 2, totalCount: total });
    expect(page.clientName).toEqual(expect.any(String));
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ recordType: 'trustLedger', recordId: matterId, matterId, userName: expect.any(String) });
    expect(page.data[0].recordName).toBe(page.data[0].matterName);
    expect(Date.parse(page.data[0].viewedAt)).toBeGreaterThanOrEqual(Date.parse(page.data[1].viewedAt));

    const second = (await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&PageSize=2&PageNumber=2`, fixture.tokens.admin)).json()
      .data;
    expect(second.page).toBe(2);
    expect(second.data.map((row: { id: string }) => row.id)).not.toContain(page.data[0].id);
    const past = (await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&PageSize=2&PageNumber=99`, fixture.tokens.admin)).json()
      .data;
    expect([past.data, past.totalCount]).toEqual([[], total]);

    const feeEarnerId = fixture.firm.users.feeEarner.id;
    const byMember = (await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&UserId=${feeEarnerId}`, fixture.tokens.admin)).json()
      .data;
    expect(byMember.data).toEqual([
      expect.objectContaining({ recordType: 'document', recordName: 'Witness statement.pdf', userId: feeEarnerId }),
    ]);
    const ledgers = (await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&RecordType=trustLedger`, fixture.tokens.admin)).json()
      .data;
    expect(ledgers.data.map((row: { recordType: string }) => row.recordType)).toEqual(['trustLedger', 'trustLedger']);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = (await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&From=${tomorrow}`, fixture.tokens.admin)).json().data;
    expect(future.totalCount).toBe(0);
  });

  it('answers 404 for another firm’s client, 400 without a client or for bad filters, and refuses a member without the audit trail', async () => {
    const other = await fixture.call('GET', `${WHO_LOOKED}?ClientId=${fixture.otherReferences.openMatter.clientId}`, fixture.tokens.admin);
    expect([other.statusCode, other.json().message]).toEqual([404, expect.stringContaining('Client')]);
    const missing = await fixture.call('GET', WHO_LOOKED, fixture.tokens.admin);
    expect([missing.statusCode, missing.json().success]).toEqual([400, false]);
    expect((await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&RecordType=invoice`, fixture.tokens.admin)).statusCode).toBe(400);
    expect(
      (await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}&From=2026-05-02&To=2026-05-01`, fixture.tokens.admin)).statusCode,
    ).toBe(400);

    const member = await fixture.memberWith(['matterMaster', 'document', 'trustAccountRequest', 'Reports']);
    expect((await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}`, member)).statusCode).toBe(403);
    expect((await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}`, fixture.tokens.feeEarner)).statusCode).toBe(403);
    const auditor = await fixture.memberWith(['viewReportsAuditTrail']);
    expect((await fixture.call('GET', `${WHO_LOOKED}?ClientId=${clientId}`, auditor)).statusCode).toBe(200);
  });
});
