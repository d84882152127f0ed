import {
  isoToDisplayDate,
  TASK_MESSAGES,
  type Task,
  type TaskInputParsed,
  type TaskList,
  type TaskPage,
  type TaskStatus,
  type taskListInputSchema,
  type taskListQuerySchema,
  type applyTaskListSchema,
} from '@matterhorn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStep } from '../time-suggestions/time-suggestions.api.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  claimDueReminders,
  countOverdue,
  deleteTask,
  deleteTaskList,
  findActiveMemberIds,
  findAssigneeIds,
  findFirmToday,
  findLiveMatter,
  findMatterFeeEarnerIds,
  findTaskLists,
  findTaskPage,
  findTasks,
  insertTasks,
  listFirmIds,
  lockTask,
  replaceAssignees,
  saveTaskList,
  updateTask,
  type DueTaskReminder,
  type LockedTask,
  type TaskRow,
  type TaskValues,
} from './tasks.repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const viewOf = (row: TaskRow): Task => ({
  ...row,
  completedAt: iso(row.completedAt),
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});

const addDays = (date: string, days: number) => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};

/** What the trail keeps of a task. */
const audited = (task: TaskValues & { assigneeIds: string[] }) => ({
  title: task.title,
  matterId: task.matterId,
  dueDate: task.dueDate,
  dueTime: task.dueTime,
  priority: task.priority,
  status: task.status,
  reminderMinutesBefore: task.reminderMinutesBefore,
  assigneeIds: [...task.assigneeIds].sort(),
});

const valuesOf = (input: TaskInputParsed): TaskValues => ({
  title: input.title,
  description: input.description ?? null,
  matterId: input.matterId ?? null,
  dueDate: input.dueDate ?? null,
  dueTime: input.dueDate ? (input.dueTime ?? null) : null,
  priority: input.priority,
  status: input.status,
  reminderMinutesBefore: input.dueDate ? (input.reminderMinutesBefore ?? null) : null,
});

const lockedValues = (row: LockedTask): TaskValues => ({
  title: row.title,
  description: row.description,
  matterId: row.matterId,
  dueDate: row.dueDate,
  dueTime: row.dueTime ? row.dueTime.slice(0, 5) : null,
  priority: row.priority,
  status: row.status,
  reminderMinutesBefore: row.reminderMinutesBefore,
});

const listViewOf = (list: Awaited<ReturnType<typeof findTaskLists>>[number]): TaskList => ({
  id: list.id,
  name: list.name,
  description: list.description,
  items: list.items.map((item) => ({
    title: item.title,
    description: item.description,
    dueInDays: item.dueInDays,
    priority: item.priority,
  })),
  updatedAt: new Date(list.updatedAt).toISOString(),
});

/**
 * Tasks and task lists (issue 40, PRODUCT.md module 17): every member keeps their to-do list; a task
 * is on a live matter or on its own, assigned to active members, due on a day (and time) in the
 * firm's time zone, and reminds its assignees by email before it is due. A task list's tasks land on
 * a matter in one go, due counted from the day it is applied.
 */
