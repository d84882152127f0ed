import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '@matterhorn/shared';
import { rowsOf } from './support/test-app.ts';
import { PROGRESS_NOTE_BASE as base, setUpProgressNoteFixture, type ProgressNoteFixture } from './support/progress-note-fixture.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let fixture: ProgressNoteFixture;
let noteId: string;

beforeAll(async () => {
  fixture = await setUpProgressNoteFixture();
  noteId = (await fixture.create(note({ title: 'Shared fixture note' }))).json().data.id;
});
afterAll(() => fixture.context.close());

const note = (overrides: Record<string, unknown> = {}) => ({
  matterId: fixture.references.openMatter.id,
  noteDate: '2025-06-01',
  title: 'Attendance note',
  body: '<p>Attended the client.</p>',
  ...overrides,
});

/** Each call a permission rule governs, made on a note of the firm; the answer's status tells. */
const CALLS = {
  list: (token: string) => fixture.call('GET', `${base}/get-progress-notes`, token),
  view: (token: string) => fixture.call('GET', `${base}/get-progress-note/${noteId}`, token),
  create: (token: string) => fixture.create(note({ title: 'By permission' }), token),
  edit: (token: string) => fixture.call('PUT', `${base}/update-progress-note/${noteId}`, token, note({ title: 'Shared fixture note' })),
  attach: (token: string) => fixture.upload(noteId, 'p.png', PNG, token),
  delete: async (token: string) => {
    const id = (await fixture.create(note({ title: 'To delete' }))).json().data.id;
    return fixture.call('DELETE', `${base}/delete-progress-note/${id}`, token);
  },
};
type Call = keyof typeof CALLS;
const ALL_CALLS = Object.keys(CALLS) as Call[];

/**
 * SPEC.md §6: progressNote passes with activity or progressNote; progressNote.create/.edit/.delete
 * pass with activity.create or the matching permission. Each row: a role's permissions and the
 * calls it may make (every other call is refused with 403).
 */
const RULES: [string, string[], Call[]][] = [
  ['activity alone reads', ['activity'], ['list', 'view']],
  ['progressNote alone reads', ['progressNote'], ['list', 'view']],
  ['activity.create alone writes, never reads', ['activity.create'], ['create', 'edit', 'attach', 'delete']],
  ['activity + activity.create do everything', ['activity', 'activity.create'], ALL_CALLS],
  ['progressNote.create alone creates', ['progressNote.create'], ['create']],
  ['progressNote.edit alone edits and attaches', ['progressNote.edit'], ['edit', 'attach']],
  ['progressNote.delete alone deletes', ['progressNote.delete'], ['delete']],
  [
    'progressNote + its actions do everything',
    ['progressNote', 'progressNote.create', 'progressNote.edit', 'progressNote.delete'],
    ALL_CALLS,
  ],
  ['courtUpdate alone cannot touch notes', ['courtUpdate'], []],
  ['courtUpdate.create does not create notes', ['courtUpdate', 'courtUpdate.create', 'courtUpdate.edit', 'courtUpdate.delete'], []],
  ['activity.edit is not activity.create', ['activity.edit', 'activity.delete'], []],
  ['administrator does everything', ['administrator'], ALL_CALLS],
  ['nothing does nothing', [], []],
];

describe('who may do what (SPEC.md §6)', () => {
  it.each(RULES)('%s', async (_title, permissions, allowed) => {
    const token = await fixture.memberWith(permissions);
    for (const call of ALL_CALLS) {
      const response = await CALLS[call](token);
      if (allowed.includes(call)) expect(response.statusCode, `${call}: ${response.body}`).toBeLessThan(300);
      else {
        expect(response.statusCode, call).toBe(403);
        expect(response.json().message).toBe(SPEC_MESSAGES.noPermission);
      }
    }
  });

  it('refused writes leave nothing behind', async () => {
    const token = await fixture.memberWith(['activity', 'courtUpdate.create']);
    const before = await fixture.snapshot();
    for (const call of ['create', 'edit', 'attach'] as const) expect((await CALLS[call](token)).statusCode).toBe(403);
    expect(await fixture.snapshot()).toEqual(before);
  });
});

