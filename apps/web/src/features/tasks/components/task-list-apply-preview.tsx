import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { addDays, isoToDisplayDate, type TaskList } from '@matterhorn/shared';
import { useId } from 'react';

export const NO_DUE_DATE_TEXT = 'No due date';
export const PREVIEW_WITHOUT_START = 'Enter the start date to see the due dates.';

/** When a list's task falls due: `dueInDays` after the start (0 is the start itself), DD/MM/YYYY. */
export function previewDueDate(startIso: string | null, dueInDays: number | null): string {
  if (dueInDays === null) return NO_DUE_DATE_TEXT;
  if (!startIso) return `${dueInDays} ${dueInDays === 1 ? 'day' : 'days'} after the start`;
  return `Due ${isoToDisplayDate(addDays(startIso, dueInDays))}`;
}

/** The tasks the list will add, in its order, each with the due date it will get. */
export function TaskListApplyPreview({ list, startIso }: { list: TaskList; startIso: string | null }) {
  const headingId = useId();
  return (
    <Stack gap="xs">
      <Text fw={600} id={headingId}>
        Tasks to add
      </Text>
      {!startIso && (
        <Text size="sm" c="dimmed">
          {PREVIEW_WITHOUT_START}
        </Text>
      )}
      <Stack component="ol" gap={6} p={0} m={0} aria-labelledby={headingId} style={{ listStyle: 'none' }}>
        {list.items.map((item, index) => (
          <Paper key={`${index}-${item.title}`} component="li" withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', flex: '1 1 180px' }}>
                {item.title}
              </Text>
              <Group gap="xs" wrap="nowrap">
                {item.priority !== 'Normal' && (
                  <Badge variant="light" color={item.priority === 'Low' ? 'gray' : 'orange'}>
                    {item.priority}
                  </Badge>
                )}
                <Text size="sm">{previewDueDate(startIso, item.dueInDays)}</Text>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
