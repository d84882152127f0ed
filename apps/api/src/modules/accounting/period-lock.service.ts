import { PERIOD_LOCK_MESSAGES, type BooksClosedThrough, type SetBooksClosedThroughInput } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findBooksClosedThrough, lockBooksClosedThrough, updateBooksClosedThrough } from './period-lock.repository.ts';

/** The day after an ISO date (YYYY-MM-DD), across months and leap years. */
export function dayAfter(isoDate: string): string {
  const next = new Date(`${isoDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const viewOf = (booksClosedThrough: string | null): BooksClosedThrough => ({
  booksClosedThrough,
  firstOpenDate: booksClosedThrough === null ? null : dayAfter(booksClosedThrough),
});

/**
 * The period lock (issue 36): the database refuses every journal entry dated on or before the day
 * (migration 0060); this sets and reads that day. A later day closes more; an earlier day, or none,
 * reopens what lies after it. Either is an audit event.
 */
export function createPeriodLockService(database: Database) {
  return {
    view: (principal: FirmPrincipal): Promise<BooksClosedThrough> =>
      database.withFirm(principal.firmId, async (tx) => viewOf(await findBooksClosedThrough(tx, principal.firmId)), READ_ONLY),

    set: (principal: FirmPrincipal, input: { booksClosedThrough: SetBooksClosedThroughInput['booksClosedThrough'] }) =>
      database.withFirm(principal.firmId, async (tx): Promise<{ lock: BooksClosedThrough; message: string }> => {
        const next = input.booksClosedThrough;
        const current = await lockBooksClosedThrough(tx, principal.firmId);
        // Today stays open: payments arriving online and today's postings (dated today) must still book.
        if (next !== null && next >= current.today)
          throw badRequest(PERIOD_LOCK_MESSAGES.notBeforeToday, { booksClosedThrough: PERIOD_LOCK_MESSAGES.notBeforeToday });
        const before = current.booksClosedThrough;
        const message = PERIOD_LOCK_MESSAGES.changed(before, next);
        if (next === before) return { lock: viewOf(before), message };
        await updateBooksClosedThrough(tx, principal.firmId, next);
        const isReopening = next === null || (before !== null && next < before);
        await recordAuditEvent(tx, principal, isReopening ? 'firm.booksReopened' : 'firm.booksClosed', principal.firmId, {
          before: { booksClosedThrough: before },
          after: { booksClosedThrough: next },
        });
        return { lock: viewOf(next), message };
      }),
  };
}
