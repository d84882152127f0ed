import { eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { declareList, type ListRequest, type PageNumber } from '../../platform/lists/list-declaration.ts';
import { readListPage } from '../../platform/lists/list-page.ts';
import { clients } from '../../db/schema/index.ts';

export type ClientListFilters = { clientType?: 'individual' | 'company' | undefined; status?: 'active' | 'archived' | undefined };
export type ClientSortColumn = 'name' | 'clientType' | 'status' | 'createdAt';
export type ClientListRequest = ListRequest<ClientListFilters, ClientSortColumn>;

/**
 * Clients, each with its count of open, live matters (a lookup per row of the page, no query per
 * client). Live clients are the live-clients index's predicate; that index carries type, status and
 * search text, so the newest-first page, searched or filtered, is an index-only scan.
 */
export const clientList = declareList({
  table: clients,
  live: isNull(clients.deletedAt),
  filters: {
    clientType: (clientType: 'individual' | 'company') => eq(clients.clientType, clientType),
    status: (status: 'active' | 'archived') => eq(clients.status, status),
  },
  search: [clients.searchText],
  sorts: {
    name: { keys: [{ key: clients.displayName }] },
    clientType: { keys: [{ key: clients.clientType }] },
    status: { keys: [{ key: clients.status }] },
    createdAt: { keys: [{ key: clients.createdAt }] },
  },
  columns: {
    id: clients.id,
    clientType: clients.clientType,
    name: clients.displayName,
    email: clients.email,
    phone: clients.phone,
    status: clients.status,
    isPortalEnabled: clients.isPortalEnabled,
    createdAt: clients.createdAt,
    openMatterCount: sql<number>`(select count(*)::int from matters m
      where m.firm_id = ${clients.firmId} and m.client_id = ${clients.id} and m.status = 'Open' and m.deleted_at is null)`,
  },
});

/** The same list as the CSV shows it: the day each client was added, in UTC as the API's times are. */
export const clientExport = {
  ...clientList,
  columns: clientList.columns,
};

export const findClientPage = (tx: Tx, firmId: string, request: ClientListRequest, page: PageNumber) =>
  readListPage(tx, clientList, firmId, request, page);
