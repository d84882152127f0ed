import { Readable, Transform } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT_MESSAGES, type DataExport } from '@matterhorn/shared';
import { type Database, READ_ONLY } from '../../db/database.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { csvFileStart, csvLine, type CsvValue } from '../../lib/csv.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createZipWriter } from '../../lib/zip-writer.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { type FirmPrincipal, outsideReaderOf } from '../../plugins/route-access.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import {
  type ExportRow,
  findDocumentVersions,
  findExportedColumns,
  findExportPage,
  findExpiredExportFiles,
  findExports,
  findIssuedInvoiceIds,
  findRequesterEmail,
  findTenantTables,
  finishExport,
  forgetExportFile,
  insertExport,
  lockRunningExport,
  recordProgress,
} from './data-export.repository.ts';
import { type ExportedTable, exportedTablesOf } from './data-export.tables.ts';

/** What the export takes from the invoice documents module (app.ts hands it in): each issued invoice's PDF and LEDES file. */
export type InvoiceFiles = {
  pdf(principal: FirmPrincipal, invoiceId: string): Promise<{ pdf: Buffer; fileName: string }>;
  ledes(principal: FirmPrincipal, invoiceIds: string[]): Promise<{ text: string; fileName: string }>;
};

type Dependencies = {
  database: Database;
  appSecret: string;
  files: FileStore;
  invoiceFiles: InvoiceFiles;
  outbox: Outbox;
  afterResponse: AfterResponse;
  appUrl: string;
  logger?: Pick<FastifyBaseLogger, 'error'>;
};

const PAGE_ROWS = 1000;
const LINK_MS = 60 * 1000;
const LINK_PURPOSE = 'export-download-link';
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const viewOf = (row: ExportRow): DataExport => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  step: row.step,
  sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
  requestedBy: row.requestedBy,
  createdAt: iso(row.createdAt)!,
  finishedAt: iso(row.finishedAt),
  expiresAt: iso(row.expiresAt),
  failure: row.failure,
});

/** A value as a CSV cell: JSON for arrays and objects, ISO for moments, the text of the rest. */
const cellOf = (value: unknown): CsvValue => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value as string | number;
};

/** Text chunks as UTF-8 bytes: the zip counts an entry's size in bytes, not characters. */
async function* bytesOf(chunks: AsyncIterable<string>) {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
}

