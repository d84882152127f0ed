import { Badge } from '@mantine/core';
import type { TrustRequestListItem } from '@matterhorn/shared';

const COLORS: Record<TrustRequestListItem['status'], string> = {
  Draft: 'gray',
  AwaitingApproval: 'orange',
  Sent: 'blue',
  PartlyPaid: 'yellow',
  Paid: 'green',
  Cancelled: 'red',
};

export function TrustRequestStatusBadge({ request }: { request: Pick<TrustRequestListItem, 'status' | 'statusLabel' | 'isApproved'> }) {
  const color = request.status === 'AwaitingApproval' && request.isApproved ? 'teal' : COLORS[request.status];
  return (
    <Badge color={color} variant="light" style={{ textTransform: 'none' }}>
      {request.statusLabel}
    </Badge>
  );
}
