import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { createClamdScanner } from '../../platform/scanning/clamd.ts';
import { processPendingVersions } from './document-processing-work.ts';
import { isOnPath } from './document-text-ocr.ts';
import { createDocumentWork } from './document-work.ts';

/**
 * What happens to a document version after it is stored: a virus scan when a scanner is configured
 * (Scanning → Available or Quarantined), then text extraction for search, as jobs on the queue.
 * The documents service calls versionAdded once the version's row is committed.
 */
export type DocumentProcessing = {
  isScanningEnabled: boolean;
  isTextExtractionEnabled: boolean;
  isOcrEnabled: boolean;
  /** Queues the scan (if enabled) and the text extraction of a newly committed version. */
  versionAdded(firmId: string, versionId: string): Promise<void>;
};

/** The job that scans and reads every waiting version (ADR 0028). */
export const DOCUMENT_PROCESSING_JOB = 'documents.process-versions';

type Settings = Pick<AppConfig, 'documents' | 'documentWorker'>;

/** OCR when the firm's install asks for it and has Tesseract (checked once, at startup). */
const ocrAvailable = (config: Settings) => config.documents.isOcrEnabled && isOnPath('tesseract');

/**
 * The surface the documents service uses. `enqueue` asks the job queue for a run now (the queue is
 * made after the app in server.ts, hence a function); without one (JOBS_ENABLED=false) versions
 * wait for a process that runs jobs. The version ids are not the job's payload: the job finds all
 * waiting versions in the database (ADR 0026), so a lost or repeated request loses or repeats nothing.
 */
export function createDocumentProcessing({
  config,
  enqueue,
  logger,
}: {
  config: Settings;
  enqueue?: (job: string) => Promise<void>;
  logger?: Pick<FastifyBaseLogger, 'error'>;
}): DocumentProcessing {
  return {
    isScanningEnabled: config.documents.clamdUrl !== null,
    // Text is read by the queue's job: without a queue to ask (tests) nothing reads it.
    isTextExtractionEnabled: enqueue !== undefined,
    isOcrEnabled: ocrAvailable(config),
    versionAdded: async (firmId, versionId) => {
      // Not awaited: on PGlite a run happens in this process, and an upload must not wait for an OCR.
      void enqueue?.(DOCUMENT_PROCESSING_JOB).catch((error: unknown) =>
        logger?.error({ err: error, firmId, versionId }, 'document processing not queued (the next periodic run takes it)'),
      );
    },
  };
}

export type DocumentProcessingJobDependencies = {
  database: Database;
  files: FileStore;
  outbox: Outbox;
  config: Settings & Pick<AppConfig, 'appUrl'>;
  logger?: FastifyBaseLogger;
};

/** The periodic job (every minute, and on request): a run catches up whatever a lost request or a scanner outage left waiting. */
export function documentProcessingJobs({ database, files, outbox, config, logger }: DocumentProcessingJobDependencies): PeriodicJob[] {
  const dependencies = {
    database,
    files,
    outbox,
    appUrl: config.appUrl,
    scanner: config.documents.clamdUrl ? createClamdScanner(config.documents.clamdUrl) : null,
    isOcrEnabled: ocrAvailable(config),
    // Its workers exit when idle and die with the process: nothing to stop at shutdown.
    work: createDocumentWork(config.documentWorker),
    logger,
  };
  return [
    {
      name: DOCUMENT_PROCESSING_JOB,
      everyMinutes: 1,
      run: async () => {
        const processed = await processPendingVersions(dependencies);
        if (processed > 0) logger?.info({ processed }, 'document versions processed');
      },
    },
  ];
}
