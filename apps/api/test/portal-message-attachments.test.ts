import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { ELF, multipart, pdf, PNG, type MultipartFile } from './support/document-fixture.ts';
import {
  bearer,
  createTestApp,
  rowsOf,
  seedTestFirm,
  signIn,
  signInOtherPortalClient,
  signInToPortal,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let staff: Record<string, string>;
let client: Record<string, string>;
let otherClient: Record<string, string>;
let matterId: string;
let otherClientsMatterId: string;

const upload = (side: 'portal' | 'admin', fields: Record<string, string>, file: MultipartFile, headers: Record<string, string>) => {
  const body = multipart(fields, file);
  const base = side === 'portal' ? '/api/client-portal' : '/api/admin/client-portal';
  return context.app.inject({
    method: 'POST',
    url: `${base}/upload-message-attachment`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const send = (side: 'portal' | 'admin', payload: object, headers: Record<string, string>) =>
  context.app.inject({
    method: 'POST',
    url: side === 'portal' ? '/api/client-portal/send-message' : '/api/admin/client-portal/send-message',
    headers,
    payload,
  });
const download = (side: 'portal' | 'admin', id: string, headers: Record<string, string>) =>
  context.app.inject({
    method: 'GET',
    url: `${side === 'portal' ? '/api/client-portal' : '/api/admin/client-portal'}/download-message-attachment/${id}`,
    headers,
  });
const sqlRows = <T>(query: ReturnType<typeof sql>) => context.database.withFirm(firm.firmId, (tx) => rowsOf<T>(tx.execute(query)));
const counts = async () =>
  (
    await sqlRows<{ documents: number; attachments: number }>(
      sql`select (select count(*)::int from documents) as documents, (select count(*)::int from portal_message_attachments) as attachments`,
    )
  )[0]!;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  staff = bearer(await signIn(context.app, firm.users.admin.email));
  client = bearer((await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token);
  otherClient = bearer(await signInOtherPortalClient(context, firm));
  const matters = await sqlRows<{ id: string; client_id: string }>(sql`select id, client_id from matters where deleted_at is null`);
  matterId = matters.find((matter) => matter.client_id === firm.portalClient.clientId)!.id;
  otherClientsMatterId = matters.find((matter) => matter.client_id === firm.otherClientId)!.id;
});
afterAll(() => context.close());

describe('attachments on secure messages', () => {
  it('carries files both ways, filed in the matter’s documents, downloadable by the client and the firm', async () => {
    const content = await pdf('Signed engagement letter');
    const uploaded = await upload('portal', { MatterId: matterId }, { fileName: 'engagement.pdf', content }, client);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ fileName: 'engagement.pdf', contentType: 'application/pdf', sizeBytes: content.length });
    const sent = await send('portal', { matterId, body: 'Signed copy attached', attachmentIds: [uploaded.json().data.id] }, client);
    expect(sent.statusCode, sent.body).toBe(201);
    const [attachment] = sent.json().data.attachments;
    expect(attachment).toMatchObject({ fileName: 'engagement.pdf', scanStatus: 'available' });

    // The client's file is in the matter's "From client" folder.
    const [filed] = await sqlRows<{ kind: string }>(
      sql`select f.kind from documents d join document_folders f on f.id = d.folder_id where d.id = ${uploaded.json().data.id}`,
    );
    expect(filed).toEqual({ kind: 'from-client' });

    for (const [side, headers] of [
      ['admin', staff],
      ['portal', client],
    ] as const) {
      const file = await download(side, attachment.id, headers);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="engagement.pdf"/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }

    const photo = await upload('admin', { MatterId: matterId }, { fileName: 'site.png', content: PNG }, staff);
    expect(photo.statusCode, photo.body).toBe(201);
    const answer = await send('admin', { matterId, body: 'The photo you asked for', attachmentIds: [photo.json().data.id] }, staff);
    expect(answer.statusCode).toBe(201);
    const thread = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-messages?MatterId=${matterId}`,
      headers: client,
    });
    const last = thread.json().data.messages.at(-1);
    expect(last.attachments).toEqual([
      expect.objectContaining({ fileName: 'site.png', contentType: 'image/png', scanStatus: 'available' }),
    ]);
    expect((await download('portal', last.attachments[0].id, client)).statusCode).toBe(200);
  });

  it('refuses a file by its content, an oversized file and more than five, storing nothing', async () => {
    const before = await counts();
    const program = await upload('portal', { MatterId: matterId }, { fileName: 'invoice.pdf', content: ELF }, client);
    expect(program.statusCode).toBe(415);
    expect(program.json().message).toMatch(/^An attachment must be a PDF, Word, Excel/);
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const oversized = await upload('admin', { MatterId: matterId }, { fileName: 'big.png', content: huge }, staff);
    expect([oversized.statusCode, oversized.json().message]).toEqual([413, 'An attachment must be at most 10 MB']);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect((await send('portal', { matterId, body: 'Too many', attachmentIds: six }, client)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('keeps a file being scanned or quarantined from download', async () => {
    const uploaded = await upload('portal', { MatterId: matterId }, { fileName: 'scan.png', content: PNG }, client);
    const sent = await send('portal', { matterId, body: 'A scan', attachmentIds: [uploaded.json().data.id] }, client);
    const attachmentId = sent.json().data.attachments[0].id;
    const documentId = uploaded.json().data.id;
    for (const status of ['scanning', 'quarantined'] as const) {
      await sqlRows(sql`update document_versions set scan_status = ${status} where document_id = ${documentId}`);
      for (const [side, headers] of [
        ['admin', staff],
        ['portal', client],
      ] as const) {
        const refused = await download(side, attachmentId, headers);
        expect(refused.statusCode, `${side} ${status}`).toBe(409);
      }
      const thread = await context.app.inject({
        method: 'GET',
        url: `/api/client-portal/get-messages?MatterId=${matterId}`,
        headers: client,
      });
      expect(thread.json().data.messages.at(-1).attachments[0].scanStatus).toBe(status);
    }
  });

  it('answers 404 for another client’s or another firm’s attachment and refuses to attach what is not the sender’s', async () => {
    const uploaded = await upload('portal', { MatterId: matterId }, { fileName: 'private.png', content: PNG }, client);
    const sent = await send('portal', { matterId, body: 'Private', attachmentIds: [uploaded.json().data.id] }, client);
    const attachmentId = sent.json().data.attachments[0].id;
    expect((await download('portal', attachmentId, otherClient)).statusCode).toBe(404);
    const otherFirmClient = bearer((await signInToPortal(context.app, otherFirm.slug, otherFirm.portalClient.email)).token);
    expect((await download('portal', attachmentId, otherFirmClient)).statusCode).toBe(404);
    const otherStaff = bearer(await signIn(context.app, otherFirm.users.admin.email));
    expect((await download('admin', attachmentId, otherStaff)).statusCode).toBe(404);
    expect((await download('portal', attachmentId, staff)).statusCode).toBe(401);
    expect((await download('admin', attachmentId, client)).statusCode).toBe(401);

    const before = await counts();
    // Another client cannot upload to this matter, nor attach this client's file to their own thread.
    expect((await upload('portal', { MatterId: matterId }, { fileName: 'x.png', content: PNG }, otherClient)).statusCode).toBe(404);
    const foreign = await send(
      'portal',
      { matterId: otherClientsMatterId, body: 'Not mine', attachmentIds: [uploaded.json().data.id] },
      otherClient,
    );
    expect(foreign.statusCode).toBe(400);
    // The client cannot attach a document of the firm's, even on their own matter.
    const firmFile = await upload('admin', { MatterId: matterId }, { fileName: 'internal.png', content: PNG }, staff);
    expect((await send('portal', { matterId, body: 'Steal', attachmentIds: [firmFile.json().data.id] }, client)).statusCode).toBe(400);
    const after = await counts();
    expect(after.attachments).toBe(before.attachments);
  });

  it('never edits or deletes an attachment, whoever asks', async () => {
    const [row] = await sqlRows<{ id: string }>(sql`select id from portal_message_attachments limit 1`);
    await expect(sqlRows(sql`update portal_message_attachments set position = 9 where id = ${row!.id}`)).rejects.toThrow();
    await expect(sqlRows(sql`delete from portal_message_attachments where id = ${row!.id}`)).rejects.toThrow();
  });
});
