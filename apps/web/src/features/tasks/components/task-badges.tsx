import { Badge, Group, Text } from '@mantine/core';
import type { Task, TaskPriority, TaskStatus } from '@matterhorn/shared';
import { formatDue, NO_DUE_DATE_TEXT, PRIORITY_BADGES, STATUS_COLORS } from '../utils/task-display.ts';

const NO_SQUEEZE = { minWidth: 'max-content' } as const;

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { color, variant } = PRIORITY_BADGES[priority];
  return (
    <Badge color={color} variant={variant} style={NO_SQUEEZE}>
      {priority}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={NO_SQUEEZE}>
      {status}
    </Badge>
  );
}

/** DD/MM/YYYY HH:MM, with a red Overdue badge (white on the theme's AA red) when it is past due and not done. */
export function TaskDue({ task }: { task: Pick<Task, 'dueDate' | 'dueTime' | 'isOverdue'> }) {
  const due = formatDue(task);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c={due ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {due || NO_DUE_DATE_TEXT}
      </Text>
      {task.isOverdue && (
        <Badge color="red" variant="filled" style={NO_SQUEEZE}>
          Overdue
        </Badge>
      )}
    </Group>
  );
}
