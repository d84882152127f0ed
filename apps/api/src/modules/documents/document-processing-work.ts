import { listFirmIds } from '../../platform/firm-list.repository.ts';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { entityOf, type AuditEvent } from '../../platform/audit/audit-events.ts';
import { insertAuditEvent } from '../../platform/audit/audit.repository.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { VirusScanner } from '../../platform/scanning/clamd.ts';
import {
  findPendingVersions,
  listAdministrators,
  recordExtractedText,
  recordScanVerdict,
  setCurrentContentText,
  startTextAttempt,
  type PendingVersion,
} from './document-processing.repository.ts';
import type { ExtractedText } from './document-text.ts';
import type { DocumentWork } from './document-work.ts';

export type ProcessingDependencies = {
  database: Database;
  files: FileStore;
  outbox: Outbox;
  appUrl: string;
  /** Null: no scanner configured (versions are stored Available and only their text is read). */
  scanner: VirusScanner | null;
  isOcrEnabled: boolean;
  /** The worker process that reads files, under its memory and time limits. */
  work: Pick<DocumentWork, 'extractText'>;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
};

const BATCH = 20;
/** A file that fails this many times is parked as failed (an administrator may retry it), never retried into a crash loop. */
export const MAX_TEXT_ATTEMPTS = 3;
const QUARANTINED: AuditEvent = 'document.quarantined';

async function fileOf({ files }: ProcessingDependencies, version: PendingVersion) {
  const content = await files.read(version.storageKey);
  if (!content) throw new Error(`The file of document version ${version.id} is missing from the file store`);
  return content;
}

/** The alert and the audit event commit with the verdict (the alert is sent after the commit, with retries). */
async function quarantine(deps: ProcessingDependencies, firmId: string, version: PendingVersion, signature: string) {
  await deps.database.withFirm(firmId, async (tx) => {
    if (!(await recordScanVerdict(tx, firmId, version.id, signature))) return;
    // The scanner acted, not a person: no actor.
    await insertAuditEvent(tx, {
      firmId,
      actorUserId: null,
      action: QUARANTINED,
      entityType: entityOf(QUARANTINED),
      entityId: version.documentId,
      details: { versionId: version.id, versionNumber: version.versionNumber, fileName: version.fileName, signature },
    });
    const link = `${deps.appUrl}/documents/${version.documentId}`;
    for (const administrator of await listAdministrators(tx, firmId)) {
      await deps.outbox.queue(tx, firmId, {
        to: administrator.email,
        subject: `Virus found in an uploaded file: ${version.fileName}`,
        sender: 'firm',
        greeting: `Dear ${administrator.name},`,
        paragraphs: [
          `The virus scanner found ${signature} in version ${version.versionNumber} of "${version.documentName}" (file ${version.fileName}).`,
          'The file is quarantined: nobody can download it. The other versions of the document are not affected.',
        ],
        action: { label: 'Open the document', url: link },
        why: 'you are an administrator of the firm',
      });
    }
  });
}

/** Scans a version still Scanning. Throws (the version stays Scanning) when the scanner gives no verdict. */
async function scan(deps: ProcessingDependencies, firmId: string, version: PendingVersion): Promise<'available' | 'quarantined'> {
  if (version.scanStatus !== 'scanning') return version.scanStatus;
  const verdict = await deps.scanner!.scan(await fileOf(deps, version));
  if (verdict.isInfected) {
    await quarantine(deps, firmId, version, verdict.signature);
    deps.logger?.warn({ firmId, versionId: version.id, signature: verdict.signature }, 'document version quarantined');
    return 'quarantined';
  }
  await deps.database.withFirm(firmId, (tx) => recordScanVerdict(tx, firmId, version.id, null));
  return 'available';
}

/**
 * Reads the version's text (outside any transaction: OCR takes seconds) and records it once. A failed
 * attempt leaves the version waiting for the next run until its third, which parks it as failed.
 */
async function readText(deps: ProcessingDependencies, firmId: string, version: PendingVersion): Promise<'recorded' | 'retry later'> {
  const attempt = await deps.database.withFirm(firmId, (tx) => startTextAttempt(tx, firmId, version.id, MAX_TEXT_ATTEMPTS));
  let outcome: ExtractedText | { status: 'failed' };
  if (attempt === null) {
    // Its attempts were all started and none finished: the process died reading it. Parked, not tried again.
    outcome = { status: 'failed' };
  } else {
    try {
      outcome = await deps.work.extractText(version.contentType, await buffer(await fileOf(deps, version)), {
        isOcrEnabled: deps.isOcrEnabled,
      });
    } catch (error) {
      deps.logger?.warn({ err: error, firmId, versionId: version.id, attempt }, 'document text extraction failed');
      if (attempt < MAX_TEXT_ATTEMPTS) return 'retry later';
      outcome = { status: 'failed' };
    }
  }
  const text = outcome.status === 'extracted' ? outcome.text : null;
  await deps.database.withFirm(firmId, async (tx) => {
    if (await recordExtractedText(tx, firmId, version.id, { status: outcome.status, text }))
      await setCurrentContentText(tx, firmId, version.documentId, version.versionNumber, text);
  });
  return 'recorded';
}

/**
 * The job: every firm's versions waiting for a scan or their text. Idempotent: each outcome is
 * recorded only over the state it started from, so a repeated or concurrent run records nothing
 * twice (at worst it scans a file again). Passes repeat while they finish work, so a version added
 * during a run is not left for the next tick. Throws after trying all when any failed, so the queue retries.
 */
export async function processPendingVersions(deps: ProcessingDependencies): Promise<number> {
  const failures: unknown[] = [];
  // Failed to read this run: tried again by the next run, not by this one's next pass.
  const skipped = new Set<string>();
  let processed = 0;
  for (let pass = 0; pass < 50; pass += 1) {
    let progressed = false;
    for (const { firmId } of await deps.database.withIdentityLookup((tx) => listFirmIds(tx))) {
      // Without a scanner, Scanning versions wait for one: a file is never made available unscanned.
      const pending = await deps.database.withFirm(
        firmId,
        (tx) => findPendingVersions(tx, firmId, { limit: BATCH + skipped.size, withScanning: deps.scanner !== null }),
        READ_ONLY,
      );
      for (const version of pending.filter((candidate) => !skipped.has(candidate.id))) {
        try {
          if ((await scan(deps, firmId, version)) === 'available' && (await readText(deps, firmId, version)) === 'retry later')
            skipped.add(version.id);
          processed += 1;
          progressed = true;
        } catch (error) {
          skipped.add(version.id);
          failures.push(error);
          deps.logger?.error({ err: error, firmId, versionId: version.id }, 'document version not processed');
        }
      }
    }
    if (!progressed) break;
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} document version(s) not processed`);
  return processed;
}
