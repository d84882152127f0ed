import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TaskList } from '@matterhorn/shared';
import { ActionsHeader, RowActions } from '../../../components/row-actions.tsx';
import { displayDate } from '../../../lib/date-time.ts';

export const TASK_LISTS_TABLE_LABEL = 'Task lists';

type TaskListRowsProps = {
  lists: TaskList[];
  onEdit: (list: TaskList) => void;
  onDelete: (list: TaskList) => void;
};

export const taskCountText = (list: TaskList) => `${list.items.length} ${list.items.length === 1 ? 'task' : 'tasks'}`;

/** The firm's task lists on a wide screen: name (and what it is for), its tasks, when it last changed. */
export function TaskListTable({ lists, onEdit, onDelete }: TaskListRowsProps) {
  return (
    <Table striped aria-label={TASK_LISTS_TABLE_LABEL}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col" ta="right">
            Tasks
          </Table.Th>
          <Table.Th scope="col">Last changed</Table.Th>
          <ActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lists.map((list) => (
          <Table.Tr key={list.id}>
            <Table.Td>
              <Text fw={600} size="sm">
                {list.name}
              </Text>
              {list.description && (
                <Text size="xs" c="dimmed">
                  {list.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{list.items.length}</Table.Td>
            <Table.Td>{displayDate(list.updatedAt)}</Table.Td>
            <Table.Td>
              <RowActions name={list.name} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The same on a phone (390 px): one card per list, its buttons in view without scrolling sideways. */
export function TaskListCards({ lists, onEdit, onDelete }: TaskListRowsProps) {
  return (
    <Stack gap="sm" component="ul" aria-label={TASK_LISTS_TABLE_LABEL} p={0} m={0} style={{ listStyle: 'none' }}>
      {lists.map((list) => (
        <Paper key={list.id} withBorder p="sm" radius="md" component="li">
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {list.name}
            </Text>
            {list.description && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {list.description}
              </Text>
            )}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                {taskCountText(list)} · changed {displayDate(list.updatedAt)}
              </Text>
              <RowActions name={list.name} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
