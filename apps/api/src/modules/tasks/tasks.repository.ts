import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskDueFilter, TaskPriority, TaskStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firms, matters, taskAssignees, taskListItems, taskLists, tasks, users } from '../../db/schema/index.ts';
import { receivesEmail } from '../../platform/notifications/email-opt-outs.ts';

/** The firm's wall clock now (its time zone): what "overdue" and "due today" turn on. */
const firmNow = (firmId: string) => sql`(now() at time zone coalesce((select f.time_zone from firms f where f.id = ${firmId}), 'UTC'))`;
/** A task's due moment on the firm's wall clock: a day with no time is due by its end. */
const dueMoment = sql`(t.due_date + coalesce(t.due_time, time '23:59:59'))`;
const isOverdue = (firmId: string) => sql`(t.status <> 'Done' and t.due_date is not null and ${dueMoment} < ${firmNow(firmId)})`;

export type TaskRow = {
  id: string;
  title: string;
  description: string | null;
  matterId: string | null;
  matterName: string | null;
  matterNumber: string | null;
  clientName: string | null;
  assignees: { id: string; name: string }[];
  dueDate: string | null;
  dueTime: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  isOverdue: boolean;
  reminderMinutesBefore: number | null;
  completedAt: Date | string | null;
  completedByName: string | null;
  createdByName: string;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const TASK_COLUMNS = (firmId: string) => sql`t.id, t.title, t.description, t.matter_id as "matterId",
  m.matter_name as "matterName", m.matter_number as "matterNumber", m.client_name as "clientName",
  coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name)
      from task_assignees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
     where a.firm_id = t.firm_id and a.task_id = t.id), '[]'::json) as "assignees",
  to_char(t.due_date, 'YYYY-MM-DD') as "dueDate", to_char(t.due_time, 'HH24:MI') as "dueTime",
  t.priority, t.status, ${isOverdue(firmId)} as "isOverdue", t.reminder_minutes_before as "reminderMinutesBefore",
  t.completed_at as "completedAt", done.name as "completedByName", creator.name as "createdByName",
  t.created_at as "createdAt", t.updated_at as "updatedAt"`;

const TASK_FROM = sql`tasks t
  left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id
  left join users done on done.firm_id = t.firm_id and done.id = t.completed_by_user_id
  join users creator on creator.firm_id = t.firm_id and creator.id = t.created_by_user_id`;

export type TaskFilter = {
  assignedTo?: string | undefined;
  status?: TaskStatus | 'Open' | undefined;
  priority?: TaskPriority | undefined;
  due?: TaskDueFilter | undefined;
  matterId?: string | undefined;
  search?: string | undefined;
};

const assignedTo = (userId: string) =>
  sql`exists (select 1 from task_assignees a where a.firm_id = t.firm_id and a.task_id = t.id and a.user_id = ${userId})`;

function conditionsOf(firmId: string, filter: TaskFilter): SQL {
  const today = sql`(${firmNow(firmId)})::date`;
  const conditions: SQL[] = [sql`t.firm_id = ${firmId}`, sql`(t.matter_id is null or m.deleted_at is null)`];
  if (filter.assignedTo) conditions.push(assignedTo(filter.assignedTo));
  if (filter.status === 'Open') conditions.push(sql`t.status <> 'Done'`);
  else if (filter.status) conditions.push(sql`t.status = ${filter.status}`);
  if (filter.priority) conditions.push(sql`t.priority = ${filter.priority}`);
  if (filter.matterId) conditions.push(sql`t.matter_id = ${filter.matterId}`);
  if (filter.search) conditions.push(sql`t.title ilike ${`%${filter.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`}`);
  if (filter.due === 'overdue') conditions.push(isOverdue(firmId));
  if (filter.due === 'today') conditions.push(sql`t.due_date = ${today}`);
  if (filter.due === 'week') conditions.push(sql`t.due_date between ${today} and ${today} + 6`);
  if (filter.due === 'none') conditions.push(sql`t.due_date is null`);
  return sql.join(conditions, sql` and `);
}

/** A page of tasks: open ones first, by due moment (undated last), then newest. */
export async function findTaskPage(tx: Tx, firmId: string, filter: TaskFilter, page: { limit: number; offset: number }) {
  const where = conditionsOf(firmId, filter);
  const [rows, [counted]] = await Promise.all([
    rowsOf<TaskRow>(
      tx.execute(sql`select ${TASK_COLUMNS(firmId)} from ${TASK_FROM} where ${where}
        order by (t.status = 'Done'), t.due_date nulls last, t.due_time nulls last, t.created_at desc, t.id
        limit ${page.limit} offset ${page.offset}`),
    ),
    rowsOf<{ total: number }>(tx.execute(sql`select count(*)::int as total from ${TASK_FROM} where ${where}`)),
  ]);
  return { rows, totalCount: counted?.total ?? 0 };
}

/** How many open tasks are overdue: the member's, or the firm's. */
export async function countOverdue(tx: Tx, firmId: string, assignedToUserId: string | null): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    tx.execute(sql`select count(*)::int as total from tasks t left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id
      where t.firm_id = ${firmId} and (t.matter_id is null or m.deleted_at is null) and ${isOverdue(firmId)}
        ${assignedToUserId ? sql`and ${assignedTo(assignedToUserId)}` : sql``}`),
  );
  return row?.total ?? 0;
}

