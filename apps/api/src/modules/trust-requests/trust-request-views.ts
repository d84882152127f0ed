import type { TrustRequest, TrustRequestListItem } from '@matterhorn/shared';
import { TRUST_REQUEST_APPROVED_LABEL, TRUST_REQUEST_STATUS_LABELS } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { ListRow } from '../../platform/lists/list-page.ts';
import { trustRequestBalanceDue } from './trust-requests.api.ts';
import { findIsRequestApprovalRequired, findTrustRequestDetail, type trustRequestList } from './trust-requests.repository.ts';

type Row = ListRow<typeof trustRequestList.columns>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A request as the list shows it. */
export function itemOf(row: Row): TrustRequestListItem {
  const isApproved = row.approvedByUserId !== null;
  return {
    id: row.id,
    requestNumber: row.requestNumber,
    trustAccountId: row.trustAccountId,
    trustAccountName: row.trustAccountName,
    currencySymbol: row.currencySymbol,
    clientId: row.clientId,
    clientName: row.clientName,
    clientEmail: row.clientEmail?.trim() || null,
    matterId: row.matterId,
    matterNumber: row.matterNumber,
    matterName: row.matterName,
    amount: row.amount,
    paidAmount: row.paidAmount,
    balanceDue: trustRequestBalanceDue(row.amount, row.paidAmount),
    dueDate: row.dueDate,
    note: row.note,
    status: row.status,
    statusLabel: row.status === 'AwaitingApproval' && isApproved ? TRUST_REQUEST_APPROVED_LABEL : TRUST_REQUEST_STATUS_LABELS[row.status],
    isApproved,
    isTopUp: row.isTopUp,
    assignedUserId: row.assignedUserId,
    assignedUserName: row.assignedUserName,
    sentToEmail: row.sentToEmail,
    sentAt: iso(row.sentAt),
    approvedByUserName: row.approvedByUserName,
    cancelReason: row.cancelReason,
    createdByUserId: row.createdByUserId,
    createdByUserName: row.createdByUserName,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** A request as its page shows it, or "not found". */
export async function viewOf(tx: Tx, firmId: string, trustRequestId: string): Promise<TrustRequest> {
  const row = await findTrustRequestDetail(tx, firmId, trustRequestId);
  if (!row) throw notFound('Trust request');
  return { ...itemOf(row as Row), isApprovalRequired: await findIsRequestApprovalRequired(tx, firmId) };
}
