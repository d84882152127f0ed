import { PassThrough, type Readable } from 'node:stream';
import type { z } from 'zod';
import type { TimeEntryListItem, timeEntryListQuerySchema, TimeEntryPage, TimeEntryTotals } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { cappedTotalOfRows } from '../../lib/capped-total.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { TIME_ENTRY_CSV_HEADER, timeEntryCsvLine } from './time-entry-csv.ts';
import { findExportNames, findTimeEntryExportBatch } from './time-entry-export.repository.ts';
import {
  countTimeEntries,
  findTimeEntryPage,
  sumTimeEntries,
  type TimeEntryKeyset,
  type TimeEntryListFilters,
  type TimeEntryListRow,
} from './time-entry-list.repository.ts';
import { canViewAllTimeEntries, sortOf } from './time-entries.rules.ts';

type TimeEntryListQuery = z.output<typeof timeEntryListQuerySchema>;
export type TimeEntryListService = ReturnType<typeof createTimeEntryListService>;

/**
 * Rows per export batch: a batch is the most the export ever holds in memory. Batches of 2,000
 * lived long enough to reach V8's old generation, and the process grew by 35–113 MB per export;
 * batches of 500 grow it by 12–64 MB, in about the same time.
 */
const CSV_BATCH = 500;

export function filtersOf(principal: FirmPrincipal, query: TimeEntryListQuery): TimeEntryListFilters {
  return {
    visibleToUserId: canViewAllTimeEntries(principal.permissions) ? undefined : principal.userId,
    userId: query.TimeEntryUserId,
    matterId: query.MatterId,
    clientId: query.ClientId,
    isBillable: query.IsBillable,
    fromDate: query.FromTimeEntryDateCreated,
    toDate: query.ToTimeEntryDateCreated,
    searchText: query.GeneralSearchText || undefined,
  };
}

const listItemOf = (row: TimeEntryListRow): TimeEntryListItem => ({
  id: row.id,
  timeEntryDate: row.timeEntryDate,
  clientId: row.clientId,
  clientName: row.clientName,
  matterId: row.matterId,
  matterName: row.matterName,
  matterNumber: row.matterNumber,
  activityId: row.activityId,
  activityType: row.activityType,
  description: row.description,
  duration: row.duration,
  isBillable: row.isBillable,
  timeEntryUserId: row.timeEntryUserId,
  timeEntryUserName: row.timeEntryUserName,
  userRate: row.userRate,
  totalAmount: row.totalAmount,
  homeTotalAmount: row.homeTotalAmount,
  currencySymbol: row.currencySymbol,
  status: row.status,
  isLocked: row.isLocked,
  utbmsTaskCode: row.utbmsTaskCode,
  createdAt: row.createdAt.toISOString(),
});

/** Waits until the reader has taken what was written, or has gone away. */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export function createTimeEntryListService(database: Database) {
  return {
    page: (principal: FirmPrincipal, query: TimeEntryListQuery): Promise<TimeEntryPage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const filters = filtersOf(principal, query);
          const offset = (query.page - 1) * query.size;
          const window = { limit: query.size, offset, withCount: true };
          const rows = await findTimeEntryPage(tx, principal.firmId, filters, sortOf(query), window);
          const total = await cappedTotalOfRows(
            query,
            rows,
            () => countTimeEntries(tx, principal.firmId, filters),
            Boolean(filters.searchText),
          );
          const page = { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
          return query.IncludeTotals ? { ...page, totals: await sumTimeEntries(tx, principal.firmId, filters) } : page;
        },
        READ_ONLY,
      ),

    totals: (principal: FirmPrincipal, query: TimeEntryListQuery): Promise<TimeEntryTotals> =>
      database.withFirm(principal.firmId, (tx) => sumTimeEntries(tx, principal.firmId, filtersOf(principal, query)), READ_ONLY),

    /**
     * The whole filtered list as CSV, streamed: batches of CSV_BATCH rows, each read after the last
     * (keyset), written when the reader has room, so memory stays flat however long the list. The
     * next batch is asked for before this one is formatted, so the database and the formatting
     * overlap. It resolves once the first batch is read: a failure before any output is an ordinary error.
     */
    csv: (principal: FirmPrincipal, query: TimeEntryListQuery): Promise<Readable> =>
      new Promise((resolve, reject) => {
        const stream = new PassThrough();
        const filters = filtersOf(principal, query);
        const sort = sortOf(query);
        let isStarted = false;
        database
          .withFirm(
            principal.firmId,
            async (tx) => {
              const names = await findExportNames(tx, principal.firmId);
              const batchAfter = (after: TimeEntryKeyset | null) => {
                const batch = findTimeEntryExportBatch(tx, principal.firmId, filters, sort, CSV_BATCH, after);
                // Awaited below; until then a failure must not count as an unhandled rejection.
                batch.catch(() => undefined);
                return batch;
              };
              let pending: ReturnType<typeof batchAfter> | null = batchAfter(null);
              while (pending) {
                const batch: Awaited<ReturnType<typeof batchAfter>> = await pending;
                pending = batch.rows.length === CSV_BATCH && !stream.destroyed ? batchAfter(batch.next) : null;
                const text = (isStarted ? '' : TIME_ENTRY_CSV_HEADER) + batch.rows.map((row) => timeEntryCsvLine(row, names)).join('');
                if (!isStarted) {
                  isStarted = true;
                  resolve(stream);
                }
                if (!stream.write(text)) await drained(stream);
                if (stream.destroyed) {
                  // The reader went away: let the batch already asked for finish, then stop.
                  await pending?.catch(() => undefined);
                  return;
                }
              }
            },
            READ_ONLY,
          )
          .then(
            () => stream.end(),
            (error: unknown) => (isStarted ? stream.destroy(error as Error) : reject(error)),
          );
      }),
  };
}
