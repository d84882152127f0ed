import { Badge, Group } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@matterhorn/shared';
import { STATUS_COLORS } from '../utils/invoice-display.ts';

export function InvoiceStatusBadge({
  status,
  isOverdue = false,
  isDisputed = false,
  hasMissedInstalment = false,
}: {
  status: InvoiceStatus;
  isOverdue?: boolean;
  /** Its client contests it (no reminder goes). */
  isDisputed?: boolean;
  /** An instalment of its payment plan is past its due date and not fully paid. */
  hasMissedInstalment?: boolean;
}) {
  // The badges wrap under each other in a narrow column: a sent, overdue and disputed invoice keeps the list within the screen.
  return (
    <Group gap={4} wrap="wrap" component="span" style={{ display: 'inline-flex' }}>
      <Badge color={STATUS_COLORS[status]} variant="light" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
        {INVOICE_STATUS_LABELS[status]}
      </Badge>
      {isOverdue && (
        <Badge color="red" variant="outline" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
          Overdue
        </Badge>
      )}
      {isDisputed && (
        <Badge color="orange" variant="outline" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
          Disputed
        </Badge>
      )}
      {hasMissedInstalment && (
        <Badge color="red" variant="outline" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
          Instalment missed
        </Badge>
      )}
    </Group>
  );
}
