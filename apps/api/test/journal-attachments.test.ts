import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.ts';
import { AppError } from '../src/lib/errors.ts';
import { scanAttachment } from '../src/modules/accounting/journal-attachments.service.ts';
import { createLocalFileStore } from '../src/platform/files/local-file-store.ts';
import { storeUpload } from '../src/platform/files/files.ts';
import { ScannerUnavailableError } from '../src/platform/scanning/clamd.ts';
import { multipart, PNG, pdf } from './support/document-fixture.ts';
import { bearer } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Evidence on journal entries (issue 36): attached after posting (the entry itself never changes),
 * listed with the entry, downloaded by the firm only; a hostile upload is refused and leaves nothing.
 */

let fixture: TimeEntryFixture;
let entryId: string;

const base = '/api/admin/accounting';

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const chart = (await fixture.call('GET', `${base}/get-chart-of-accounts`, fixture.tokens.admin)).json().data.accounts as {
    number: string;
    id: string;
  }[];
  const idOf = (number: string) => chart.find((account) => account.number === number)!.id;
  const posted = await fixture.call('POST', `${base}/create-journal-entry`, fixture.tokens.admin, {
    entryDate: '2026-10-01',
    memo: 'October rent',
    lines: [
      { accountId: idOf('5010'), debit: '250000.00' },
      { accountId: idOf('1000'), credit: '250000.00' },
    ],
  });
  expect(posted.statusCode, posted.body).toBe(201);
  entryId = posted.json().data.id;
});
afterAll(() => fixture.context.close());

const attach = (id: string, fileName: string, content: Buffer, token = fixture.tokens.admin) => {
  const body = multipart({}, { fileName, content });
  return fixture.context.app.inject({
    method: 'POST',
    url: `${base}/add-journal-attachment/${id}`,
    payload: body.payload,
    headers: { ...bearer(token), 'content-type': body.contentType },
  });
};