/** A path part safe inside the zip: no climbing out with "." or "..", no slashes inside a name. */
const safePart = (part: string) => (part === '.' || part === '..' ? part.replace(/\./g, '_') : part.replace(/[\\/]/g, '_'));
const withVersion = (name: string, version: number) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (v${version})${name.slice(dot)}` : `${name} (v${version})`;
};

const README = (firmName: string, tables: ExportedTable[], skippedLedes: string[]) =>
  [
    `Matterhorn export of ${firmName}`,
    `Made ${new Date().toISOString()}.`,
    '',
    'data/  — one CSV file per record type (UTF-8, comma-separated, a header row; opens in Excel) and the same records as JSON',
    '         (data/<type>.json, every field as stored). Money is exact decimal text; moments are ISO 8601 in UTC; ids are UUIDs',
    '         that link the files (client_id, matter_id, invoice_id, …).',
    ...tables.map((table) => `         ${table.file}: ${table.about}`),
    'documents/  — every document in its folder, every version (“name (v2).pdf”); documents in the recycle bin are under documents/_recycle-bin/.',
    'invoices/  — each issued invoice as its PDF and as a LEDES file (the client’s format, 1998B or 1998BI).',
    ...(skippedLedes.length > 0
      ? ['', 'LEDES files not written (fix in Matterhorn and export again):', ...skippedLedes.map((line) => `  ${line}`)]
      : []),
    '',
  ].join('\n');

/**
 * The full export (issue 39): the firm's records as CSV and JSON, every document version, every
 * issued invoice's PDF and LEDES file and a README, in one zip built in the background and streamed
 * into the file store as it is written (memory stays flat whatever the firm's size). Progress is
 * recorded as it goes; the requester is emailed a link when it is ready; it is kept 7 days.
 */
export function createDataExport({ database, appSecret, files, invoiceFiles, outbox, afterResponse, appUrl, logger }: Dependencies) {
  async function build(principal: FirmPrincipal, exportId: string, firmName: string) {
    const { firmId } = principal;
    const progress = (percent: number, step: string) =>
      database.withFirm(firmId, (tx) => recordProgress(tx, firmId, exportId, Math.min(99, Math.round(percent)), step));
    const zip = createZipWriter();
    const key = `exports/${firmId}/${exportId}.zip`;
    let sizeBytes = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sizeBytes += chunk.length;
        done(null, chunk);
      },
    });
    const stored = files.write(key, zip.stream.pipe(counting));
    try {
      const tables = exportedTablesOf(await database.withFirm(firmId, (tx) => findTenantTables(tx), READ_ONLY));
      const steps = tables.length + 2;
      for (const [index, { file, table }] of tables.entries()) {
        await progress((index / steps) * 100, `Records: ${file}`);
        const shape = await database.withFirm(firmId, (tx) => findExportedColumns(tx, table), READ_ONLY);
        const { columns } = shape;
        const pages = async function* () {
          let after: string | null = null;
          for (;;) {
            const rows = await database.withFirm(firmId, (tx) => findExportPage(tx, firmId, table, shape, after, PAGE_ROWS), READ_ONLY);
            if (rows.length === 0) return;
            yield rows;
            const last = rows.at(-1)!.__key;
            if (last === null) return;
            after = last;
          }
        };
        const csv = async function* () {
          yield csvFileStart(columns);
          for await (const rows of pages()) yield rows.map((row) => csvLine(columns.map((column) => cellOf(row[column])))).join('');
        };
        await zip.add(Readable.from(bytesOf(csv())), { name: `data/${file}.csv`, deflate: true });
        const json = async function* () {
          let first = true;
          yield '[\n';
          for await (const rows of pages())
            for (const row of rows) {
              const record = Object.fromEntries(columns.map((column) => [column, row[column] ?? null]));
              yield `${first ? '' : ',\n'}${JSON.stringify(record)}`;
              first = false;
            }
          yield '\n]\n';
        };
        await zip.add(Readable.from(bytesOf(json())), { name: `data/${file}.json`, deflate: true });
      }

      const versions = await database.withFirm(firmId, (tx) => findDocumentVersions(tx, firmId), READ_ONLY);
      for (const [index, version] of versions.entries()) {
        if (index % 25 === 0)
          await progress(
            ((tables.length + index / Math.max(versions.length, 1)) / steps) * 100,
            `Documents: ${index} of ${versions.length}`,
          );
        const content = await files.read(version.storageKey);
        if (!content) continue;
        const folder = version.folder.split('/').map(safePart).join('/');
        await zip.add(content, {
          name: `documents/${version.isDeleted ? '_recycle-bin/' : ''}${folder}/${safePart(withVersion(version.name, version.versionNumber))}`,
          deflate: false,
          modifiedAt: new Date(version.createdAt),
        });
      }

      const invoiceIds = await database.withFirm(firmId, (tx) => findIssuedInvoiceIds(tx, firmId), READ_ONLY);
      const skippedLedes: string[] = [];
      for (const [index, invoiceId] of invoiceIds.entries()) {
        if (index % 25 === 0)
          await progress(
            ((tables.length + 1 + index / Math.max(invoiceIds.length, 1)) / steps) * 100,
            `Invoices: ${index} of ${invoiceIds.length}`,
          );
        const { pdf, fileName } = await invoiceFiles.pdf(principal, invoiceId);
        await zip.add(Readable.from([pdf]), { name: `invoices/${safePart(fileName)}`, deflate: false });
        try {
          const ledes = await invoiceFiles.ledes(principal, [invoiceId]);
          await zip.add(Readable.from([Buffer.from(ledes.text)]), { name: `invoices/${safePart(ledes.fileName)}`, deflate: true });
        } catch (error) {
          skippedLedes.push(`${fileName.replace(/\.pdf$/, '')}: ${error instanceof Error ? error.message : 'refused'}`);
        }
      }
      await zip.add(Readable.from([Buffer.from(README(firmName, tables, skippedLedes))]), { name: 'README.txt', deflate: true });
      await zip.finish();
      await stored;
      await database.withFirm(firmId, async (tx) => {
        await finishExport(tx, firmId, exportId, { storageKey: key, sizeBytes });
        const requester = await findRequesterEmail(tx, firmId, principal.userId);
        if (requester)
          await outbox.queue(tx, firmId, {
            to: requester.email,
            subject: 'Your Matterhorn export is ready',
            sender: 'matterhorn',
            paragraphs: [
              `${requester.name}, the export of ${firmName}'s data you started is ready: one zip of every record, document and invoice.`,
              'Sign in as an administrator to download it.',
            ],
            action: { label: 'Download the export', url: `${appUrl}/settings/export`, expiry: 'The download is kept for 7 days.' },
            why: 'you started an export of your firm’s data',
          });
      });
    } catch (error) {
      zip.stream.destroy();
      counting.destroy();
      await stored.catch(() => undefined);
      await files.remove(key).catch(() => undefined);
      logger?.error({ err: error, exportId }, 'data export failed');
      await database.withFirm(firmId, (tx) =>
        finishExport(tx, firmId, exportId, { failure: 'The export could not be completed: start it again, or contact support' }),
      );
    }
  }

  const exportsOf = (principal: FirmPrincipal, id?: string) =>
    database.withFirm(principal.firmId, (tx) => findExports(tx, principal.firmId, id));

  return {
    /** Starts an export in the background (one at a time per firm) and answers it, running. */
    async start(principal: FirmPrincipal, firmName: string): Promise<DataExport> {
      const id = await database.withFirm(principal.firmId, async (tx) => {
        if (await lockRunningExport(tx, principal.firmId)) throw conflict(DATA_EXPORT_MESSAGES.alreadyRunning);
        const exportId = await insertExport(tx, principal.firmId, principal.userId);
        await recordAuditEvent(tx, principal, 'firm.exportStarted', exportId);
        return exportId;
      });
      afterResponse.run(() => build(principal, id, firmName));
      return viewOf((await exportsOf(principal, id))[0]!);
    },

    list: async (principal: FirmPrincipal) => (await exportsOf(principal)).map(viewOf),

    async status(principal: FirmPrincipal, id: string): Promise<DataExport> {
      const [row] = await exportsOf(principal, id);
      if (!row) throw notFound('Export');
      return viewOf(row);
    },

    /** The ready zip as a stream from the store, and a name for it; 404 when not ready or expired. */
    async download(principal: FirmPrincipal, id: string) {
      const [row] = await exportsOf(principal, id);
      if (!row) throw notFound('Export');
      if (row.status !== 'ready' || !row.storageKey) throw conflict(DATA_EXPORT_MESSAGES.notReady);
      const content = await files.read(row.storageKey);
      if (!content) throw conflict(DATA_EXPORT_MESSAGES.notReady);
      await database.withFirm(principal.firmId, (tx) => recordAuditEvent(tx, principal, 'firm.exportDownloaded', id));
      return {
        content,
        sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
        fileName: `matterhorn-export-${iso(row.createdAt)!.slice(0, 10)}.zip`,
      };
    },

    /** A one-minute link to the ready zip for this member's browser: its token seals the export, firm and member. */
    async downloadLink(principal: FirmPrincipal, id: string): Promise<{ url: string }> {
      const [row] = await exportsOf(principal, id);
      if (!row) throw notFound('Export');
      if (row.status !== 'ready') throw conflict(DATA_EXPORT_MESSAGES.notReady);
      const token = encryptSecret(
        JSON.stringify({ id, firmId: principal.firmId, userId: principal.userId, until: Date.now() + LINK_MS }),
        appSecret,
        LINK_PURPOSE,
      );
      return { url: `/api/export-files/${id}?token=${encodeURIComponent(token)}` };
    },

    /** The member a download link stands for, when it is this export's and still valid; else null. */
    principalOfLink(id: string, token: string): FirmPrincipal | null {
      const plain = decryptSecret(token, appSecret, LINK_PURPOSE);
      const claims = plain ? (JSON.parse(plain) as { id: string; firmId: string; userId: string; until: number }) : null;
      if (!claims || claims.id !== id || claims.until < Date.now()) return null;
      return { ...outsideReaderOf(claims.firmId), userId: claims.userId, permissions: ['administrator'] };
    },

    /** Removes the zips past their 7 days (the hourly job). */
    async removeExpired(): Promise<number> {
      let removed = 0;
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
        const expired = await database.withFirm(firmId, (tx) => findExpiredExportFiles(tx, firmId));
        for (const row of expired) {
          await files.remove(row.storageKey!).catch(() => undefined);
          await database.withFirm(firmId, (tx) => forgetExportFile(tx, firmId, row.id));
          removed += 1;
        }
      }
      return removed;
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExport>;

export const dataExportJobs = (exports: Pick<DataExportService, 'removeExpired'>): PeriodicJob[] => [
  { name: 'data-export-expiry', everyMinutes: 60, run: async () => void (await exports.removeExpired()) },
];
