import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createZipWriter } from '../../lib/zip-writer.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { findFolder } from './document-folders.repository.ts';
import { findZipEntries, type ZipEntryRow } from './documents.repository.ts';

/**
 * Types whose bytes deflate well (RTF, the 97–2003 Office files, TIFF). The rest are compressed
 * already (PDF, the Office Open XML and OpenDocument zips, JPEG, PNG, audio, video): deflating them
 * again costs the CPU most of the zip's time for a percent or two, so they are stored as they are.
 */
const DEFLATES_WELL = new Set(['application/rtf', 'application/x-cfb', 'image/tiff']);

/**
 * A path inside the zip as every unzip tool writes it inside its own folder: a part that is "." or
 * ".." would climb out of it, so its dots become underscores. Folders can no longer be named so,
 * but older folders can, and a document's name is the firm's free text.
 */
const zipPathOf = (path: string) =>
  path
    .split('/')
    .map((part) => (part === '.' || part === '..' ? part.replace(/\./g, '_') : part))
    .join('/');

/**
 * A document's path ends as its file does: the stored version's name ends in its content's type, and
 * a document renamed "x.html" that holds a PDF is written "x.html.pdf", so no unzipped file opens
 * as something it is not.
 */
function zipNameOf(entry: ZipEntryRow): string {
  const ending = extname(entry.file_name).toLowerCase();
  return ending && !entry.path.toLowerCase().endsWith(ending) ? `${entry.path}${ending}` : entry.path;
}

/** Files opened ahead of the one being written: a few read buffers (64 KB each) at most. */
const OPENED_AHEAD = 4;

/**
 * A folder as a zip, streamed: each file is opened from the store just before the archive reaches
 * it, so memory stays constant however large the folder. The sum of the file sizes goes first
 * (X-Content-Bytes) for the browser's progress, since the zip's own length is unknown in advance.
 */
export function createDocumentZipService(database: Database, files: FileStore) {
  return {
    async open(principal: FirmPrincipal, folderId: string) {
      const { folder, entries } = await database.withFirm(
        principal.firmId,
        async (tx) => {
          const found = await findFolder(tx, principal.firmId, folderId);
          if (!found) throw notFound('Folder');
          if (found.isInRecycleBin) throw conflict(DOCUMENT_MESSAGES.inRecycleBin);
          return { folder: found, entries: await findZipEntries(tx, principal.firmId, folderId) };
        },
        READ_ONLY,
      );
      const zip = createZipWriter();
      const fill = async () => {
        // A few files are opened ahead of the one being written, so the next open (or S3 request)
        // overlaps this file's bytes; one at a time left the zip waiting on each open.
        const opening: Promise<Readable | null>[] = [];
        let next = 0;
        const openNext = () => {
          const read = files.read(entries[next++]!.storage_key);
          read.catch(() => undefined); // awaited in its turn; until then it must not count as unhandled
          opening.push(read);
        };
        try {
          for (const entry of entries) {
            while (opening.length <= OPENED_AHEAD && next < entries.length) openNext();
            const content = await opening.shift()!;
            if (!content) continue;
            await zip.add(content, {
              name: zipPathOf(zipNameOf(entry)),
              deflate: DEFLATES_WELL.has(entry.content_type),
              modifiedAt: new Date(entry.uploaded_at),
            });
          }
          await zip.finish();
        } catch (error) {
          for (const read of opening)
            void read.then(
              (content) => content?.destroy(),
              () => undefined,
            );
          throw error;
        }
      };
      fill().catch((error: unknown) => zip.stream.destroy(error as Error));
      return {
        name: folder.name,
        totalBytes: entries.reduce((sum, entry) => sum + Number(entry.size_bytes), 0),
        archive: zip.stream,
      };
    },
  };
}
