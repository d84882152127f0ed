import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type InvoiceLine, type NarrativeFlag } from '@matterhorn/shared';
import type { LineAction } from './line-action-modals.tsx';

const KIND: Record<InvoiceLine['itemType'], string> = { fee: 'Time', expense: 'Expense', flatFee: 'Flat fee' };

/** One line of the draft: what it bills, the narrative check's reasons, and what the reviewer may do to it. */
export function ReviewLineCard({
  line,
  flags,
  symbol,
  canEdit,
  onAction,
}: {
  line: InvoiceLine;
  flags: readonly NarrativeFlag[];
  symbol: string;
  canEdit: boolean;
  onAction: (action: LineAction) => void;
}) {
  const adjusted = line.adjustment !== '0.00';
  const title = line.description || 'No narrative';
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`Line: ${title}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {KIND[line.itemType]} · {isoToDisplayDate(line.lineDate)} · {line.matterName}
              {line.feeEarnerName ? ` · ${line.feeEarnerName}` : ''}
              {line.hours ? ` · ${Number(line.hours)} h` : ''}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={600}>{formatMoney(line.amount, symbol)}</Text>
            {adjusted && (
              <Text size="xs" c="dimmed">
                recorded {formatMoney(line.itemAmount, symbol)}
              </Text>
            )}
          </Stack>
        </Group>
        {adjusted && line.adjustmentReason && (
          <Text size="sm">
            {line.adjustment.startsWith('-') ? 'Written down' : 'Written up'}: {line.adjustmentReason}
          </Text>
        )}
        {flags.length > 0 && (
          <Stack gap={4} aria-label="Narrative check">
            {flags.map((flag) => (
              <Group key={flag.code} gap="xs" wrap="nowrap" align="flex-start">
                <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
                  Check
                </Badge>
                <Text size="sm">{flag.message}</Text>
              </Group>
            ))}
          </Stack>
        )}
        {canEdit && (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => onAction('adjust')}>
              Write down/up
            </Button>
            {line.itemType !== 'flatFee' && (
              <Button size="compact-sm" variant="default" onClick={() => onAction('move')}>
                Move
              </Button>
            )}
            <Button size="compact-sm" variant="default" onClick={() => onAction('hold')}>
              Hold
            </Button>
            {line.itemType === 'fee' && (
              <Button size="compact-sm" variant="default" onClick={() => onAction('narrative')}>
                Edit narrative
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
