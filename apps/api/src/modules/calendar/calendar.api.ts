import { taskCalendarMinutes } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { IcsEvent } from '../../lib/ics.ts';
import {
  deleteEvent,
  findAttendedEventsInRange,
  findFeedEvents,
  findFeedTasks,
  insertEvent,
  replaceAttendees,
  updateEvent,
} from './calendar.repository.ts';
import { minutesBetween, occurrencesIn } from './recurrence.ts';

/** Wall-clock arithmetic on the firm's clock, for modules that book on it. */
export { addMinutes, minutesBetween, wallClockNow, wallTimeToInstant } from './recurrence.ts';

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
        ? { local: `${task.dueDate}T${task.dueTime}`, timeZone: feed.timeZone, minutes: taskCalendarMinutes(task.dueTime) }
        : { date: task.dueDate },
    })),
  ];
}

/**
 * A member's busy time in [from, to) on the firm's wall clock: each occurrence of the events they
 * attend (repeating ones expanded, all-day ones from 00:00 to 00:00), for booking around it.
 */
export async function busyTimesOf(tx: Tx, firmId: string, userId: string, from: string, to: string) {
  const events = await findAttendedEventsInRange(tx, firmId, userId, { from, to });
  return events.flatMap((event) => occurrencesIn(event, from, to).map((occurrence) => ({ ...occurrence, eventId: event.id })));
}

export type BookedEvent = {
  title: string;
  description: string | null;
  start: string;
  end: string;
  location: string | null;
  videoLink: string | null;
  attendeeIds: string[];
};

/** Puts a booked meeting (a consultation) on the firm calendar; its module tells the people concerned. */
export async function placeBookedEvent(tx: Tx, firmId: string, createdByUserId: string, event: BookedEvent): Promise<string> {
  const id = await insertEvent(tx, firmId, createdByUserId, {
    title: event.title,
    kind: 'Consultation',
    matterId: null,
    location: event.location,
    videoLink: event.videoLink,
    description: event.description,
    isAllDay: false,
    startLocal: event.start,
    endLocal: event.end,
    recurrence: null,
    lastEndLocal: event.end,
    reminderMinutesBefore: 60,
  });
  await replaceAttendees(tx, firmId, id, event.attendeeIds);
  return id;
}

/** Moves a booked event to another time (its reminder starts over). */
export async function retimeBookedEvent(tx: Tx, firmId: string, eventId: string, timing: { start: string; end: string }) {
  await updateEvent(tx, firmId, eventId, { startLocal: timing.start, endLocal: timing.end, lastEndLocal: timing.end }, true);
}

/** Takes a cancelled booking off the calendar. */
export async function removeBookedEvent(tx: Tx, firmId: string, eventId: string) {
  await deleteEvent(tx, firmId, eventId);
}
