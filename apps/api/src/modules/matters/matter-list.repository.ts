import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { declareList, type ListRequest, type PageNumber } from '../../platform/lists/list-declaration.ts';
import { readListPage } from '../../platform/lists/list-page.ts';
import { matterAssignees, matterListNames, matters } from '../../db/schema/index.ts';

export type MatterListFilters = {
  clientId?: string | undefined;
  status?: 'Open' | 'Closed' | undefined;
  billingType?: (typeof matters.$inferSelect)['billingType'] | undefined;
  assignedUserId?: string | undefined;
};
export type MatterSortColumn = 'matterName' | 'matterNumber' | 'clientName' | 'matterOpenDate' | 'status' | 'createdAt';
export type MatterListRequest = ListRequest<MatterListFilters, MatterSortColumn>;

const sortBy = (column: (typeof matters)['matterName' | 'clientName' | 'matterOpenDate' | 'status' | 'createdAt']) => ({
  keys: [{ key: column }],
});

/**
 * Matters, on matters alone: a matter carries its client's name and deletion (kept by triggers,
 * migration 0010), so a large firm's list never joins its clients; its search text holds the
 * client's name too. Live matters are the live-matters index's predicate (that index carries
 * status, billing type, client and search text). A matter's fee earners and practice areas come
 * from matter_list_names (migration 0017), by key.
 */
export const matterList = declareList({
  table: matters,
  live: and(isNull(matters.deletedAt), isNull(matters.clientDeletedAt)),
  filters: {
    clientId: (clientId: string) => eq(matters.clientId, clientId),
    status: (status: 'Open' | 'Closed') => eq(matters.status, status),
    billingType: (billingType: MatterListFilters['billingType'] & string) => eq(matters.billingType, billingType),
    // A fee earner's live assignments (matter_assignees' partial index, migration 0012), which copy
    // each matter's creation time and liveness: the newest first walk that index, counted from it alone.
    assignedUserId: (userId: string, firmId: string) => ({
      table: matterAssignees,
      copies: [
        [matters.firmId, matterAssignees.firmId],
        [matters.id, matterAssignees.matterId],
        [matters.createdAt, matterAssignees.matterCreatedAt],
      ],
      where: and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.userId, userId), eq(matterAssignees.isMatterLive, true))!,
      isLiveRowsAlone: true,
    }),
  },
  search: [matters.searchText],
  sorts: {
    matterName: sortBy(matters.matterName),
    matterNumber: { keys: [{ key: matters.matterNumber, isNullable: true }] },
    clientName: sortBy(matters.clientName),
    matterOpenDate: sortBy(matters.matterOpenDate),
    status: sortBy(matters.status),
    createdAt: sortBy(matters.createdAt),
  },
  columns: {
    id: matters.id,
    matterNumber: matters.matterNumber,
    matterName: matters.matterName,
    matterRate: matters.billingType,
    status: matters.status,
    clientId: matters.clientId,
    clientName: matters.clientName,
    matterOpenDate: matters.matterOpenDate,
    matterCloseDate: matters.matterCloseDate,
    createdAt: matters.createdAt,
    assignedTo: sql<{ userId: string; name: string }[]>`coalesce(${matterListNames.assignedTo}, '[]'::jsonb)`,
    practiceAreas: sql<string[]>`coalesce(${matterListNames.practiceAreas}, '[]'::jsonb)`,
  },
  joins: [{ table: matterListNames, on: and(eq(matterListNames.firmId, matters.firmId), eq(matterListNames.matterId, matters.id))! }],
});

export const findMatterPage = (tx: Tx, firmId: string, request: MatterListRequest, page: PageNumber) =>
  readListPage(tx, matterList, firmId, request, page);