export async function findTasks(tx: Tx, firmId: string, ids: string[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<TaskRow>(
    tx.execute(sql`select ${TASK_COLUMNS(firmId)} from ${TASK_FROM}
      where t.firm_id = ${firmId} and t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and (t.matter_id is null or m.deleted_at is null)
      order by t.due_date nulls last, t.created_at`),
  );
}

/** The task's row, locked for a change; null when it is not the firm's. */
export async function lockTask(tx: Tx, firmId: string, taskId: string) {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.firmId, firmId), eq(tasks.id, taskId)))
    .for('update');
  return row ?? null;
}
export type LockedTask = NonNullable<Awaited<ReturnType<typeof lockTask>>>;

export type TaskValues = {
  title: string;
  description: string | null;
  matterId: string | null;
  dueDate: string | null;
  dueTime: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  reminderMinutesBefore: number | null;
};

export async function insertTasks(tx: Tx, firmId: string, createdByUserId: string, values: TaskValues[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(tasks)
    .values(
      values.map((value) => ({
        firmId,
        createdByUserId,
        ...value,
        ...(value.status === 'Done' ? { completedAt: sql`now()`, completedByUserId: createdByUserId } : {}),
      })),
    )
    .returning({ id: tasks.id });
  return rows.map((row) => row.id);
}

export async function updateTask(tx: Tx, firmId: string, taskId: string, values: Partial<typeof tasks.$inferInsert>) {
  await tx
    .update(tasks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tasks.firmId, firmId), eq(tasks.id, taskId)));
}

export async function deleteTask(tx: Tx, firmId: string, taskId: string) {
  await tx.delete(tasks).where(and(eq(tasks.firmId, firmId), eq(tasks.id, taskId)));
}

export async function findAssigneeIds(tx: Tx, firmId: string, taskId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(and(eq(taskAssignees.firmId, firmId), eq(taskAssignees.taskId, taskId)));
  return rows.map((row) => row.userId);
}

export async function replaceAssignees(tx: Tx, firmId: string, taskIds: string[], userIds: string[]) {
  if (taskIds.length === 0) return;
  await tx.delete(taskAssignees).where(and(eq(taskAssignees.firmId, firmId), inArray(taskAssignees.taskId, taskIds)));
  if (userIds.length > 0)
    await tx.insert(taskAssignees).values(taskIds.flatMap((taskId) => userIds.map((userId) => ({ firmId, taskId, userId }))));
}

/** Which of these members are the firm's and active. */
export async function findActiveMemberIds(tx: Tx, firmId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firmId, firmId), inArray(users.id, userIds), eq(users.isActive, true)));
  return new Set(rows.map((row) => row.id));
}

/** The live matter (not in the recycle bin), or null. */
export async function findLiveMatter(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ id: matters.id })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), sql`${matters.deletedAt} is null`));
  return row ?? null;
}

/** The matter's active assigned fee earners: whom a task list's tasks go to by default. */
export async function findMatterFeeEarnerIds(tx: Tx, firmId: string, matterId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`select u.id from matter_assignees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
      where a.firm_id = ${firmId} and a.matter_id = ${matterId} and u.is_active order by u.name`),
  );
  return rows.map((row) => row.id);
}