export function createTaskService({ database }: { database: Database }) {
  async function checkReferences(tx: Tx, firmId: string, matterId: string | null, assigneeIds: string[]) {
    if (matterId && !(await findLiveMatter(tx, firmId, matterId))) throw notFound('Matter');
    const active = await findActiveMemberIds(tx, firmId, assigneeIds);
    if (assigneeIds.some((id) => !active.has(id)))
      throw badRequest(TASK_MESSAGES.assigneeNotActive, { assigneeIds: TASK_MESSAGES.assigneeNotActive });
  }

  const oneTask = async (tx: Tx, firmId: string, taskId: string) => {
    const [row] = await findTasks(tx, firmId, [taskId]);
    if (!row) throw notFound('Task');
    return viewOf(row);
  };

  /** The task locked, or 404 (another firm's, or on a matter in the recycle bin). */
  async function lockLive(tx: Tx, firmId: string, taskId: string) {
    const row = await lockTask(tx, firmId, taskId);
    if (!row || (row.matterId && !(await findLiveMatter(tx, firmId, row.matterId)))) throw notFound('Task');
    return row;
  }

  const completion = (before: TaskStatus, after: TaskStatus, userId: string) =>
    before === after
      ? {}
      : after === 'Done'
        ? { completedAt: new Date(), completedByUserId: userId }
        : before === 'Done'
          ? { completedAt: null, completedByUserId: null }
          : {};

  return {
    async list(principal: FirmPrincipal, query: z.output<typeof taskListQuerySchema>): Promise<TaskPage> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const mine = query.Scope === 'mine' ? principal.userId : null;
          const filter = {
            assignedTo: mine ?? query.AssigneeId,
            status: query.Status,
            priority: query.Priority,
            due: query.Due,
            matterId: query.MatterId,
            search: query.Search || undefined,
          };
          const page = await findTaskPage(tx, principal.firmId, filter, { limit: query.size, offset: (query.page - 1) * query.size });
          return {
            data: page.rows.map(viewOf),
            page: query.page,
            size: query.size,
            totalCount: page.totalCount,
            overdueCount: await countOverdue(tx, principal.firmId, mine),
          };
        },
        READ_ONLY,
      );
    },

    view: (principal: FirmPrincipal, taskId: string) =>
      database.withFirm(principal.firmId, (tx) => oneTask(tx, principal.firmId, taskId), READ_ONLY),

    create: (principal: FirmPrincipal, input: TaskInputParsed): Promise<Task> =>
      database.withFirm(principal.firmId, async (tx) => {
        const values = valuesOf(input);
        await checkReferences(tx, principal.firmId, values.matterId, input.assigneeIds);
        const [id] = await insertTasks(tx, principal.firmId, principal.userId, [values]);
        await replaceAssignees(tx, principal.firmId, [id!], input.assigneeIds);
        await recordAuditEvent(tx, principal, 'task.created', id!, { after: audited({ ...values, assigneeIds: input.assigneeIds }) });
        return oneTask(tx, principal.firmId, id!);
      }),

    update: (principal: FirmPrincipal, taskId: string, input: TaskInputParsed): Promise<Task> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockLive(tx, principal.firmId, taskId);
        const before = { ...lockedValues(previous), assigneeIds: await findAssigneeIds(tx, principal.firmId, taskId) };
        const values = valuesOf(input);
        await checkReferences(tx, principal.firmId, values.matterId, input.assigneeIds);
        // A new due moment or reminder is reminded again.
        const isReminderChanged =
          values.dueDate !== before.dueDate ||
          values.dueTime !== before.dueTime ||
          values.reminderMinutesBefore !== before.reminderMinutesBefore;
        await updateTask(tx, principal.firmId, taskId, {
          ...values,
          ...completion(previous.status, values.status, principal.userId),
          ...(isReminderChanged ? { remindedAt: null } : {}),
        });
        await replaceAssignees(tx, principal.firmId, [taskId], input.assigneeIds);
        await recordAuditEvent(
          tx,
          principal,
          'task.updated',
          taskId,
          changeOf(audited(before), audited({ ...values, assigneeIds: input.assigneeIds })),
        );
        return oneTask(tx, principal.firmId, taskId);
      }),

    setStatus: (principal: FirmPrincipal, taskId: string, status: TaskStatus): Promise<Task> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockLive(tx, principal.firmId, taskId);
        if (previous.status !== status) {
          await updateTask(tx, principal.firmId, taskId, { status, ...completion(previous.status, status, principal.userId) });
          await recordAuditEvent(tx, principal, 'task.statusChanged', taskId, { before: { status: previous.status }, after: { status } });
          if (status === 'Done' && previous.matterId)
            await recordStep(tx, principal, {
              matterId: previous.matterId,
              kind: 'taskCompleted',
              subject: previous.title,
              sourceId: taskId,
            });
        }
        return oneTask(tx, principal.firmId, taskId);
      }),

    remove: (principal: FirmPrincipal, taskId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockLive(tx, principal.firmId, taskId);
        await deleteTask(tx, principal.firmId, taskId);
        await recordAuditEvent(tx, principal, 'task.deleted', taskId, { before: { title: previous.title, matterId: previous.matterId } });
      }),

    lists: (principal: FirmPrincipal): Promise<TaskList[]> =>
      database.withFirm(principal.firmId, async (tx) => (await findTaskLists(tx, principal.firmId)).map(listViewOf), READ_ONLY),

    saveList: (principal: FirmPrincipal, id: string | null, input: z.output<typeof taskListInputSchema>): Promise<TaskList> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (id && (await findTaskLists(tx, principal.firmId, id)).length === 0) throw notFound('Task list');
        const values = {
          name: input.name,
          description: input.description ?? null,
          items: input.items.map((item) => ({
            title: item.title,
            description: item.description ?? null,
            dueInDays: item.dueInDays ?? null,
            priority: item.priority,
          })),
        };
        const listId = await saveTaskList(tx, principal.firmId, principal.userId, id, values);
        await recordAuditEvent(tx, principal, id ? 'taskList.updated' : 'taskList.created', listId, {
          after: { name: values.name, items: values.items.length },
        });
        return listViewOf((await findTaskLists(tx, principal.firmId, listId))[0]!);
      }),

    removeList: (principal: FirmPrincipal, id: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await deleteTaskList(tx, principal.firmId, id))) throw notFound('Task list');
        await recordAuditEvent(tx, principal, 'taskList.deleted', id, {});
      }),

    /** The list's tasks on the matter, due counted from the start day, to the chosen members or the matter's fee earners. */
    applyList: (principal: FirmPrincipal, id: string, input: z.output<typeof applyTaskListSchema>): Promise<Task[]> =>
      database.withFirm(principal.firmId, async (tx) => {
        const [list] = await findTaskLists(tx, principal.firmId, id);
        if (!list) throw notFound('Task list');
        const assigneeIds =
          input.assigneeIds.length > 0 ? input.assigneeIds : await findMatterFeeEarnerIds(tx, principal.firmId, input.matterId);
        await checkReferences(tx, principal.firmId, input.matterId, assigneeIds);
        const start = input.startDate ?? (await findFirmToday(tx, principal.firmId));
        const ids = await insertTasks(
          tx,
          principal.firmId,
          principal.userId,
          list.items.map((item) => ({
            title: item.title,
            description: item.description,
            matterId: input.matterId,
            dueDate: item.dueInDays === null ? null : addDays(start, item.dueInDays),
            dueTime: null,
            priority: item.priority,
            status: 'To do',
            reminderMinutesBefore: null,
          })),
        );
        await replaceAssignees(tx, principal.firmId, ids, assigneeIds);
        await recordAuditEvent(tx, principal, 'taskList.applied', id, { matterId: input.matterId, startDate: start, tasks: ids.length });
        return (await findTasks(tx, principal.firmId, ids)).map(viewOf);
      }),
  };
}

