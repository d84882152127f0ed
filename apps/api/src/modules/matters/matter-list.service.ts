import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { matterListQuerySchema, MatterSummary } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import type { ListRow } from '../../platform/lists/list-page.ts';
import { findMatterPage, matterList, type MatterListRequest } from './matter-list.repository.ts';

type MatterListQuery = z.output<typeof matterListQuerySchema>;
export type MatterListService = ReturnType<typeof createMatterListService>;

function requestOf(query: MatterListQuery): MatterListRequest {
  return {
    filters: { clientId: query.ClientId, status: query.Status, billingType: query.MatterRate, assignedUserId: query.AssignedUserId },
    searchText: query.GeneralSearchText || undefined,
    sort: { column: query.sortColumn, direction: query.sortType },
  };
}

type MatterRow = ListRow<typeof matterList.columns>;

const summaryOf = (row: MatterRow): MatterSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

const matterCsv: ListCsv<typeof matterList.columns, void> = {
  header: ['Matter number', 'Matter', 'Client', 'Billing type', 'Status', 'Open date', 'Close date', 'Assigned to', 'Practice areas'],
  cells: (matter, _context, dates) => [
    matter.matterNumber,
    matter.matterName,
    matter.clientName,
    matter.matterRate,
    matter.status,
    dates.date(matter.matterOpenDate),
    dates.date(matter.matterCloseDate),
    matter.assignedTo.map((assignee) => assignee.name).join('; '),
    matter.practiceAreas.join('; '),
  ],
};

export function createMatterListService(database: Database) {
  return {
    page: (principal: FirmPrincipal, query: MatterListQuery) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const { rows, ...total } = await findMatterPage(tx, principal.firmId, requestOf(query), query);
          return { data: rows.map(summaryOf), page: query.page, size: query.size, ...total };
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: MatterListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, matterList, requestOf(query), matterCsv),
  };
}
