import type { Readable } from 'node:stream';
import { TRUST_REQUEST_STATUS_LABELS, type trustRequestListQuerySchema, type TrustRequestPage } from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage } from '../../platform/lists/list-page.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { itemOf } from './trust-request-views.ts';
import { findIsRequestApprovalRequired, trustRequestList, type TrustRequestListRequest } from './trust-requests.repository.ts';

type ListQuery = z.output<typeof trustRequestListQuerySchema>;

const requestOf = (query: ListQuery): TrustRequestListRequest => ({
  filters: { status: query.Status, clientId: query.ClientId, matterId: query.MatterId, trustAccountId: query.TrustAccountId },
  searchText: query.GeneralSearchText || undefined,
  sort: { column: 'createdAt', direction: 'desc' },
});

const requestCsv: ListCsv<typeof trustRequestList.columns, void> = {
  header: [
    'Number',
    'Client',
    'Matter',
    'Trust account',
    'Currency',
    'Amount',
    'Paid',
    'Due date',
    'Status',
    'Note',
    'Sent to',
    'Created by',
    'Created',
  ],
  cells: (row, _context, dates) => [
    row.requestNumber,
    row.clientName,
    row.matterNumber ? `${row.matterNumber} ${row.matterName ?? ''}`.trim() : row.matterName,
    row.trustAccountName,
    row.currencyCode,
    row.amount,
    row.paidAmount,
    dates.date(row.dueDate),
    TRUST_REQUEST_STATUS_LABELS[row.status],
    row.note,
    row.sentToEmail,
    row.createdByUserName,
    dates.moment(row.createdAt),
  ],
};
/** The firm's trust requests: a page, or the whole filter as CSV. */
export const createTrustRequestListService = ({ database }: { database: Database }) => ({
  page: (principal: FirmPrincipal, query: ListQuery): Promise<TrustRequestPage> =>
    database.withFirm(
      principal.firmId,
      async (tx) => {
        const { rows, ...total } = await readListPage(tx, trustRequestList, principal.firmId, requestOf(query), query);
        return {
          data: rows.map(itemOf),
          page: query.page,
          size: query.size,
          ...total,
          isApprovalRequired: await findIsRequestApprovalRequired(tx, principal.firmId),
        };
      },
      READ_ONLY,
    ),

  csv: (principal: FirmPrincipal, query: ListQuery): Promise<Readable> =>
    streamListCsv(database, principal.firmId, trustRequestList, requestOf(query), requestCsv),
});
