import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { calendarEventAttendees, calendarEvents, taskAssignees, taskListItems, taskLists, tasks } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * The demo firm's tasks and calendar (issue 40): the fee earner's day (one task overdue, two due
 * today, one next week), a task list for new litigation matters, a weekly case review with its
 * attendees and a client consultation, so /tasks, the dashboard's My tasks and /calendar show work.
 */
export async function seedDemoTasks(database: Database, firm: SeededFirm): Promise<void> {
  const { admin, feeEarner } = firm.users;
  /** The firm's today plus `days`, on its clock (the seed runs on any day). */
  const firmNow = sql`(now() at time zone coalesce((select f.time_zone from firms f where f.id = ${firm.firmId}), 'UTC'))`;
  const dayFrom = (days: number) => sql`${firmNow}::date + ${days}::int`;
  // A time still ahead today, whenever the demo is seeded: three hours on, on the hour, at latest
  // 23:45 (a fixed 15:00 made the task overdue for every seed after three in the afternoon).
  const laterToday = sql`least(date_trunc('hour', ${firmNow} + interval '3 hours'), date_trunc('day', ${firmNow}) + interval '23:45')::time`;
  await database.withFirm(firm.firmId, async (tx) => {
    const made = await tx
      .insert(tasks)
      .values(
        [
          {
            title: 'Serve the writ on the second defendant',
            matterId: firm.matterIds[0]!,
            dueDate: dayFrom(-2),
            priority: 'High' as const,
          },
          {
            title: 'Brief counsel on the adjournment',
            matterId: firm.matterIds[0]!,
            dueDate: dayFrom(0),
            dueTime: laterToday,
            priority: 'Urgent' as const,
          },
          {
            title: 'Call the client about the settlement offer',
            matterId: firm.matterIds[1]!,
            dueDate: dayFrom(0),
            priority: 'Normal' as const,
          },
          {
            title: 'Draft the witness statement',
            matterId: firm.matterIds[1]!,
            dueDate: dayFrom(6),
            priority: 'Normal' as const,
            reminderMinutesBefore: 1440,
          },
          { title: 'Renew the practising licence', dueDate: dayFrom(20), priority: 'Low' as const },
        ].map((task) => ({ ...task, firmId: firm.firmId, createdByUserId: admin.id })),
      )
      .returning({ id: tasks.id, title: tasks.title });
    await tx
      .insert(taskAssignees)
      .values(
        made.map((task) => ({ firmId: firm.firmId, taskId: task.id, userId: task.title.startsWith('Renew') ? admin.id : feeEarner.id })),
      );
    const [list] = await tx
      .insert(taskLists)
      .values({
        firmId: firm.firmId,
        name: 'New litigation matter',
        description: 'The first steps of a new suit.',
        createdByUserId: admin.id,
      })
      .returning({ id: taskLists.id });
    await tx.insert(taskListItems).values(
      [
        { title: 'Run the conflict check and open the file', dueInDays: 0, priority: 'High' as const },
        { title: 'Send the engagement letter', dueInDays: 1 },
        { title: 'File the originating process', dueInDays: 7, priority: 'High' as const },
        { title: 'Serve the originating process', dueInDays: 14 },
        { title: 'Diary the limitation date', dueInDays: null },
      ].map((item, index) => ({ ...item, firmId: firm.firmId, taskListId: list!.id, sortOrder: index })),
    );
    const events = await tx
      .insert(calendarEvents)
      .values(
        [
          {
            title: 'Weekly case review',
            kind: 'Meeting' as const,
            location: 'Boardroom',
            startLocal: sql`(${dayFrom(1)} + time '09:00')`,
            endLocal: sql`(${dayFrom(1)} + time '10:00')`,
            recurrence: 'FREQ=WEEKLY',
            reminderMinutesBefore: 60,
          },
          {
            title: 'Consultation: boundary dispute',
            kind: 'Consultation' as const,
            matterId: firm.matterIds[1]!,
            videoLink: 'https://meet.example.com/boundary-dispute',
            startLocal: sql`(${dayFrom(2)} + time '14:00')`,
            endLocal: sql`(${dayFrom(2)} + time '15:00')`,
            lastEndLocal: sql`(${dayFrom(2)} + time '15:00')`,
          },
        ].map((event) => ({ ...event, firmId: firm.firmId, createdByUserId: admin.id })),
      )
      .returning({ id: calendarEvents.id });
    await tx
      .insert(calendarEventAttendees)
      .values(events.flatMap((event) => [admin.id, feeEarner.id].map((userId) => ({ firmId: firm.firmId, eventId: event.id, userId }))));
  });
}
