import { isoToDisplayDate, TASK_REMINDER_CHOICES, type Task, type TaskPriority, type TaskStatus } from '@matterhorn/shared';

export const TASKS_PATH = '/tasks';
/** The tasks page with one task's edit form open (the dashboard's links). */
export const taskPath = (id: string) => `${TASKS_PATH}?task=${encodeURIComponent(id)}`;
export const matterPath = (matterId: string) => `/matter/${encodeURIComponent(matterId)}`;

export const NO_DUE_DATE_TEXT = 'No due date';
export const UNASSIGNED_TEXT = 'Unassigned';

/** When it is due, DD/MM/YYYY with its HH:MM when it has one (SPEC.md §2); '' without a due date. */
export function formatDue(task: Pick<Task, 'dueDate' | 'dueTime'>): string {
  if (!task.dueDate) return '';
  const date = isoToDisplayDate(task.dueDate) || task.dueDate;
  return task.dueTime ? `${date} ${task.dueTime}` : date;
}

/** "MAT-00001 — Lease dispute", or the name alone. */
export function matterLabel(matter: { matterName: string | null; matterNumber: string | null }): string {
  const name = matter.matterName ?? '';
  return matter.matterNumber ? `${matter.matterNumber} — ${name}` : name;
}

export function assigneeNames(task: Pick<Task, 'assignees'>): string {
  return task.assignees.length === 0 ? UNASSIGNED_TEXT : task.assignees.map((assignee) => assignee.name).join(', ');
}

/** The theme darkens shades 8 and 9 for AA contrast, so light and filled badges of these colours read. */
export const PRIORITY_BADGES: Record<TaskPriority, { color: string; variant: 'light' | 'filled' }> = {
  Low: { color: 'gray', variant: 'light' },
  Normal: { color: 'blue', variant: 'light' },
  High: { color: 'orange', variant: 'light' },
  Urgent: { color: 'red', variant: 'filled' },
};

export const STATUS_COLORS: Record<TaskStatus, string> = { 'To do': 'gray', 'In progress': 'blue', Done: 'green' };

export function reminderLabel(minutes: number | null): string {
  return TASK_REMINDER_CHOICES.find((choice) => choice.minutes === minutes)?.label ?? 'No reminder';
}
