import { Badge } from '@mantine/core';
import type { ExpenseApprovalStatus, ExpensePaymentStatus } from '@matterhorn/shared';
import { APPROVAL_COLORS, approvalLabel } from '../utils/expense-display.ts';

/** "Pending approval", "Approved" or "Rejected" (the contract's labels) in a light badge, as written. */
export function ApprovalBadge({ status }: { status: ExpenseApprovalStatus }) {
  return (
    <Badge variant="light" color={APPROVAL_COLORS[status]} tt="none" style={{ overflow: 'visible' }}>
      {approvalLabel(status)}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: ExpensePaymentStatus }) {
  return (
    <Badge variant="light" color={status === 'Paid' ? 'teal' : 'gray'} tt="none">
      {status}
    </Badge>
  );
}
