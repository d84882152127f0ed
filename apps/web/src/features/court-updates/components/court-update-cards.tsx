import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { CourtUpdateListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { firstLine, formatCourtDate, viewCourtUpdatePath } from '../utils/court-update-display.ts';
import { CourtUpdateRowActions, EMPTY_TEXT, NextAdjournedCell } from './court-updates-table.tsx';

export type CourtUpdateCardsProps = {
  updates: CourtUpdateListItem[];
  onEdit?: ((update: CourtUpdateListItem) => void) | undefined;
  onDelete?: ((update: CourtUpdateListItem) => void) | undefined;
  hideMatterColumns?: boolean;
};

/** The list on a phone: one card per hearing, the next date in view without scrolling sideways. */
export function CourtUpdateCards({ updates, onEdit, onDelete, hideMatterColumns = false }: CourtUpdateCardsProps) {
  if (updates.length === 0) return <Text c="dimmed">{EMPTY_TEXT}</Text>;
  return (
    <Stack gap="sm" component="ul" aria-label="Court updates" p={0} m={0} style={{ listStyle: 'none' }}>
      {updates.map((update) => (
        <Paper key={update.id} withBorder p="sm" radius="md" component="li" data-testid={`court-update-card-${update.id}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={viewCourtUpdatePath(update.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {update.suitNumber}
                </Anchor>
                <Text size="xs" c="dimmed">
                  Hearing {formatCourtDate(update.hearingDate)} · {update.courtName}
                  {update.courtDivision ? `, ${update.courtDivision}` : ''}
                </Text>
              </Stack>
              <CourtUpdateRowActions
                update={update}
                onEdit={onEdit ? () => onEdit(update) : undefined}
                onDelete={onDelete ? () => onDelete(update) : undefined}
              />
            </Group>
            {!hideMatterColumns && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {update.matterName} · {update.clientName}
              </Text>
            )}
            <Text size="sm" lineClamp={3}>
              {firstLine(update.outcome)}
            </Text>
            <NextAdjournedCell update={update} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