export type TaskService = ReturnType<typeof createTaskService>;

const reminderEmail = (reminder: DueTaskReminder, recipient: { name: string; email: string }, appUrl: string) => {
  const when = `${isoToDisplayDate(reminder.dueDate)}${reminder.dueTime ? ` at ${reminder.dueTime}` : ''}`;
  return {
    to: recipient.email,
    sender: 'firm' as const,
    greeting: `Dear ${recipient.name},`,
    subject: `Task due ${when}: ${reminder.title}`.slice(0, 200),
    paragraphs: [
      `This task assigned to you is due ${when}:`,
      [reminder.title, ...(reminder.matterName ? [`Matter: ${reminder.matterName} — ${reminder.clientName}`] : [])].join('\n'),
    ],
    action: { label: 'Open your tasks', url: `${appUrl}/tasks` },
    why: 'a task assigned to you asked for a reminder',
  };
};

/**
 * Sends the task reminders that are due, firm by firm: each task is claimed (reminded_at) in the
 * same transaction as its emails are queued, so a reminder goes once whatever runs overlap.
 */
export async function sendDueTaskReminders(deps: { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger }) {
  const firmIds = await deps.database.withIdentityLookup((tx) => listFirmIds(tx));
  let sent = 0;
  for (const firmId of firmIds) {
    try {
      sent += await deps.database.withFirm(firmId, async (tx) => {
        let queued = 0;
        for (const reminder of await claimDueReminders(tx, firmId))
          for (const recipient of reminder.recipients) {
            await deps.outbox.queue(tx, firmId, reminderEmail(reminder, recipient, deps.appUrl));
            queued += 1;
          }
        return queued;
      });
    } catch (error) {
      deps.logger?.error({ err: error, firmId }, 'task reminders not sent');
    }
  }
  return sent;
}
