import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { INTAKE_LIMITS, LEAD_MESSAGES } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { ScannerUnavailableError, type VirusScanner } from '../../platform/scanning/clamd.ts';
import * as repository from './lead-files.repository.ts';
import { findLeadRow } from './leads.repository.ts';

/** What a visitor may drop on a public form: documents and photos, by their content, 10 MB each. */
export const INTAKE_UPLOAD_RULES: UploadRules = {
  what: 'A file',
  maxBytes: INTAKE_LIMITS.maxFileBytes,
  types: {
    'application/pdf': 'PDF',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/x-cfb': 'Word (97–2003)',
    'application/vnd.oasis.opendocument.text': 'OpenDocument',
    'image/jpeg': 'JPEG',
    'image/png': 'PNG',
    'image/heic': 'HEIC',
    'image/heif': 'HEIC',
  },
};

/** How long a visitor's upload waits for its form to be sent. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export const INTAKE_UPLOAD_MESSAGES = { infected: 'The virus scanner refused this file' } as const;

export type LeadFilesDeps = {
  database: Database;
  files: FileStore;
  scanner: VirusScanner | null;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * Files dropped on a public intake form (issue 45): stored, then scanned like every document before
 * anyone may open them. The upload waits Scanning until the scanner's verdict; an unreachable
 * scanner leaves it waiting for the periodic job, and nobody can open it meanwhile.
 */
export function createLeadFiles({ database, files, scanner, logger }: LeadFilesDeps) {
  /** Scans one waiting upload and records the verdict; 'waiting' when the scanner gives none. */
  async function scanOne(firmId: string, upload: { id: string; storageKey: string }): Promise<'available' | 'quarantined' | 'waiting'> {
    const content = await files.read(upload.storageKey);
    if (!content || !scanner) return 'waiting';
    try {
      const verdict = await scanner.scan(content);
      await database.withFirm(firmId, (tx) => repository.recordUploadVerdict(tx, firmId, upload.id, verdict.isInfected));
      if (verdict.isInfected) {
        logger?.warn({ firmId, uploadId: upload.id, signature: verdict.signature }, 'intake upload quarantined');
        await files.remove(upload.storageKey).catch(() => undefined);
        return 'quarantined';
      }
      return 'available';
    } catch (error) {
      if (error instanceof ScannerUnavailableError) return 'waiting';
      throw error;
    }
  }

  return {
    /** Stores a visitor's file for a form's field and scans it at once; 422 (nothing kept) when the scanner refuses it. */
    async store(firmId: string, target: { intakeFormId: string; fieldKey: string }, upload: { content: Readable; fileName: string }) {
      const stored = await storeUpload(files, upload, INTAKE_UPLOAD_RULES);
      const id = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, (tx) =>
          repository.insertUpload(tx, {
            firmId,
            ...target,
            storageKey: stored.key,
            fileName: stored.fileName,
            contentType: stored.contentType === 'image/heif' ? 'image/heic' : stored.contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            scanStatus: scanner ? 'scanning' : 'available',
          }),
        ),
      );
      if (scanner && (await scanOne(firmId, { id, storageKey: stored.key })) === 'quarantined')
        throw new AppError(422, INTAKE_UPLOAD_MESSAGES.infected);
      return { uploadId: id, fileName: stored.fileName, sizeBytes: stored.size };
    },

    /** Every firm's uploads still waiting for a verdict (the job, and a test's "later"). */
    async scanWaiting(): Promise<number> {
      if (!scanner) return 0;
      let scanned = 0;
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
        const waiting = await database.withFirm(firmId, (tx) => repository.findScanningUploads(tx, firmId, 50), READ_ONLY);
        for (const upload of waiting) if ((await scanOne(firmId, upload)) !== 'waiting') scanned += 1;
      }
      return scanned;
    },

    /**
     * Removes the files visitors uploaded but never sent with a form, a day on: a public form is no
     * place to keep files nobody asked for. The row goes first, so a form sent meanwhile cannot name it.
     */
    async removeAbandoned(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - ABANDONED_AFTER_MS);
      let removed = 0;
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
        const abandoned = await database.withFirm(firmId, (tx) => repository.findAbandonedUploads(tx, firmId, before, 200), READ_ONLY);
        for (const upload of abandoned) {
          if (!(await database.withFirm(firmId, (tx) => repository.deleteUnattachedUpload(tx, firmId, upload.id)))) continue;
          await files.remove(upload.storageKey).catch(() => undefined);
          removed += 1;
        }
      }
      return removed;
    },

    /** A lead's file, once the scanner passed it: 409 while it waits or when refused, 404 for another lead's or a deleted lead's. */
    async open(firmId: string, leadId: string, uploadId: string) {
      const upload = await database.withFirm(
        firmId,
        async (tx) => ((await findLeadRow(tx, firmId, leadId)) ? repository.findUpload(tx, firmId, uploadId) : null),
        READ_ONLY,
      );
      if (!upload || upload.leadId !== leadId) throw notFound('File');
      if (upload.scanStatus === 'scanning') throw conflict(LEAD_MESSAGES.fileNotReady);
      if (upload.scanStatus === 'quarantined') throw conflict(LEAD_MESSAGES.fileQuarantined);
      const content = await files.read(upload.storageKey);
      if (!content) throw notFound('File');
      return { fileName: upload.fileName, contentType: upload.contentType, sizeBytes: upload.sizeBytes, content };
    },
  };
}

export type LeadFiles = ReturnType<typeof createLeadFiles>;

/** The periodic jobs: scan what an unreachable scanner left waiting; remove uploads no form was sent with. */
export const leadFileJobs = (leadFiles: LeadFiles): PeriodicJob[] => [
  { name: 'leads.scan-intake-uploads', everyMinutes: 5, run: async () => void (await leadFiles.scanWaiting()) },
  { name: 'leads.remove-abandoned-uploads', everyMinutes: 60, run: async () => void (await leadFiles.removeAbandoned()) },
];
