import { FINANCIAL_RECORD_RETENTION_YEARS, isoToDisplayDate, type RetentionReview } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findSettings } from './data-protection.repository.ts';
import { anonymiseClient, findClientErasureFacts } from './data-subjects.repository.ts';
import { addYears, clientErasureBlockers, retainedSinceOf } from './erasure.rules.ts';
import {
  approveReview,
  type DueItem,
  findDueItems,
  insertItems,
  insertReview,
  listReviews,
  lockReview,
  type ReviewRow,
  removeMatterFiles,
  setItemOutcome,
} from './retention.repository.ts';

const reviewOf = (row: ReviewRow): RetentionReview => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  approvedAt: row.approvedAt ? new Date(row.approvedAt).toISOString() : null,
});

function reasonOf(item: DueItem, fileYears: number): string {
  const since = isoToDisplayDate(item.lastDate);
  return item.recordType === 'client'
    ? `Nothing open; last matter, money or record ${since}: past ${FINANCIAL_RECORD_RETENTION_YEARS} years for financial records and ${fileYears} for closed matters’ files`
    : `Matter closed ${since}: past the firm’s ${fileYears} years for closed matters’ files`;
}

/**
 * Retention (NDPA 2023 s. 24(1)(d), ADR 92): each month a review lists what has passed its
 * retention period — clients with nothing open and no record inside 7 years (financial) or the
 * firm's years for closed matters' files, and closed matters whose files remain — and nothing
 * happens until an administrator approves it: then clients are anonymised (each re-checked: one
 * that has since come back is kept) and the matters' files go to the recycle bin. Approval is audited.
 */
export function createRetention({ database }: { database: Database }) {
  /** The firm's review of this month, found once (a second run, or a replica's, finds it there). */
  async function findReview(tx: Tx, firmId: string): Promise<string | null> {
    const today = await findFirmToday(tx, firmId);
    const settings = await findSettings(tx, firmId);
    const reviewId = await insertReview(tx, firmId, today.slice(0, 7));
    if (!reviewId) return null;
    const due = await findDueItems(tx, firmId, retainedSinceOf(today), addYears(today, -settings.closedMatterFileYears));
    await insertItems(
      tx,
      firmId,
      reviewId,
      due.map((item) => ({ ...item, reason: reasonOf(item, settings.closedMatterFileYears) })),
    );
    return reviewId;
  }

  async function reviewOrNotFound(tx: Tx, firmId: string, id: string) {
    const [row] = await listReviews(tx, firmId, id);
    if (!row) throw notFound('Retention review');
    return row;
  }

  return {
    list: async (principal: FirmPrincipal) =>
      (await database.withFirm(principal.firmId, (tx) => listReviews(tx, principal.firmId))).map(reviewOf),

    /** This month's review, found now if the job has not yet run this month. */
    async findNow(principal: FirmPrincipal): Promise<RetentionReview> {
      return database.withFirm(principal.firmId, async (tx) => {
        const foundId = await findReview(tx, principal.firmId);
        if (foundId) await recordAuditEvent(tx, principal, 'retentionReview.found', foundId, {});
        const [latest] = await listReviews(tx, principal.firmId);
        return reviewOf(latest!);
      });
    },

    async approve(principal: FirmPrincipal, id: string): Promise<RetentionReview> {
      return database.withFirm(principal.firmId, async (tx) => {
        const locked = await lockReview(tx, principal.firmId, id);
        if (!locked) throw notFound('Retention review');
        if (locked.status !== 'pending') throw conflict('This review is already approved');
        const review = await reviewOrNotFound(tx, principal.firmId, id);
        const today = await findFirmToday(tx, principal.firmId);
        const retainedSince = retainedSinceOf(today);
        const done = { anonymisedClients: [] as string[], filesRemovedMatters: [] as string[], kept: [] as string[], filesRemoved: 0 };
        for (const item of review.items) {
          if (item.recordType === 'client') {
            const facts = await findClientErasureFacts(tx, principal.firmId, item.recordId, retainedSince);
            if (clientErasureBlockers(facts, retainedSince).length > 0) {
              await setItemOutcome(tx, principal.firmId, item.id, 'kept');
              done.kept.push(item.recordId);
              continue;
            }
            await anonymiseClient(tx, principal.firmId, item.recordId);
            await setItemOutcome(tx, principal.firmId, item.id, 'anonymised');
            done.anonymisedClients.push(item.recordId);
          } else {
            done.filesRemoved += await removeMatterFiles(tx, principal.firmId, item.recordId, principal.userId);
            await setItemOutcome(tx, principal.firmId, item.id, 'filesRemoved');
            done.filesRemovedMatters.push(item.recordId);
          }
        }
        await approveReview(tx, principal.firmId, id, principal.userId);
        await recordAuditEvent(tx, principal, 'retentionReview.approved', id, { period: review.period, ...done });
        return reviewOf(await reviewOrNotFound(tx, principal.firmId, id));
      });
    },

    /** The job's run: each firm's review of its month, found once. */
    async findDueReviews(): Promise<number> {
      let found = 0;
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx)))
        if (await database.withFirm(firmId, (tx) => findReview(tx, firmId))) found += 1;
      return found;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;

export const RETENTION_REVIEW_JOB = 'data-protection-retention-review';

/**
 * Monthly, as a firm's month begins: the job runs hourly and finds a review only where the firm has
 * none for its current month (the unique (firm, month) row makes a repeated or overlapping run harmless).
 */
export const retentionJobs = (retention: Pick<Retention, 'findDueReviews'>): PeriodicJob[] => [
  { name: RETENTION_REVIEW_JOB, everyMinutes: 60, run: async () => void (await retention.findDueReviews()) },
];