async function snapshot() {
  const rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ attachments: number; entries: number }>(
      tx.execute(
        sql`select (select count(*)::int from journal_attachments) as attachments, (select count(*)::int from journal_entries) as entries`,
      ),
    ),
  );
  const entries = await readdir(join(fixture.context.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
  return { ...rows[0], files: entries.filter((entry) => entry.isFile()).length };
}

describe('journal attachments', () => {
  it('attaches a receipt to a posted entry, lists it with the entry and serves it back byte for byte', async () => {
    const receipt = await pdf('Landlord receipt', 'October rent received');
    const response = await attach(entryId, 'rent receipt.pdf', receipt);
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json().data;
    expect(entry.memo).toBe('October rent');
    expect(entry.attachments).toEqual([
      expect.objectContaining({ fileName: 'rent receipt.pdf', contentType: 'application/pdf', sizeBytes: receipt.length }),
    ]);
    const listed = (await fixture.call('GET', `${base}/get-journal-entries?sourceType=manual`, fixture.tokens.admin)).json().data.data as {
      id: string;
      attachments: { id: string }[];
    }[];
    expect(listed.find((row) => row.id === entryId)?.attachments.map((attachment) => attachment.id)).toEqual([entry.attachments[0].id]);
    const download = await fixture.call(
      'GET',
      `${base}/download-journal-attachment/${entryId}/${entry.attachments[0].id}`,
      fixture.tokens.admin,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(Buffer.compare(download.rawPayload, receipt)).toBe(0);
    const second = await attach(entryId, 'bank letter.png', PNG);
    expect(second.json().data.attachments.map((attachment: { fileName: string }) => attachment.fileName)).toEqual([
      'rent receipt.pdf',
      'bank letter.png',
    ]);
  });

  it('refuses an empty file, an oversize file, a file of another type and a body without a file, keeping nothing', async () => {
    const before = await snapshot();
    const empty = await attach(entryId, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const oversize = await attach(entryId, 'big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ success: false, message: 'An attachment must be at most 10 MB' });
    const script = await attach(entryId, 'receipt.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n'.repeat(20)));
    expect(script.statusCode).toBe(415);
    const noFile = await fixture.context.app.inject({
      method: 'POST',
      url: `${base}/add-journal-attachment/${entryId}`,
      payload: `--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n`,
      headers: { ...bearer(fixture.tokens.admin), 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(noFile.statusCode).toBe(400);
    const json = await fixture.call('POST', `${base}/add-journal-attachment/${entryId}`, fixture.tokens.admin, { file: 'x' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps each firm to its own entries and files, and only journal posters attach', async () => {
    const entry = (await fixture.call('GET', `${base}/get-journal-entries?sourceType=manual`, fixture.tokens.admin))
      .json()
      .data.data.find((row: { id: string }) => row.id === entryId);
    const attachmentId = entry.attachments[0].id as string;
    expect((await attach(entryId, 'x.png', PNG, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await attach(entryId, 'x.png', PNG, fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect(
      (await fixture.call('GET', `${base}/download-journal-attachment/${entryId}/${attachmentId}`, fixture.tokens.otherAdmin)).statusCode,
    ).toBe(404);
    expect(
      (await fixture.call('GET', `${base}/download-journal-attachment/${entryId}/${attachmentId}`, fixture.tokens.feeEarner)).statusCode,
    ).toBe(403);
    // Named under another entry, the attachment is not found either.
    const other = (
      await fixture.call('POST', `${base}/create-journal-entry`, fixture.tokens.admin, {
        entryDate: '2026-10-02',
        memo: 'Stationery',
        lines: entry.lines.map((line: { accountId: string; debit: string; credit: string }) =>
          line.debit !== '0.00' ? { accountId: line.accountId, debit: '10.00' } : { accountId: line.accountId, credit: '10.00' },
        ),
      })
    ).json().data;
    expect(
      (await fixture.call('GET', `${base}/download-journal-attachment/${other.id}/${attachmentId}`, fixture.tokens.admin)).statusCode,
    ).toBe(404);
  });

  it('is evidence: the application’s database role can neither change nor remove an attachment', async () => {
    for (const statement of [sql`update journal_attachments set file_name = 'changed.pdf'`, sql`delete from journal_attachments`]) {
      await expect(fixture.context.database.withFirm(fixture.firm.firmId, (tx) => tx.execute(statement))).rejects.toThrow();
    }
  });
});

describe('an attachment through the virus scanner', () => {
  const stored = async () => {
    const files = createLocalFileStore(await mkdtemp(join(tmpdir(), 'journal-attachments-')));
    const file = await storeUpload(
      files,
      { content: Readable.from([PNG]), fileName: 'receipt.png' },
      { what: 'An attachment', maxBytes: 1024, types: { 'image/png': 'PNG' } },
    );
    return { files, file };
  };

  it('keeps a clean file, and removes a refused or unscanned one with 422 or 503', async () => {
    const clean = await stored();
    await scanAttachment(clean.files, { scan: async () => ({ isInfected: false }), ping: async () => true }, clean.file);
    expect(await clean.files.read(clean.file.key)).not.toBeNull();

    const infected = await stored();
    const refusal = await scanAttachment(
      infected.files,
      { scan: async () => ({ isInfected: true, signature: 'Eicar-Test-Signature' }), ping: async () => true },
      infected.file,
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).statusCode).toBe(422);
    expect(await infected.files.read(infected.file.key)).toBeNull();

    const down = await stored();
    const unavailable = await scanAttachment(
      down.files,
      {
        scan: async () => {
          throw new ScannerUnavailableError('clamd is down');
        },
        ping: async () => false,
      },
      down.file,
    ).catch((error: unknown) => error);
    expect((unavailable as AppError).statusCode).toBe(503);
    expect(await down.files.read(down.file.key)).toBeNull();
  });
});
