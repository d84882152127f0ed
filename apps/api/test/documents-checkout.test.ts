import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { DOCUMENT_BASE, pdf, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';

let fixture: DocumentFixture;
let folderId: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  folderId = await fixture.matterFolderId();
});
afterAll(() => fixture.context.close());

const checkOut = (id: string, token: string, hours = 8) => fixture.call('POST', `${DOCUMENT_BASE}/check-out/${id}`, token, { hours });
const checkIn = async (id: string, token: string, baseVersion: number, words = 'Edited') =>
  fixture.send(
    `${DOCUMENT_BASE}/check-in/${id}`,
    { BaseVersion: String(baseVersion), note: words },
    { fileName: 'edited.pdf', content: await pdf(words) },
    token,
  );

describe('check-out and check-in', () => {
  it('lets the holder check out, extend and check in a new version, and clears the check-out', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Contract.pdf');
    const out = await checkOut(id, fixture.tokens.feeEarner, 2);
    expect(out.statusCode).toBe(200);
    expect(out.json().data.checkout).toMatchObject({
      userId: fixture.firm.users.feeEarner.id,
      userName: 'Tunde Bakare',
      isExpired: false,
      baseVersion: 1,
    });
    expect((await checkOut(id, fixture.tokens.feeEarner, 24)).statusCode).toBe(200);
    const response = await checkIn(id, fixture.tokens.feeEarner, 1);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ currentVersionNumber: 2, checkout: null, hasConflict: false });
    expect(response.json().data.versions[0]).toMatchObject({ basedOnVersion: 1, isConflict: false });
  });

  it('refuses another member’s check-out, check-in and new version while held, and a check-in without a check-out', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Held.pdf');
    await checkOut(id, fixture.tokens.feeEarner);
    const before = await fixture.counts();
    const other = await checkOut(id, fixture.tokens.admin);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/^Checked out by Tunde Bakare until /);
    expect((await checkIn(id, fixture.tokens.admin, 1)).statusCode).toBe(409);
    const version = await fixture.send(`${DOCUMENT_BASE}/upload-new-version/${id}`, {}, { fileName: 'x.pdf', content: await pdf('x') });
    expect(version.statusCode).toBe(409);
    expect(await fixture.counts()).toEqual(before);
    const free = await fixture.uploadPdf(folderId, 'Free.pdf');
    const notOut = await checkIn(free.id, fixture.tokens.admin, 1);
    expect([notOut.statusCode, notOut.json().message]).toEqual([409, DOCUMENT_MESSAGES.notCheckedOut]);
  });

  it('frees an expired check-out for others, and still lets its holder check in if nobody took it', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Expired.pdf');
    await checkOut(id, fixture.tokens.feeEarner);
    await fixture.sqlRows(sql`update documents set checkout_expires_at = now() - interval '1 minute' where id = ${id}`);
    const view = await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${id}`, fixture.tokens.admin);
    expect(view.json().data.checkout.isExpired).toBe(true);
    expect((await checkIn(id, fixture.tokens.feeEarner, 1)).statusCode).toBe(201);
    await checkOut(id, fixture.tokens.feeEarner);
    await fixture.sqlRows(sql`update documents set checkout_expires_at = now() - interval '1 minute' where id = ${id}`);
    expect((await checkOut(id, fixture.tokens.admin)).statusCode).toBe(200);
    expect((await checkIn(id, fixture.tokens.feeEarner, 2)).statusCode).toBe(409);
  });

  it('keeps a stale check-in as a flagged version, and resolving it clears the flag', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Stale.pdf');
    await checkOut(id, fixture.tokens.feeEarner);
    // The holder's own new version meanwhile makes their check-out's base stale.
    await fixture.send(
      `${DOCUMENT_BASE}/upload-new-version/${id}`,
      {},
      { fileName: 'v2.pdf', content: await pdf('v2') },
      fixture.tokens.feeEarner,
    );
    const response = await checkIn(id, fixture.tokens.feeEarner, 1, 'Edited from version one');
    expect(response.statusCode).toBe(201);
    const view = response.json().data;
    expect(view).toMatchObject({ currentVersionNumber: 3, hasConflict: true });
    expect(view.versions[0]).toMatchObject({ versionNumber: 3, isConflict: true, basedOnVersion: 1, conflictResolvedAt: null });
    const resolved = await fixture.call('POST', `${DOCUMENT_BASE}/resolve-conflict/${id}`, fixture.tokens.admin, { versionNumber: 3 });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data.hasConflict).toBe(false);
    expect(resolved.json().data.versions[0].conflictResolvedAt).not.toBeNull();
    expect(
      (await fixture.call('POST', `${DOCUMENT_BASE}/resolve-conflict/${id}`, fixture.tokens.admin, { versionNumber: 2 })).statusCode,
    ).toBe(400);
  });

  it('lets only an administrator release someone else’s check-out, and audits it', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Released.pdf');
    await checkOut(id, fixture.tokens.feeEarner);
    const editor = await fixture.memberWith(['document', 'document.edit']);
    expect((await fixture.call('POST', `${DOCUMENT_BASE}/release-check-out/${id}`, editor)).statusCode).toBe(403);
    const released = await fixture.call('POST', `${DOCUMENT_BASE}/release-check-out/${id}`, fixture.tokens.admin);
    expect(released.statusCode).toBe(200);
    expect(released.json().data.checkout).toBeNull();
    const events = await fixture.sqlRows(sql`select 1 from audit_events where entity_id = ${id} and action = 'document.checkOutReleased'`);
    expect(events).toHaveLength(1);
  });
});
