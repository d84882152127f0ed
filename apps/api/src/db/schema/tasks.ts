import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, time, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * A task (issue 40, PRODUCT.md module 17): something to do, on a matter or on its own, with its
 * assignees, due day and time in the firm's time zone, priority, status and reminder.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    matterId: uuid('matter_id'),
    title: text('title').notNull(),
    description: text('description'),
    dueDate: date('due_date'),
    dueTime: time('due_time'),
    priority: text('priority', { enum: ['Low', 'Normal', 'High', 'Urgent'] })
      .notNull()
      .default('Normal'),
    status: text('status', { enum: ['To do', 'In progress', 'Done'] })
      .notNull()
      .default('To do'),
    reminderMinutesBefore: integer('reminder_minutes_before'),
    /** When the reminder went (null: not yet); cleared when the due moment or the reminder changes. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedByUserId: uuid('completed_by_user_id').references(() => users.id),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('tasks_firm_id_key').on(table.firmId, table.id),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'tasks_firm_matter_fk' }),
    check('tasks_time_needs_date_check', sql`${table.dueTime} is null or ${table.dueDate} is not null`),
    check('tasks_done_check', sql`(${table.status} = 'Done') = (${table.completedAt} is not null)`),
    // The firm's open tasks by due date (overdue, today, this week), and a matter's tasks.
    index('tasks_firm_due_idx')
      .on(table.firmId, table.dueDate, table.dueTime)
      .where(sql`status <> 'Done'`),
    index('tasks_matter_idx').on(table.firmId, table.matterId, table.createdAt.desc()),
    index('tasks_firm_created_idx').on(table.firmId, table.createdAt.desc(), table.id.desc()),
    // Reminders waiting to go.
    index('tasks_reminder_idx')
      .on(table.firmId, table.dueDate)
      .where(sql`reminder_minutes_before is not null and reminded_at is null and status <> 'Done'`),
  ],
);

/** Who does a task. */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    firmId: uuid('firm_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    foreignKey({
      columns: [table.firmId, table.taskId],
      foreignColumns: [tasks.firmId, tasks.id],
      name: 'task_assignees_task_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'task_assignees_user_fk' }),
    // "My tasks": a member's tasks.
    index('task_assignees_user_idx').on(table.firmId, table.userId),
  ],
);

/** A task list: a template of tasks with due dates relative to the day it is applied to a matter. */
export const taskLists = pgTable(
  'task_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    description: text('description'),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('task_lists_firm_id_key').on(table.firmId, table.id), index('task_lists_firm_idx').on(table.firmId, table.name)],
);

export const taskListItems = pgTable(
  'task_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    taskListId: uuid('task_list_id').notNull(),
    sortOrder: integer('sort_order').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    dueInDays: integer('due_in_days'),
    priority: text('priority', { enum: ['Low', 'Normal', 'High', 'Urgent'] })
      .notNull()
      .default('Normal'),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.taskListId],
      foreignColumns: [taskLists.firmId, taskLists.id],
      name: 'task_list_items_list_fk',
    }).onDelete('cascade'),
    index('task_list_items_list_idx').on(table.firmId, table.taskListId, table.sortOrder),
  ],
);