export async function findFirmToday(tx: Tx, firmId: string): Promise<string> {
  const [row] = await rowsOf<{ today: string }>(tx.execute(sql`select to_char((${firmNow(firmId)})::date, 'YYYY-MM-DD') as today`));
  return row!.today;
}

// Task lists.

export async function findTaskLists(tx: Tx, firmId: string, id?: string) {
  const lists = await tx
    .select()
    .from(taskLists)
    .where(and(eq(taskLists.firmId, firmId), id ? eq(taskLists.id, id) : undefined))
    .orderBy(asc(taskLists.name));
  if (lists.length === 0) return [];
  const items = await tx
    .select()
    .from(taskListItems)
    .where(
      and(
        eq(taskListItems.firmId, firmId),
        inArray(
          taskListItems.taskListId,
          lists.map((list) => list.id),
        ),
      ),
    )
    .orderBy(asc(taskListItems.sortOrder));
  return lists.map((list) => ({ ...list, items: items.filter((item) => item.taskListId === list.id) }));
}

export type TaskListValues = {
  name: string;
  description: string | null;
  items: { title: string; description: string | null; dueInDays: number | null; priority: TaskPriority }[];
};

export async function saveTaskList(tx: Tx, firmId: string, userId: string, id: string | null, values: TaskListValues): Promise<string> {
  let listId = id;
  if (listId)
    await tx
      .update(taskLists)
      .set({ name: values.name, description: values.description, updatedAt: sql`now()` })
      .where(and(eq(taskLists.firmId, firmId), eq(taskLists.id, listId)));
  else
    listId = (
      await tx
        .insert(taskLists)
        .values({ firmId, name: values.name, description: values.description, createdByUserId: userId })
        .returning({ id: taskLists.id })
    )[0]!.id;
  await tx.delete(taskListItems).where(and(eq(taskListItems.firmId, firmId), eq(taskListItems.taskListId, listId)));
  await tx.insert(taskListItems).values(values.items.map((item, index) => ({ firmId, taskListId: listId, sortOrder: index, ...item })));
  return listId;
}

export async function deleteTaskList(tx: Tx, firmId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(taskLists)
    .where(and(eq(taskLists.firmId, firmId), eq(taskLists.id, id)))
    .returning({ id: taskLists.id });
  return rows.length === 1;
}

// Reminders.

/** Every firm: the reminder job visits each in its own transaction. */
export async function listFirmIds(tx: Tx): Promise<string[]> {
  return (await tx.select({ id: firms.id }).from(firms)).map((row) => row.id);
}

export type DueTaskReminder = {
  taskId: string;
  title: string;
  dueDate: string;
  dueTime: string | null;
  matterId: string | null;
  matterName: string | null;
  clientName: string | null;
  recipients: { name: string; email: string }[];
};

/**
 * Open tasks whose reminder moment (before the due moment; 09:00 for a day with no time) has come
 * and whose due moment has not passed, not yet reminded, locked so two runs cannot both send; each
 * with its active assignees who want task reminders.
 */
export async function claimDueReminders(tx: Tx, firmId: string): Promise<DueTaskReminder[]> {
  return rowsOf<DueTaskReminder>(
    tx.execute(sql`
      with due as (
        select t.id from tasks t
         where t.firm_id = ${firmId} and t.status <> 'Done' and t.reminder_minutes_before is not null and t.reminded_at is null
           and t.due_date is not null
           and (t.due_date + coalesce(t.due_time, time '09:00')) - make_interval(mins => t.reminder_minutes_before) <= ${firmNow(firmId)}
           and ${dueMoment} >= ${firmNow(firmId)}
         for update skip locked
      ), claimed as (
        update tasks t set reminded_at = now() from due where t.id = due.id returning t.*
      )
      select t.id as "taskId", t.title, to_char(t.due_date, 'YYYY-MM-DD') as "dueDate", to_char(t.due_time, 'HH24:MI') as "dueTime",
             t.matter_id as "matterId", m.matter_name as "matterName", m.client_name as "clientName",
             coalesce((select json_agg(json_build_object('name', u.name, 'email', u.email) order by u.name)
                 from task_assignees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
                where a.firm_id = t.firm_id and a.task_id = t.id and u.is_active and btrim(u.email) <> ''
                  and ${receivesEmail('u', 'taskReminders')}), '[]'::json) as "recipients"
        from claimed t left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id
       where t.matter_id is null or m.deleted_at is null`),
  );
}
