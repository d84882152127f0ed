import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { Task } from '@matterhorn/shared';
import { Link } from 'react-router';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { assigneeNames, matterLabel, matterPath } from '../utils/task-display.ts';
import { PriorityBadge, StatusBadge, TaskDue } from './task-badges.tsx';
import { TaskRowActions, type TaskActions } from './task-row-actions.tsx';

export const NO_TASKS_TEXT = 'No tasks here.';

export type TaskRowsProps = {
  tasks: Task[];
  actions: TaskActions;
  /** Inside a matter's view the matter column would repeat the page's own. */
  hideMatter?: boolean;
};

/** The matter a task is for, linked, with its client under it; "—" for a task of its own. */
export function TaskMatter({ task }: { task: Task }) {
  if (!task.matterId)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={matterPath(task.matterId)} size="sm">
        {matterLabel(task)}
      </Anchor>
      {task.clientName && (
        <Text size="xs" c="dimmed">
          {task.clientName}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Tasks in a table (wider screens), fitting a 1280 px screen (1,020 px) with every column; under its
 * width (a tablet) it scrolls inside its card.
 */
export function TasksTable({ tasks, actions, hideMatter = false }: TaskRowsProps) {
  const columns = ['Title', ...(hideMatter ? [] : ['Matter']), 'Assignees', 'Due', 'Priority', 'Status'];
  return (
    <Table.ScrollContainer minWidth={tasks.length === 0 ? 0 : hideMatter ? 640 : 760}>
      <Table striped highlightOnHover aria-label="Tasks" data-testid="tasks-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text c="dimmed" ta="center" py="md">
                  {NO_TASKS_TEXT}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            tasks.map((task) => (
              <Table.Tr key={task.id} data-testid={`task-row-${task.id}`}>
                <Table.Td maw={280}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {task.title}
                  </Text>
                  {task.description && (
                    <Text size="xs" c="dimmed" lineClamp={2} title={task.description}>
                      {task.description}
                    </Text>
                  )}
                </Table.Td>
                {!hideMatter && (
                  <Table.Td maw={220}>
                    <TaskMatter task={task} />
                  </Table.Td>
                )}
                <Table.Td maw={180}>
                  <Text size="sm">{assigneeNames(task)}</Text>
                </Table.Td>
                <Table.Td>
                  <TaskDue task={task} />
                </Table.Td>
                <Table.Td>
                  <PriorityBadge priority={task.priority} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={task.status} />
                </Table.Td>
                <Table.Td>
                  <TaskRowActions task={task} actions={actions} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
