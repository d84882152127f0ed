import {
  CALENDAR_REPEAT_CHOICES,
  calendarEventInputSchema,
  type CalendarEvent,
  type CalendarEventInput,
  type CalendarEventKind,
} from '@matterhorn/shared';
import { z } from 'zod';
import { addWallClockMinutes, isLocalDateTime, wallClockMinutes } from './wall-clock.ts';

/** The form's fields as the inputs hold them: text, '' when empty (dates ISO, times HH:MM, the rule, reminder minutes). */
export type EventFormValues = {
  title: string;
  kind: CalendarEventKind;
  /** Only to pick the matter from the client's; never sent. */
  clientId: string;
  matterId: string;
  attendeeIds: string[];
  location: string;
  videoLink: string;
  description: string;
  isAllDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** An RRULE body, '' for once. */
  recurrence: string;
  reminderMinutesBefore: string;
};

export const EVENT_FORM_MESSAGES = {
  startDate: 'Start date is required',
  endDate: 'End date is required',
  startTime: 'Enter the start time as HH:MM (24-hour)',
  endTime: 'Enter the end time as HH:MM (24-hour)',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ALL_DAY_TIME = '00:00';

const startOf = (values: EventFormValues) => `${values.startDate}T${values.isAllDay ? ALL_DAY_TIME : values.startTime}`;
const endOf = (values: EventFormValues) => `${values.endDate}T${values.isAllDay ? ALL_DAY_TIME : values.endTime}`;

/** The request body (create-event / update-event) from the form's values. */
export function eventInputFrom(values: EventFormValues): CalendarEventInput {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    title: values.title.trim(),
    kind: values.kind,
    matterId: orNull(values.matterId),
    attendeeIds: values.attendeeIds,
    location: orNull(values.location),
    videoLink: orNull(values.videoLink),
    description: orNull(values.description),
    isAllDay: values.isAllDay,
    start: startOf(values),
    end: endOf(values),
    recurrence: orNull(values.recurrence),
    reminderMinutesBefore: values.reminderMinutesBefore === '' ? null : Number(values.reminderMinutesBefore),
  };
}

/** Which input a message about the start or the end belongs under: its date when that is what is wrong, else its time. */
function fieldOfMoment(values: EventFormValues, moment: 'start' | 'end'): keyof EventFormValues {
  if (values.isAllDay) return moment === 'start' ? 'startDate' : 'endDate';
  if (moment === 'end' && values.endDate < values.startDate) return 'endDate';
  return moment === 'start' ? 'startTime' : 'endTime';
}

/**
 * The contract's rules and messages over the fields as the inputs hold them: each date and time is
 * checked on its own (in words a person reads), then the body they make is checked with the
 * shared schema, whose messages land under the field they are about (the end before the start
 * under End). Every field's message shows at once, not one rule at a time.
 */
export const eventFormSchema = z.custom<EventFormValues>().superRefine((values, context) => {
  const flagged = new Set<string>();
  const flag = (field: keyof EventFormValues, message: string) => {
    flagged.add(field);
    context.addIssue({ code: 'custom', path: [field], message });
  };
  if (values.startDate === '') flag('startDate', EVENT_FORM_MESSAGES.startDate);
  if (values.endDate === '') flag('endDate', EVENT_FORM_MESSAGES.endDate);
  if (!values.isAllDay && !TIME.test(values.startTime)) flag('startTime', EVENT_FORM_MESSAGES.startTime);
  if (!values.isAllDay && !TIME.test(values.endTime)) flag('endTime', EVENT_FORM_MESSAGES.endTime);
  const isStartFlagged = flagged.has('startDate') || flagged.has('startTime');
  const isEndFlagged = flagged.has('endDate') || flagged.has('endTime');

  const parsed = calendarEventInputSchema.safeParse(eventInputFrom(values));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (field === 'start' || field === 'end') {
      if (isStartFlagged || isEndFlagged) continue;
      context.addIssue({ code: 'custom', path: [fieldOfMoment(values, field)], message: issue.message });
    } else {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  }
});

