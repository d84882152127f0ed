import type { Tx } from '../../db/database.ts';
import type { IcsEvent } from '../../lib/ics.ts';
import { findFeedEvents, findFeedTasks } from './calendar.repository.ts';
import { minutesBetween } from './recurrence.ts';

/** How long a task with a due time stands in a calendar. */
const TASK_MINUTES = 30;

/**
 * What a member's calendar feed (the court-calendar module's ICS) carries beside hearings (issue 40):
 * the events (everyone's on a firm feed, else those they attend or created), repeating on the firm's
 * clock, and their open tasks on their due day or at their due time.
 */
export async function calendarFeedItems(
  tx: Tx,
  firmId: string,
  feed: { userId: string; isFirmWide: boolean; fromDate: string; timeZone: string },
): Promise<IcsEvent[]> {
  const events = await findFeedEvents(tx, firmId, `${feed.fromDate}T00:00`, feed.isFirmWide ? null : feed.userId);
  const tasks = await findFeedTasks(tx, firmId, feed.userId, feed.fromDate);
  return [
    ...events.map((event): IcsEvent => {
      const minutes = minutesBetween(event.start, event.end);
      return {
        uid: `${event.id}@matterhorn`,
        summary: event.title,
        location: event.location ?? '',
        description: [event.matterName ? `Matter: ${event.matterName} — ${event.clientName}` : null, event.description, event.videoLink]
          .filter(Boolean)
          .join('\n'),
        updatedAt: new Date(event.updatedAt).toISOString(),
        sequence: Math.floor(new Date(event.updatedAt).getTime() / 1000),
        start: event.isAllDay
          ? { date: event.start.slice(0, 10), days: Math.max(1, Math.round(minutes / (24 * 60))) }
          : { local: event.start, timeZone: feed.timeZone, minutes },
        rrule: event.recurrence,
        url: event.videoLink,
      };
    }),
    ...tasks.map((task): IcsEvent => ({
      uid: `task-${task.id}@matterhorn`,
      summary: `Task: ${task.title}`,
      location: '',
      description: task.matterName ? `Matter: ${task.matterName}` : '',
      updatedAt: new Date(task.updatedAt).toISOString(),
      sequence: Math.floor(new Date(task.updatedAt).getTime() / 1000),
      start: task.dueTime
        ? { local: `${task.dueDate}T${task.dueTime}`, timeZone: feed.timeZone, minutes: TASK_MINUTES }
        : { date: task.dueDate },
    })),
  ];
}
