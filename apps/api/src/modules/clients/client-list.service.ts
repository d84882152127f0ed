import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ClientSummary, clientListQuerySchema } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import type { ListRow } from '../../platform/lists/list-page.ts';
import { clientExport, type clientList, findClientPage, type ClientListRequest } from './client-list.repository.ts';

type ClientListQuery = z.output<typeof clientListQuerySchema>;
export type ClientListService = ReturnType<typeof createClientListService>;

const requestOf = (query: ClientListQuery): ClientListRequest => ({
  filters: { clientType: query.ClientType, status: query.Status },
  searchText: query.GeneralSearchText || undefined,
  sort: { column: query.sortColumn, direction: query.sortType },
});

const summaryOf = (row: ListRow<typeof clientList.columns>): ClientSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

const clientCsv: ListCsv<typeof clientExport.columns, void> = {
  header: ['Name', 'Type', 'Email', 'Phone', 'Status', 'Open matters', 'Created'],
  cells: (client, _context, dates) => [
    client.name,
    client.clientType === 'company' ? 'Company' : 'Individual',
    client.email,
    client.phone,
    client.status === 'active' ? 'Active' : 'Archived',
    client.openMatterCount,
    dates.moment(client.createdAt),
  ],
};

export function createClientListService(database: Database) {
  return {
    page: (principal: FirmPrincipal, query: ClientListQuery) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const { rows, ...total } = await findClientPage(tx, principal.firmId, requestOf(query), query);
          return { data: rows.map(summaryOf), page: query.page, size: query.size, ...total };
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: ClientListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, clientExport, requestOf(query), clientCsv),
  };
}
