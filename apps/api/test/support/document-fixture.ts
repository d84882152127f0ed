import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { makeTextPdf } from '../../src/seed/demo-documents.ts';
import { rowsOf } from './test-app.ts';
import { setUpProgressNoteFixture, type ProgressNoteFixture } from './progress-note-fixture.ts';

export const DOCUMENT_BASE = '/api/admin/document';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** The start of a Linux program: never a document. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 1)]);
export const pdf = (...words: string[]) => makeTextPdf(words[0] ?? 'Document', words.slice(1));
export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

export type MultipartFile = { fileName: string; content: Buffer };

/** A multipart body: the fields first, then the file, as the upload form sends them. */
export function multipart(fields: Record<string, string>, file?: MultipartFile) {
  const boundary = `----matterhorn${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type DocumentFixture = Omit<ProgressNoteFixture, 'upload'> & {
  /** The folder id of the first firm's matter (its first by number when not given). */
  matterFolderId(matterId?: string): Promise<string>;
  send(
    url: string,
    fields: Record<string, string>,
    file?: MultipartFile,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  upload(folderId: string, file: MultipartFile, fields?: Record<string, string>, token?: string): Promise<LightMyRequestResponse>;
  /** Uploads a PDF and answers the document's view. */
  uploadPdf(folderId: string, fileName: string, ...words: string[]): Promise<{ id: string; content: Buffer }>;
  sqlRows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  counts(): Promise<{ documents: number; versions: number; folders: number }>;
};

export async function setUpDocumentFixture(): Promise<DocumentFixture> {
  const fixture = await setUpProgressNoteFixture();
  const { context, firm } = fixture;

  const send: DocumentFixture['send'] = (url, fields, file, token = fixture.tokens.admin, headers = {}) => {
    const body = multipart(fields, file);
    return context.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, ...headers },
    });
  };
  const upload: DocumentFixture['upload'] = (folderId, file, fields = {}, token) =>
    send(`${DOCUMENT_BASE}/upload-document`, { FolderId: folderId, ...fields }, file, token);
  const sqlRows = <T>(query: ReturnType<typeof sql>) => context.database.withFirm(firm.firmId, (tx) => rowsOf<T>(tx.execute(query)));

  return {
    ...fixture,
    send,
    upload,
    sqlRows,
    matterFolderId: async (matterId = fixture.references.openMatter.id) => {
      const response = await fixture.call('GET', `${DOCUMENT_BASE}/get-folder?MatterId=${matterId}`, fixture.tokens.admin);
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().data.folder.id as string;
    },
    uploadPdf: async (folderId, fileName, ...words) => {
      const content = await pdf(...(words.length ? words : [fileName]));
      const response = await upload(folderId, { fileName, content });
      if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.body}`);
      return { id: response.json().data.id as string, content };
    },
    counts: async () => {
      const [row] = await sqlRows<{ documents: number; versions: number; folders: number }>(
        sql`select (select count(*)::int from documents) as documents, (select count(*)::int from document_versions) as versions,
          (select count(*)::int from document_folders) as folders`,
      );
      return row!;
    },
  };
}
