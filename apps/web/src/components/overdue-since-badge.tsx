import { Badge } from '@mantine/core';
import { instalmentOverdueText } from '@matterhorn/shared';

/** A missed instalment's mark where a client reads their plan (the portal's list, the public invoice page): "Overdue since 15/11/2026". */
export function OverdueSinceBadge({ dueDate }: { dueDate: string }) {
  return (
    <Badge color="red" variant="light" size="sm" style={{ textTransform: 'none' }}>
      {instalmentOverdueText(dueDate)}
    </Badge>
  );
}
