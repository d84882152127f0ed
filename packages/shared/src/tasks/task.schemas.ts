import { z } from 'zod';
import { idParamsSchema, isoDate, optionalMultilineText, optionalUuid, requiredText } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { defineRoute } from '../common/route-contract.ts';

/** Tasks (issue 40, PRODUCT.md module 17): a fee earner's to-do list, on a matter or on its own. */
export const TASK_STATUSES = ['To do', 'In progress', 'Done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** When a task's reminder goes, before it is due: minutes (a day is 1440). */
export const TASK_REMINDER_CHOICES = [
  { minutes: 15, label: '15 minutes before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 1440, label: '1 day before' },
  { minutes: 2880, label: '2 days before' },
  { minutes: 10080, label: '1 week before' },
] as const;
/** Which tasks a list shows by their due date. */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

export const TASK_MESSAGES = {
  created: 'Task created',
  updated: 'Task updated',
  deleted: 'Task deleted',
  statusChanged: 'Task status changed',
  timeWithoutDate: 'Choose a due date for the due time',
  reminderWithoutDate: 'Choose a due date for the reminder',
  assigneeNotActive: 'Assignees must be active members of the firm',
  listCreated: 'Task list created',
  listUpdated: 'Task list updated',
  listDeleted: 'Task list deleted',
  listApplied: (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'} added to the matter`,
  listEmpty: 'Add at least one task to the list',
} as const;

const hhmm = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Due time must be HH:MM (24-hour)');

export const taskInputSchema = z
  .strictObject({
    title: requiredText('Title', 200).describe('What is to be done, at most 200 characters.'),
    description: optionalMultilineText('Description', 5000).describe('Details, at most 5,000 characters; blank or null: none.'),
    matterId: optionalUuid('Matter').describe('The matter it is for (its client follows); null or absent: a task of its own.'),
    assigneeIds: z
      .array(z.uuid({ error: 'Assignee must be a valid id' }))
      .max(20, 'At most 20 assignees')
      .default([])
      .describe('The active team members who do it (at most 20); empty: unassigned.'),
    dueDate: isoDate('Due date').nullish().describe('The day it is due (YYYY-MM-DD, the firm’s time zone); null: no due date.'),
    dueTime: hhmm
      .nullish()
      .describe('The time it is due (HH:MM, 24-hour, the firm’s time zone); needs a due date; null: any time that day.'),
    priority: z
      .enum(TASK_PRIORITIES, { error: 'Choose a priority' })
      .default('Normal')
      .describe('Low, Normal (the default), High or Urgent.'),
    status: z.enum(TASK_STATUSES, { error: 'Choose a status' }).default('To do').describe('To do (the default), In progress or Done.'),
    reminderMinutesBefore: z
      .number()
      .int()
      .refine((value) => TASK_REMINDER_CHOICES.some((choice) => choice.minutes === value), 'Choose a reminder from the list')
      .nullish()
      .describe(
        'Remind the assignees this many minutes before it is due (15, 60, 1440, 2880 or 10080; from 09:00 on a task with no time), by email and in the app; null: no reminder. Needs a due date.',
      ),
  })
  .superRefine((task, context) => {
    if (task.dueTime && !task.dueDate) context.addIssue({ code: 'custom', path: ['dueTime'], message: TASK_MESSAGES.timeWithoutDate });
    if (task.reminderMinutesBefore && !task.dueDate)
      context.addIssue({ code: 'custom', path: ['reminderMinutesBefore'], message: TASK_MESSAGES.reminderWithoutDate });
  });
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskInputParsed = z.output<typeof taskInputSchema>;

export const taskSchema = z.object({
  id: z.string().describe('The task’s id.'),
  title: z.string().describe('What is to be done.'),
  description: z.string().nullable().describe('Details, or null.'),
  matterId: z.string().nullable().describe('The matter it is for, or null.'),
  matterName: z.string().nullable().describe('The matter’s name, or null.'),
  matterNumber: z.string().nullable().describe('The matter’s number, or null.'),
  clientName: z.string().nullable().describe('The matter’s client, or null.'),
  assignees: z
    .array(z.object({ id: z.string().describe('The member’s id.'), name: z.string().describe('The member’s name.') }))
    .describe('Who does it, by name.'),
  dueDate: z.string().nullable().describe('The day it is due (YYYY-MM-DD), or null.'),
  dueTime: z.string().nullable().describe('The time it is due (HH:MM), or null.'),
  priority: z.enum(TASK_PRIORITIES).describe('Low, Normal, High or Urgent.'),
  status: z.enum(TASK_STATUSES).describe('To do, In progress or Done.'),
  isOverdue: z.boolean().describe('True when it is not done and its due moment has passed (the firm’s time zone).'),
  reminderMinutesBefore: z.number().nullable().describe('Minutes before it is due that the reminder goes, or null.'),
  completedAt: z.string().nullable().describe('When it was marked Done (ISO 8601), or null.'),
  completedByName: z.string().nullable().describe('Who marked it Done, or null.'),
  createdByName: z.string().describe('Who created it.'),
  createdAt: z.string().describe('When it was created (ISO 8601).'),
  updatedAt: z.string().describe('When it last changed (ISO 8601).'),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListQuerySchema = pageQuerySchema.extend({
  Scope: z
    .enum(['mine', 'all'], { error: 'Scope must be mine or all' })
    .default('mine')
    .describe('mine (the default): tasks assigned to the signed-in member; all: the firm’s.'),
  Status: z
    .enum([...TASK_STATUSES, 'Open'], { error: 'Choose a status' })
    .optional()
    .describe('Only this status; Open: To do and In progress. Absent: every status.'),
  Priority: z.enum(TASK_PRIORITIES, { error: 'Choose a priority' }).optional().describe('Only this priority.'),
  Due: z
    .enum(TASK_DUE_FILTERS, { error: 'Choose overdue, today, week or none' })
    .optional()
    .describe('overdue: not done and past due; today: due today; week: due in the next 7 days; none: no due date.'),
  MatterId: z.uuid({ error: 'MatterId must be a valid id' }).optional().describe('Only this matter’s tasks.'),
  AssigneeId: z
    .uuid({ error: 'AssigneeId must be a valid id' })
    .optional()
    .describe('Only tasks assigned to this member (with Scope=all).'),
  Search: z.string().trim().max(200).optional().describe('Words in the title.'),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskPageSchema = pageSchema(taskSchema).extend({
  overdueCount: z
    .number()
    .int()
    .describe('How many of the scope’s open tasks are overdue, whatever the filters (the dashboard and the list’s badge).'),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

export const taskStatusInputSchema = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: 'Choose a status' }).describe('To do, In progress or Done.'),
});

// Task lists: templates of tasks with due dates relative to the day they are applied.

export const taskListItemInputSchema = z.strictObject({
  title: requiredText('Title', 200).describe('The task’s title.'),
  description: optionalMultilineText('Description', 5000).describe('Its details; blank or null: none.'),
  dueInDays: z
    .number({ error: 'Due in days must be a number' })
    .int('Due in days must be a whole number')
    .min(0, 'Due in days cannot be negative')
    .max(3650, 'Due in days must be at most 3650')
    .nullish()
    .describe('Days after the day the list is applied that it is due (0: that day); null: no due date.'),
  priority: z.enum(TASK_PRIORITIES, { error: 'Choose a priority' }).default('Normal').describe('Its priority.'),
});

export const taskListInputSchema = z.strictObject({
  name: requiredText('Name', 120).describe('The list’s name, e.g. “New litigation matter”.'),
  description: optionalMultilineText('Description', 1000).describe('What it is for; blank or null: none.'),
  items: z
    .array(taskListItemInputSchema)
    .min(1, TASK_MESSAGES.listEmpty)
    .max(100, 'At most 100 tasks in a list')
    .describe('Its tasks, in order (1 to 100).'),
});
export type TaskListInput = z.input<typeof taskListInputSchema>;

export const taskListSchema = z.object({
  id: z.string().describe('The list’s id.'),
  name: z.string().describe('Its name.'),
  description: z.string().nullable().describe('What it is for, or null.'),
  items: z
    .array(
      z.object({
        title: z.string().describe('The task’s title.'),
        description: z.string().nullable().describe('Its details, or null.'),
        dueInDays: z.number().nullable().describe('Days after the day the list is applied that it is due, or null.'),
        priority: z.enum(TASK_PRIORITIES).describe('Its priority.'),
      }),
    )
    .describe('Its tasks, in order.'),
  updatedAt: z.string().describe('When it last changed (ISO 8601).'),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const applyTaskListSchema = z.strictObject({
  matterId: z.uuid({ error: 'Matter is required' }).describe('The matter the tasks are for.'),
  startDate: isoDate('Start date').nullish().describe('The day due dates count from (YYYY-MM-DD); absent: today in the firm’s time zone.'),
  assigneeIds: z
    .array(z.uuid({ error: 'Assignee must be a valid id' }))
    .max(20, 'At most 20 assignees')
    .default([])
    .describe('Who every task goes to; empty: the matter’s assigned fee earners.'),
});
export type ApplyTaskListInput = z.input<typeof applyTaskListSchema>;

const base = '/api/admin/tasks';

export const taskContracts = {
  list: defineRoute({ method: 'GET', path: `${base}/get-tasks`, query: taskListQuerySchema, response: taskPageSchema }),
  view: defineRoute({ method: 'GET', path: `${base}/get-task/:id`, params: idParamsSchema, response: taskSchema }),
  create: defineRoute({ method: 'POST', path: `${base}/create-task`, body: taskInputSchema, response: taskSchema, status: 201 }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/update-task/:id`,
    params: idParamsSchema,
    body: taskInputSchema,
    response: taskSchema,
  }),
  setStatus: defineRoute({
    method: 'POST',
    path: `${base}/set-task-status/:id`,
    params: idParamsSchema,
    body: taskStatusInputSchema,
    response: taskSchema,
  }),
  remove: defineRoute({ method: 'DELETE', path: `${base}/delete-task/:id`, params: idParamsSchema, response: z.null() }),
  lists: defineRoute({ method: 'GET', path: `${base}/get-task-lists`, response: z.array(taskListSchema) }),
  createList: defineRoute({
    method: 'POST',
    path: `${base}/create-task-list`,
    body: taskListInputSchema,
    response: taskListSchema,
    status: 201,
  }),
  updateList: defineRoute({
    method: 'PUT',
    path: `${base}/update-task-list/:id`,
    params: idParamsSchema,
    body: taskListInputSchema,
    response: taskListSchema,
  }),
  removeList: defineRoute({ method: 'DELETE', path: `${base}/delete-task-list/:id`, params: idParamsSchema, response: z.null() }),
  applyList: defineRoute({
    method: 'POST',
    path: `${base}/apply-task-list/:id`,
    params: idParamsSchema,
    body: applyTaskListSchema,
    response: z.array(taskSchema),
    status: 201,
  }),
};
