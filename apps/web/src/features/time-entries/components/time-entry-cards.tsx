import { Group, Paper, Stack, Text } from '@mantine/core';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatAmount, formatEntryDate, formatListHours, formatShortHours } from '../utils/time-entry-display.ts';
import { EMPTY_TEXT, entryName, FoldedDetails, MatterLink, StatusCell } from './time-entry-cells.tsx';
import type { TimeEntriesTableProps } from './time-entries-table.tsx';

export type TimeEntryCardsProps = Omit<TimeEntriesTableProps, 'sort' | 'onSort' | 'isFolded'>;

/** The list on a phone (390 px): one card per entry, its amount, status and buttons in view without scrolling sideways. */
export function TimeEntryCards({ entries, homeCurrencySymbol, onEdit, onDelete, hideMatterColumns = false }: TimeEntryCardsProps) {
  if (entries.length === 0) return <Text c="dimmed">{EMPTY_TEXT}</Text>;
  return (
    <Stack gap="sm" component="ul" aria-label="Time entries" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => {
        const isRounded = formatShortHours(entry.recordedDuration) !== formatShortHours(entry.duration);
        return (
          <Paper key={entry.id} withBorder p="sm" radius="md" component="li" data-testid={`time-entry-card-${entry.id}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {hideMatterColumns ? (
                    <Text fw={600}>{formatEntryDate(entry.timeEntryDate)}</Text>
                  ) : (
                    <>
                      <MatterLink entry={entry} isStrong />
                      <Text size="xs" c="dimmed">
                        {entry.clientName}
                      </Text>
                    </>
                  )}
                </Stack>
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(entry.totalAmount, entry.currencySymbol)}
                </Text>
              </Group>
              <Text size="sm">
                {hideMatterColumns ? '' : `${formatEntryDate(entry.timeEntryDate)} · `}
                {formatListHours(entry.duration)} h{isRounded ? ` (${formatShortHours(entry.recordedDuration)} h recorded)` : ''}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.description || '—'}
              </Text>
              <FoldedDetails entry={entry} homeCurrencySymbol={homeCurrencySymbol} />
              <Group justify="space-between" wrap="wrap" gap="xs">
                <StatusCell entry={entry} />
                <RowActions
                  name={entryName(entry)}
                  onEdit={onEdit ? () => onEdit(entry) : undefined}
                  onDelete={onDelete && !entry.isLocked ? () => onDelete(entry) : undefined}
                />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