describe('attachments', () => {
  let attachedTo: string;
  /** The files in the store (a directory made for a refused file is no file). */
  const storedFiles = async () =>
    (await readdir(join(fixture.context.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
      (entry) => entry.isFile(),
    ).length;
  const download = (id: string, attachmentId: string, token = fixture.tokens.admin) =>
    fixture.call('GET', `${base}/progress-note/${id}/attachments/${attachmentId}`, token);
  const remove = (id: string, attachmentId: string, token = fixture.tokens.admin) =>
    fixture.call('DELETE', `${base}/progress-note/${id}/attachments/${attachmentId}`, token);

  beforeAll(async () => {
    attachedTo = (await fixture.create(note({ title: 'With attachments' }))).json().data.id;
  });

  it('stores files by their content (a PNG named .pdf is a PNG, kept as .pdf.png), counts them in the list, serves them as downloads', async () => {
    const pdf = await fixture.upload(attachedTo, 'court order.pdf', PDF, fixture.tokens.feeEarner);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const png = await fixture.upload(attachedTo, 'scan.pdf', PNG);
    expect(png.statusCode).toBe(201);
    const attachments = png.json().data.attachments;
    expect(attachments).toEqual([
      expect.objectContaining({
        fileName: 'court order.pdf',
        contentType: 'application/pdf',
        sizeBytes: PDF.length,
        uploadedByUserName: 'Tunde Bakare',
      }),
      expect.objectContaining({
        fileName: 'scan.pdf.png',
        contentType: 'image/png',
        sizeBytes: PNG.length,
        uploadedByUserName: 'Ada Okafor',
      }),
    ]);
    const file = await download(attachedTo, attachments[1].id, fixture.tokens.feeEarner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="scan.pdf.png"; filename*=UTF-8''scan.pdf.png`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await download(attachedTo, attachments[0].id)).rawPayload.equals(PDF)).toBe(true);
    const listed = (
      await fixture.call('GET', `${base}/get-progress-notes?GeneralSearchText=with%20attachments`, fixture.tokens.admin)
    ).json().data.data;
    expect(listed).toEqual([expect.objectContaining({ id: attachedTo, attachmentCount: 2 })]);
    const events = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${attachedTo} order by created_at`)),
    );
    expect(events.map((event) => event.action)).toEqual([
      'progressNote.created',
      'progressNote.attachmentAdded',
      'progressNote.attachmentAdded',
    ]);
  });

  it('refuses a file of another type (415) or over 20 MB (413), and keeps nothing', async () => {
    const before = [await fixture.snapshot(), await storedFiles()];
    const text = await fixture.upload(attachedTo, 'order.pdf', Buffer.from('just some text pretending to be a PDF\n'.repeat(50)));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, message: 'An attachment must be a PDF, JPEG, PNG, HEIC, Word or Excel file' });
    const large = await fixture.upload(attachedTo, 'big.png', Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ success: false, message: 'An attachment must be at most 20 MB' });
    expect([await fixture.snapshot(), await storedFiles()]).toEqual(before);
  });

  it('refuses an upload without a file, one that is not multipart, and one to a deleted note', async () => {
    const empty = await fixture.context.app.inject({
      method: 'POST',
      url: `${base}/progress-note/${attachedTo}/attachments`,
      payload: `--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n`,
      headers: { authorization: `Bearer ${fixture.tokens.admin}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(empty.statusCode).toBe(400);
    const json = await fixture.call('POST', `${base}/progress-note/${attachedTo}/attachments`, fixture.tokens.admin, { file: 'x' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const deleted = (await fixture.create(note({ title: 'Gone' }))).json().data.id;
    await fixture.call('DELETE', `${base}/delete-progress-note/${deleted}`, fixture.tokens.admin);
    const before = [await fixture.snapshot(), await storedFiles()];
    expect((await fixture.upload(deleted, 'late.png', PNG)).statusCode).toBe(404);
    expect([await fixture.snapshot(), await storedFiles()]).toEqual(before);
  });

  it('stores a file sent twice with the same Idempotency-Key once', async () => {
    const id = (await fixture.create(note({ title: 'Idempotent attachment' }))).json().data.id;
    const headers = { 'idempotency-key': 'note-attachment-double-0001' };
    const first = await fixture.upload(id, 'once.png', PNG, fixture.tokens.admin, headers);
    const second = await fixture.upload(id, 'once.png', PNG, fixture.tokens.admin, headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect((await fixture.call('GET', `${base}/get-progress-note/${id}`, fixture.tokens.admin)).json().data.attachments).toHaveLength(1);
  });

  it('serves and removes an attachment only through its own note, and only to its firm', async () => {
    const attachment = (await fixture.call('GET', `${base}/get-progress-note/${attachedTo}`, fixture.tokens.admin)).json().data
      .attachments[0];
    expect((await download(attachedTo, attachment.id, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await download(noteId, attachment.id)).statusCode).toBe(404);
    expect((await remove(noteId, attachment.id)).statusCode).toBe(404);
    expect((await remove(attachedTo, attachment.id, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await download(attachedTo, attachment.id)).statusCode).toBe(200);
  });

  it('removes an attachment softly: no longer listed or served, the file kept, the removal in the trail', async () => {
    const before = (await fixture.call('GET', `${base}/get-progress-note/${attachedTo}`, fixture.tokens.admin)).json().data.attachments;
    const filesBefore = await storedFiles();
    const removed = await remove(attachedTo, before[0].id, fixture.tokens.feeEarner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.attachments.map((attachment: { id: string }) => attachment.id)).toEqual([before[1].id]);
    expect((await download(attachedTo, before[0].id)).statusCode).toBe(404);
    expect((await remove(attachedTo, before[0].id)).statusCode).toBe(404);
    expect(await storedFiles()).toBe(filesBefore);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ removedBy: string; events: number }>(
        tx.execute(sql`select deleted_by_user_id as "removedBy",
          (select count(*)::int from audit_events where entity_id = ${attachedTo} and action = 'progressNote.attachmentRemoved') as events
          from progress_note_attachments where id = ${before[0].id}`),
      ),
    );
    expect(row).toEqual({ removedBy: fixture.firm.users.feeEarner.id, events: 1 });
  });
});

describe('the calls', () => {
  it('are all in the OpenAPI document, tagged and described', async () => {
    const document = (await fixture.context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = Object.entries(document.paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>)
      .filter(([path]) => path.startsWith(base) && path.includes('progress-note'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path.slice(base.length)}`, operation })),
      );
    expect(calls.map((entry) => entry.call).sort()).toEqual(
      [
        'GET /get-progress-notes',
        'POST /create-progress-note',
        'GET /get-progress-note/{id}',
        'PUT /update-progress-note/{id}',
        'DELETE /delete-progress-note/{id}',
        'POST /progress-note/{id}/attachments',
        'GET /progress-note/{id}/attachments/{attachmentId}',
        'DELETE /progress-note/{id}/attachments/{attachmentId}',
      ].sort(),
    );
    for (const { call, operation } of calls) {
      expect(operation.summary, call).toBeTruthy();
      expect(operation.tags, call).toEqual(['Progress notes']);
    }
  });

  it('refuse an AdminUserId or BusinessId that is not the signed-in member’s firm (403)', async () => {
    const list = (query: string) => fixture.call('GET', `${base}/get-progress-notes?${query}`, fixture.tokens.admin);
    expect((await list(`AdminUserId=${fixture.firm.users.admin.id}&BusinessId=${fixture.firm.firmId}`)).statusCode).toBe(200);
    expect((await list(`AdminUserId=${fixture.otherFirm.users.admin.id}`)).statusCode).toBe(403);
    expect((await list(`BusinessId=${fixture.otherFirm.firmId}`)).statusCode).toBe(403);
  });
});
