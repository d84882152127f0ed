import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  taskInputSchema,
  type Task,
  type TaskInput,
  type TaskPriority,
  type TaskStatus,
} from '@matterhorn/shared';
import { z } from 'zod';

/** The form's fields as the inputs hold them: text, '' when empty (date ISO, time HH:MM, reminder minutes). */
export type TaskFormValues = {
  title: string;
  description: string;
  /** Only to pick the matter from the client's; never sent. */
  clientId: string;
  matterId: string;
  assigneeIds: string[];
  dueDate: string;
  dueTime: string;
  priority: TaskPriority;
  status: TaskStatus;
  reminderMinutesBefore: string;
};

/** The request body (create-task / update-task) from the form's values. */
export function taskInputFrom(values: TaskFormValues): TaskInput {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    title: values.title.trim(),
    description: orNull(values.description),
    matterId: orNull(values.matterId),
    assigneeIds: values.assigneeIds,
    dueDate: orNull(values.dueDate),
    dueTime: orNull(values.dueTime),
    priority: values.priority,
    status: values.status,
    reminderMinutesBefore: values.reminderMinutesBefore === '' ? null : Number(values.reminderMinutesBefore),
  };
}

/**
 * The contract's rules and messages over the fields as the inputs hold them: the values become the
 * request body, then the shared schema checks it. The body keeps the form's field names, so every
 * message (a due time without a date included) lands under its own field, as the API's do.
 */
export const taskFormSchema = z
  .custom<TaskFormValues>()
  .transform((values) => taskInputFrom(values))
  .pipe(taskInputSchema);

export type NewTaskDefaults = { clientId?: string | undefined; matterId?: string | undefined; assigneeIds?: string[] | undefined };

export function newTaskValues(defaults: NewTaskDefaults = {}): TaskFormValues {
  return {
    title: '',
    description: '',
    clientId: defaults.clientId ?? '',
    matterId: defaults.matterId ?? '',
    assigneeIds: defaults.assigneeIds ?? [],
    dueDate: '',
    dueTime: '',
    priority: TASK_PRIORITIES[1],
    status: TASK_STATUSES[0],
    reminderMinutesBefore: '',
  };
}

export function taskValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? '',
    clientId: '',
    matterId: task.matterId ?? '',
    assigneeIds: task.assignees.map((assignee) => assignee.id),
    dueDate: task.dueDate?.slice(0, 10) ?? '',
    dueTime: task.dueTime ?? '',
    priority: task.priority,
    status: task.status,
    reminderMinutesBefore: task.reminderMinutesBefore === null ? '' : String(task.reminderMinutesBefore),
  };
}

/** Whether anything was typed or chosen since the form opened (the client alone only narrows the matters). */
export function hasTaskChanges(values: TaskFormValues, initial: TaskFormValues): boolean {
  const { clientId: _client, ...now } = values;
  const { clientId: _initialClient, ...before } = initial;
  return JSON.stringify(now) !== JSON.stringify(before);
}

/**
 * A time as typed, kept to digits and a colon, which goes in after the hours ("0930" reads 09:30).
 * Not the browser's own time field: in an en-US locale it shows AM/PM, where the firm works to the
 * 24-hour clock (the court update form's next hearing time does the same).
 */
export function timeText(typed: string): string {
  const text = typed.replace(/[^\d:]/g, '');
  return text.replace(/^(\d{2})(\d{1,2})$/, '$1:$2');
}
