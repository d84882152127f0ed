import type { z } from 'zod';
import type { matterListQuerySchema, MatterSummary } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { cappedTotalOfRows } from '../../lib/capped-total.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { csvLine } from '../../lib/csv.ts';
import {
  countMatters,
  findMatterIds,
  findMatterPage,
  findMatterSummariesByIds,
  type MatterListFilters,
  type MatterSort,
} from './matter-list.repository.ts';

type MatterListQuery = z.output<typeof matterListQuerySchema>;
export type MatterListService = ReturnType<typeof createMatterListService>;

const CSV_CHUNK = 1000;
const CSV_HEADER = [
  'Matter number',
  'Matter',
  'Client',
  'Billing type',
  'Status',
  'Open date',
  'Close date',
  'Assigned to',
  'Practice areas',
];

function filtersOf(query: MatterListQuery): MatterListFilters {
  return {
    searchText: query.GeneralSearchText || undefined,
    clientId: query.ClientId,
    status: query.Status,
    billingType: query.MatterRate,
    assignedUserId: query.AssignedUserId,
  };
}

const sortOf = (query: MatterListQuery): MatterSort => ({ column: query.sortColumn, direction: query.sortType });

type SummaryRow = Awaited<ReturnType<typeof findMatterSummariesByIds>>[number];

const summaryOf = (row: SummaryRow): MatterSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

export function createMatterListService(database: Database) {
  return {
    page: (principal: FirmPrincipal, query: MatterListQuery) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const filters = filtersOf(query);
          const window = { limit: query.size, offset: (query.page - 1) * query.size, withCount: true };
          const rows = await findMatterPage(tx, principal.firmId, filters, sortOf(query), window);
          const total = await cappedTotalOfRows(
            query,
            rows,
            () => countMatters(tx, principal.firmId, filters),
            Boolean(filters.searchText),
          );
          return { data: rows.map(({ matchingCount: _count, ...row }) => summaryOf(row)), page: query.page, size: query.size, ...total };
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, read in chunks of 1000 matters. */
    csv: (principal: FirmPrincipal, query: MatterListQuery) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const ids = await findMatterIds(tx, principal.firmId, filtersOf(query), sortOf(query));
          const lines = [csvLine(CSV_HEADER)];
          for (let start = 0; start < ids.length; start += CSV_CHUNK) {
            const chunk = ids.slice(start, start + CSV_CHUNK);
            const byId = new Map((await findMatterSummariesByIds(tx, principal.firmId, chunk)).map((row) => [row.id, summaryOf(row)]));
            for (const id of chunk) {
              const matter = byId.get(id);
              if (matter) lines.push(csvLine(csvRowOf(matter)));
            }
          }
          return lines.join('');
        },
        READ_ONLY,
      ),
  };
}

const csvRowOf = (matter: MatterSummary) => [
  matter.matterNumber,
  matter.matterName,
  matter.clientName,
  matter.matterRate,
  matter.status,
  matter.matterOpenDate,
  matter.matterCloseDate,
  matter.assignedTo.map((assignee) => assignee.name).join('; '),
  matter.practiceAreas.join('; '),
];