/** Minutes from start to end as the form holds them; null while either is incomplete. */
export function lengthOf(values: EventFormValues): number | null {
  const start = startOf(values);
  const end = endOf(values);
  return isLocalDateTime(start) && isLocalDateTime(end) ? wallClockMinutes(end) - wallClockMinutes(start) : null;
}

/**
 * A new start: the end follows, keeping the event's length (the last one the form held whole, as a
 * start typed over is incomplete for a while), as calendar apps do.
 */
export function withStart(values: EventFormValues, startDate: string, startTime: string, lengthMinutes: number | null): EventFormValues {
  const next = { ...values, startDate, startTime };
  const start = startOf(next);
  if (lengthMinutes === null || lengthMinutes < 0 || !isLocalDateTime(start)) return next;
  const end = addWallClockMinutes(start, lengthMinutes);
  return { ...next, endDate: end.slice(0, 10), endTime: values.isAllDay ? values.endTime : end.slice(11, 16) };
}

/** Start and end `minutes` later (earlier when negative): the keyboard's way to move an event. Null while either is incomplete. */
export function shiftedWhen(values: EventFormValues, minutes: number): EventFormValues | null {
  if (lengthOf(values) === null) return null;
  const start = addWallClockMinutes(startOf(values), minutes);
  const end = addWallClockMinutes(endOf(values), minutes);
  if (values.isAllDay) return { ...values, startDate: start.slice(0, 10), endDate: end.slice(0, 10) };
  return {
    ...values,
    startDate: start.slice(0, 10),
    startTime: start.slice(11, 16),
    endDate: end.slice(0, 10),
    endTime: end.slice(11, 16),
  };
}

/** The Repeat choices; a rule the form does not offer (set through the API or a calendar app) is listed as it is and kept. */
export function repeatOptions(current: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = CALENDAR_REPEAT_CHOICES.map((choice) => ({
    value: choice.rule ?? '',
    label: choice.label,
  }));
  if (current !== '' && !options.some((option) => option.value === current)) options.push({ value: current, label: `Custom: ${current}` });
  return options;
}

export type NewEventDefaults = { start: string; end: string; isAllDay?: boolean; attendeeIds?: string[] };

export function newEventValues({ start, end, isAllDay = false, attendeeIds = [] }: NewEventDefaults): EventFormValues {
  return {
    title: '',
    kind: 'Meeting',
    clientId: '',
    matterId: '',
    attendeeIds,
    location: '',
    videoLink: '',
    description: '',
    isAllDay,
    startDate: start.slice(0, 10),
    startTime: start.slice(11, 16),
    endDate: end.slice(0, 10),
    endTime: end.slice(11, 16),
    recurrence: '',
    reminderMinutesBefore: '',
  };
}

export function eventValues(event: CalendarEvent): EventFormValues {
  return {
    title: event.title,
    kind: event.kind,
    clientId: '',
    matterId: event.matterId ?? '',
    attendeeIds: event.attendees.map((attendee) => attendee.id),
    location: event.location ?? '',
    videoLink: event.videoLink ?? '',
    description: event.description ?? '',
    isAllDay: event.isAllDay,
    startDate: event.start.slice(0, 10),
    startTime: event.isAllDay ? '' : event.start.slice(11, 16),
    endDate: event.end.slice(0, 10),
    endTime: event.isAllDay ? '' : event.end.slice(11, 16),
    recurrence: event.recurrence ?? '',
    reminderMinutesBefore: event.reminderMinutesBefore === null ? '' : String(event.reminderMinutesBefore),
  };
}

/** Whether anything was typed or chosen since the form opened (the client alone only narrows the matters). */
export function hasEventChanges(values: EventFormValues, initial: EventFormValues): boolean {
  const { clientId: _client, ...now } = values;
  const { clientId: _initialClient, ...before } = initial;
  return JSON.stringify(now) !== JSON.stringify(before);
}

/**
 * A time as typed, kept to digits and a colon, which goes in after the hours ("0930" reads 09:30).
 * Not the browser's own time field: in an en-US locale it shows AM/PM, where the firm works to the
 * 24-hour clock.
 */
export function timeText(typed: string): string {
  const text = typed.replace(/[^\d:]/g, '');
  return text.replace(/^(\d{2})(\d{1,2})$/, '$1:$2');
}
