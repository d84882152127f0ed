import { taskCalendarMinutes, type CalendarOccurrence, type CalendarTask, type Hearing } from '@matterhorn/shared';
import dayjs from 'dayjs';
import type { CalendarItemKind } from './calendar-params.ts';
import { wallClockDate } from './wall-clock.ts';

type ItemBase = { id: string; title: string; start: Date; end: Date; allDay: boolean };
export type HearingItem = ItemBase & { kind: 'hearing'; hearing: Hearing };
export type TaskItem = ItemBase & { kind: 'task'; task: CalendarTask };
/** `name` is the event's own title; `title` adds its start time for the month and agenda. */
export type EventItem = ItemBase & { kind: 'event'; name: string; occurrence: CalendarOccurrence };
/** One box on the calendar: a court date, a task due or an event's occurrence. */
export type CalendarItem = HearingItem | TaskItem | EventItem;

export const ITEM_KIND_LABELS: Record<CalendarItemKind, string> = { hearing: 'Court dates', task: 'Tasks', event: 'Events' };

/** Drawn as an hour: courts give a start time at most. */
const HEARING_MINUTES = 60;

export const courtUpdatePath = (courtUpdateId: string) => `/view/court-update?id=${encodeURIComponent(courtUpdateId)}`;
export const taskPath = (taskId: string) => `/tasks?task=${encodeURIComponent(taskId)}`;

/** A hearing's line on the calendar: "<time> <suit number> — <matter>". */
export function hearingTitle(hearing: Hearing): string {
  return `${hearing.time ? `${hearing.time} ` : ''}${hearing.suitNumber} — ${hearing.matterName}`;
}

/** A day and an optional HH:MM as a box: timed for `minutes`, or all day (starting and ending that day). */
function when(date: string, time: string | null, minutes: number): Pick<ItemBase, 'start' | 'end' | 'allDay'> {
  const day = dayjs(date.slice(0, 10)); // dayjs reads YYYY-MM-DD as local midnight
  if (!time) return { start: day.toDate(), end: day.toDate(), allDay: true };
  const start = wallClockDate(`${date.slice(0, 10)}T${time.slice(0, 5)}`);
  return { start, end: dayjs(start).add(minutes, 'minute').toDate(), allDay: false };
}

/** A hearing as a calendar item, on the firm's clock. */
export function hearingItem(hearing: Hearing): HearingItem {
  return {
    kind: 'hearing',
    id: `${hearing.courtUpdateId}-${hearing.date}`,
    title: hearingTitle(hearing),
    ...when(hearing.date, hearing.time, HEARING_MINUTES),
    hearing,
  };
}

/** "Task: <time> <title>": a task reads as one wherever it is drawn, not by its colour alone. */
export function taskTitle(task: CalendarTask): string {
  return `Task: ${task.dueTime ? `${task.dueTime} ` : ''}${task.title}`;
}

export function taskItem(task: CalendarTask): TaskItem {
  return {
    kind: 'task',
    id: `task-${task.id}`,
    title: taskTitle(task),
    ...when(task.dueDate, task.dueTime, task.dueTime ? taskCalendarMinutes(task.dueTime) : 0),
    task,
  };
}

/**
 * An event's occurrence, at its wall-clock start and end. The calendar ends an all-day box
 * before its end date (midnight excluded), where the API's all-day end is the last day itself.
 */
export function eventItem(occurrence: CalendarOccurrence): EventItem {
  const start = wallClockDate(occurrence.start.slice(0, 16));
  const end = occurrence.isAllDay
    ? dayjs(wallClockDate(occurrence.end.slice(0, 16)))
        .startOf('day')
        .add(1, 'day')
        .toDate()
    : wallClockDate(occurrence.end.slice(0, 16));
  return {
    kind: 'event',
    id: `event-${occurrence.eventId}-${occurrence.start}`,
    name: occurrence.title,
    title: occurrence.isAllDay ? occurrence.title : `${occurrence.start.slice(11, 16)} ${occurrence.title}`,
    start: occurrence.isAllDay ? dayjs(start).startOf('day').toDate() : start,
    end,
    allDay: occurrence.isAllDay,
    occurrence,
  };
}

/** The class each box is drawn with: one colour per kind of event, others per item kind (see firm-calendar.css). */
export function itemClassName(item: CalendarItem): string {
  if (item.kind !== 'event') return `calendar-item calendar-item-${item.kind}`;
  return `calendar-item calendar-item-event calendar-event-${item.occurrence.kind.toLowerCase()}`;
}

/** Words for a box's tooltip: what it is, its matter and, for a hearing, its court. */
export function itemTooltip(item: CalendarItem): string {
  if (item.kind === 'hearing') {
    return `${item.title}${item.hearing.purpose ? ` (${item.hearing.purpose})` : ''}, ${item.hearing.courtName}`;
  }
  const matter = item.kind === 'task' ? item.task.matterName : item.occurrence.matterName;
  const what = item.kind === 'task' ? `${item.title} (${item.task.priority})` : `${item.title} (${item.occurrence.kind})`;
  return matter ? `${what}, ${matter}` : what;
}
