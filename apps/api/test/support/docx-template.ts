import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import type { Database } from '../../src/db/database.ts';
import { notFound } from '../../src/lib/errors.ts';
import { DOCX_CONTENT_TYPE } from '../../src/modules/documents/document-templates.ts';
import type { FileStore } from '../../src/platform/files/files.ts';
import { rowsOf } from './test-app.ts';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A real Word document with the least Word needs: content types, the package relationship and the
 * body. Each paragraph is one run, so a merge field is never split across runs.
 */
export function makeDocx(paragraphs: string[]): Buffer {
  return makeDocxWithBody(paragraphs.map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`).join(''));
}

/** A Word document with this body markup (paragraphs of runs), for runs as Word splits them. */
export function makeDocxWithBody(body: string): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

/** The paragraphs of a Word document's body, as text. */
export function docxParagraphs(content: Buffer): string[] {
  const xml = new PizZip(content).file('word/document.xml')!.asText();
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((paragraph) =>
    [...paragraph[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)]
      .map((run) => run[1]!)
      .join('')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

type DocumentRow = { id: string; folderId: string; clientId: string | null; matterId: string | null; name: string };

/** A document with one version in a folder, its bytes in the file store: what an upload leaves behind. */
export async function addDocument(
  database: Database,
  files: FileStore,
  where: { firmId: string; userId: string; folderId: string },
  document: {
    name: string;
    content: Buffer;
    contentType?: string;
    template?: { documentId: string; version: number; values: Record<string, string> };
  },
): Promise<DocumentRow> {
  const key = randomBytes(24).toString('base64url');
  await files.write(key, Readable.from(document.content));
  return database.withFirm(where.firmId, async (tx) => {
    const [row] = await rowsOf<DocumentRow>(
      tx.execute(sql`insert into documents (firm_id, folder_id, client_id, matter_id, name, search_name, created_by_user_id)
        select ${where.firmId}, f.id, f.client_id, f.matter_id, ${document.name}, lower(${document.name}), ${where.userId}
        from document_folders f where f.id = ${where.folderId}
        returning id, folder_id as "folderId", client_id as "clientId", matter_id as "matterId", name`),
    );
    await tx.execute(sql`insert into document_versions (firm_id, document_id, version_number, storage_key, file_name, content_type,
        size_bytes, sha256, uploaded_by_user_id, scan_status, text_status, template_document_id, template_version, merge_values)
      values (${where.firmId}, ${row!.id}, 1, ${key}, ${document.name}, ${document.contentType ?? DOCX_CONTENT_TYPE},
        ${document.content.length}, ${createHash('sha256').update(document.content).digest('hex')}, ${where.userId}, 'available', 'none',
        ${document.template?.documentId ?? null}, ${document.template?.version ?? null},
        ${document.template ? JSON.stringify(document.template.values) : null}::jsonb)`);
    return row!;
  });
}

/** The firm's Templates folder, made as the documents module makes it. */
export async function templatesFolderOf(database: Database, firmId: string): Promise<string> {
  return database.withFirm(firmId, async (tx) => {
    await tx.execute(
      sql`insert into document_folders (firm_id, kind, name) values (${firmId}, 'templates', 'Templates') on conflict do nothing`,
    );
    const [row] = await rowsOf<{ id: string }>(tx.execute(sql`select id from document_folders where kind = 'templates'`));
    return row!.id;
  });
}

async function readBytes(files: FileStore, key: string): Promise<Buffer> {
  const stream = await files.read(key);
  if (!stream) throw notFound('File');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The stored version of a generated document: what the firm's records keep of where it came from. */
export async function findStoredVersion(database: Database, firmId: string, documentId: string, files: FileStore) {
  const [row] = await database.withFirm(firmId, (tx) =>
    rowsOf<{
      storageKey: string;
      templateDocumentId: string;
      templateVersion: number;
      mergeValues: Record<string, string>;
      folderKind: string;
    }>(
      tx.execute(sql`select v.storage_key as "storageKey", v.template_document_id as "templateDocumentId",
          v.template_version as "templateVersion", v.merge_values as "mergeValues", f.kind as "folderKind"
        from document_versions v join documents d on d.id = v.document_id join document_folders f on f.id = d.folder_id
        where v.document_id = ${documentId} order by v.version_number desc limit 1`),
    ),
  );
  return row ? { ...row, content: await readBytes(files, row.storageKey) } : null;
}
