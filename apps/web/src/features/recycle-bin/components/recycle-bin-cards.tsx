import { Group, Paper, Stack, Text } from '@mantine/core';
import { displayDateTime } from '../../../lib/date-time.ts';
import { daysLeftText } from '../utils/recycle-bin-list-params.ts';
import { RecycleBinItemActions } from './recycle-bin-item-actions.tsx';
import { orDash, type RecycleBinRowsProps } from './recycle-bin-table.tsx';

/** The list on a phone (390 px): one card per deleted item, its actions in view without scrolling sideways. */
export function RecycleBinCards({ entries, restoringIds, emptyText, onRestore, onPurge }: RecycleBinRowsProps) {
  if (entries.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack gap="sm" component="ul" aria-label="Deleted items" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Paper key={entry.id} withBorder p="sm" radius="md" component="li" data-testid={`recycle-bin-card-${entry.id}`}>
          <Stack gap={6}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.kindLabel}
                {entry.belongsTo ? ` · ${entry.belongsTo}` : ''}
              </Text>
            </Stack>
            <Text size="sm">
              Deleted {displayDateTime(entry.deletedAt)} by {orDash(entry.deletedBy)}
            </Text>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">Days left: {daysLeftText(entry.daysLeft)}</Text>
              <RecycleBinItemActions entry={entry} isRestoring={restoringIds.has(entry.id)} onRestore={onRestore} onPurge={onPurge} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
