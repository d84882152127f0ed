import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { TimeEntryListItem, timeEntryListQuerySchema, TimeEntryPage, TimeEntryTotals } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { streamListCsv } from '../../platform/lists/list-csv.ts';
import { timeEntryCsv } from './time-entry-csv.ts';
import { timeEntryExport } from './time-entry-export.repository.ts';
import { findTimeEntryPage, sumTimeEntries, type TimeEntryListRequest, type TimeEntryListRow } from './time-entry-list.repository.ts';
import { canViewAllTimeEntries, sortOf } from './time-entries.rules.ts';

type TimeEntryListQuery = z.output<typeof timeEntryListQuerySchema>;
export type TimeEntryListService = ReturnType<typeof createTimeEntryListService>;

export function requestOf(principal: FirmPrincipal, query: TimeEntryListQuery): TimeEntryListRequest {
  return {
    filters: {
      visibleToUserId: canViewAllTimeEntries(principal.permissions) ? undefined : principal.userId,
      userId: query.TimeEntryUserId,
      matterId: query.MatterId,
      clientId: query.ClientId,
      isBillable: query.IsBillable || undefined,
      fromDate: query.FromTimeEntryDateCreated,
      toDate: query.ToTimeEntryDateCreated,
    },
    searchText: query.GeneralSearchText || undefined,
    sort: sortOf(query),
  };
}

const listItemOf = (row: TimeEntryListRow): TimeEntryListItem => ({ ...row, createdAt: row.createdAt.toISOString() });

export function createTimeEntryListService(database: Database) {
  return {
    page: (principal: FirmPrincipal, query: TimeEntryListQuery): Promise<TimeEntryPage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const request = requestOf(principal, query);
          const { rows, ...total } = await findTimeEntryPage(tx, principal.firmId, request, query);
          const page = { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
          return query.IncludeTotals ? { ...page, totals: await sumTimeEntries(tx, principal.firmId, request) } : page;
        },
        READ_ONLY,
      ),

    totals: (principal: FirmPrincipal, query: TimeEntryListQuery): Promise<TimeEntryTotals> =>
      database.withFirm(principal.firmId, (tx) => sumTimeEntries(tx, principal.firmId, requestOf(principal, query)), READ_ONLY),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: TimeEntryListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, timeEntryExport, requestOf(principal, query), timeEntryCsv),
  };
}
