import { STANDARD_SECONDS, STANDARD_WRITING_SECONDS, subjectOf, type WorkActivityKind } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { openRequestTransaction } from '../../db/request-transaction.ts';
import type { PeriodicJob } from '../../platform/jobs/jobs.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { Database } from '../../db/database.ts';
import { deleteFirmWork, deleteWorkBefore, insertWorkActivity, type RecordedWork } from './time-suggestions.repository.ts';

/** Work recorded for Suggested time is kept this many days (issue 44). */
export const WORK_RETENTION_DAYS = 90;
export const WORK_RETENTION_JOB = 'work-activity-retention';

/**
 * What a member did on a matter, recorded in the caller's transaction by one statement (nothing
 * when the firm or the member has Suggested time off). The modules where the work happens call it.
 */
export function recordWork(tx: Tx, actor: { firmId: string; userId: string | null }, work: RecordedWork): Promise<void> {
  if (!actor.userId) return Promise.resolve();
  const recorded = insertWorkActivity(tx, actor.firmId, actor.userId, work);
  const request = openRequestTransaction();
  if (request?.tx !== tx) return recorded;
  // In a request, the insert is sent without waiting and travels with the commit (one round trip for
  // both): recording adds no wait to the request. Should it fail, the commit fails with it.
  recorded.catch(() => undefined);
  request.hasWritten = true;
  request.pending.push(recorded);
  return Promise.resolve();
}

/**
 * Writing a note, an update or a message: the seconds from opening its form to saving it, as the
 * form measured them; sent without (another program), the standard 6 minutes.
 */
export const recordWriting = (
  tx: Tx,
  actor: { firmId: string; userId: string | null },
  writing: { matterId: string; kind: WorkActivityKind; subject: string; sourceId: string; measuredSeconds: number | undefined },
) =>
  recordWork(tx, actor, {
    matterId: writing.matterId,
    kind: writing.kind,
    subject: subjectOf(writing.subject),
    seconds: writing.measuredSeconds ?? STANDARD_WRITING_SECONDS,
    sourceId: writing.sourceId,
  });

/** What filing, preparing or completing something counts for (STANDARD_SECONDS): its record is named once a day. */
export const recordStep = (
  tx: Tx,
  actor: { firmId: string; userId: string | null },
  step: { matterId: string; kind: WorkActivityKind; subject: string; sourceId: string },
) => recordWork(tx, actor, { ...step, subject: subjectOf(step.subject), seconds: STANDARD_SECONDS[step.kind] ?? 0 });

/**
 * An email a member sent from Matterhorn about a client's matters (an invoice, a request for funds):
 * the standard 6 minutes, shared between the matters it is about (an invoice may cover several), so
 * one email never counts more than once. Each sending is its own row: sent twice, it counts twice.
 */
export async function recordEmailSent(
  tx: Tx,
  actor: { firmId: string; userId: string | null },
  email: { matterIds: readonly string[]; subject: string },
): Promise<void> {
  const matterIds = [...new Set(email.matterIds)];
  if (matterIds.length === 0) return;
  const seconds = Math.round((STANDARD_SECONDS.emailSent ?? 0) / matterIds.length);
  for (const matterId of matterIds)
    await recordWork(tx, actor, { matterId, kind: 'emailSent', subject: subjectOf(email.subject), seconds });
}

/** The firm switched Suggested time off: what was recorded of everyone's work goes (the firm module). */
export const forgetFirmWork = (tx: Tx, firmId: string) => deleteFirmWork(tx, firmId);

/** Every hour, each firm's work older than 90 days by its calendar is deleted, a batch at a time. */
export const workRetentionJobs = (database: Database): PeriodicJob[] => [
  {
    name: WORK_RETENTION_JOB,
    everyMinutes: 60,
    run: async () => {
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx)))
        while ((await database.withFirm(firmId, (tx) => deleteWorkBefore(tx, firmId, WORK_RETENTION_DAYS, 5000))) === 5000);
    },
  },
];
