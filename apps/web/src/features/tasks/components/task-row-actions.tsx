import { Button, Group } from '@mantine/core';
import type { Task } from '@matterhorn/shared';

/** What a row of tasks can do; an action left out is not offered. */
export type TaskActions = {
  onToggleDone: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** Starts the header timer for the task's matter ("bill this"); absent without timeEntry.create. */
  onStartTimer?: (task: Task) => void;
  /** Tasks whose status is being changed: their button waits. */
  busyIds: ReadonlySet<string>;
};

/** Mark done (or Reopen a done one), Start timer on an open task with a matter, Edit and Delete, each named after the task for screen readers. */
export function TaskRowActions({ task, actions }: { task: Task; actions: TaskActions }) {
  const isDone = task.status === 'Done';
  const toggle = isDone ? 'Reopen' : 'Mark done';
  return (
    <Group gap={6} justify="flex-end" wrap="wrap">
      <Button
        size="xs"
        variant={isDone ? 'default' : 'light'}
        color={isDone ? undefined : 'green'}
        loading={actions.busyIds.has(task.id)}
        onClick={() => actions.onToggleDone(task)}
        aria-label={`${toggle}: ${task.title}`}
      >
        {toggle}
      </Button>
      {actions.onStartTimer && task.matterId && !isDone && (
        <Button size="xs" variant="default" onClick={() => actions.onStartTimer?.(task)} aria-label={`Start timer: ${task.title}`}>
          Start timer
        </Button>
      )}
      <Button size="xs" variant="default" onClick={() => actions.onEdit(task)} aria-label={`Edit ${task.title}`}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" onClick={() => actions.onDelete(task)} aria-label={`Delete ${task.title}`}>
        Delete
      </Button>
    </Group>
  );
}
