import { Group, Paper, Stack, Text } from '@mantine/core';
import { assigneeNames } from '../utils/task-display.ts';
import { PriorityBadge, StatusBadge, TaskDue } from './task-badges.tsx';
import { TaskRowActions } from './task-row-actions.tsx';
import { NO_TASKS_TEXT, TaskMatter, type TaskRowsProps } from './tasks-table.tsx';

/** Tasks on a phone (390 px): one card each, everything and its buttons in view without scrolling sideways. */
export function TaskCards({ tasks, actions, hideMatter = false }: TaskRowsProps) {
  if (tasks.length === 0) return <Text c="dimmed">{NO_TASKS_TEXT}</Text>;
  return (
    <Stack gap="sm" component="ul" aria-label="Tasks" p={0} m={0} style={{ listStyle: 'none' }}>
      {tasks.map((task) => (
        <Paper key={task.id} withBorder p="sm" radius="md" component="li" data-testid={`task-card-${task.id}`}>
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Text>
            {!hideMatter && <TaskMatter task={task} />}
            <TaskDue task={task} />
            <Group gap={6} wrap="wrap">
              <PriorityBadge priority={task.priority} />
              <StatusBadge status={task.status} />
            </Group>
            <Text size="sm">{assigneeNames(task)}</Text>
            <TaskRowActions task={task} actions={actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
