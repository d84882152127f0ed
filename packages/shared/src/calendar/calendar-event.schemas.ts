import { z } from 'zod';
import { idParamsSchema, isoDate, optionalMultilineText, optionalText, optionalUuid, requiredText } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { TASK_PRIORITIES, TASK_REMINDER_CHOICES, TASK_STATUSES } from '../tasks/task.schemas.ts';

/** Calendar events (issue 40): meetings, deadlines and consultations beside court dates and tasks. */
export const CALENDAR_EVENT_KINDS = ['Meeting', 'Deadline', 'Consultation', 'Other'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** The recurrences the form offers, as RRULE bodies (RFC 5545); the API takes any it can expand. */
export const CALENDAR_REPEAT_CHOICES = [
  { label: 'Does not repeat', rule: null },
  { label: 'Every day', rule: 'FREQ=DAILY' },
  { label: 'Every weekday', rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
  { label: 'Every week', rule: 'FREQ=WEEKLY' },
  { label: 'Every 2 weeks', rule: 'FREQ=WEEKLY;INTERVAL=2' },
  { label: 'Every month', rule: 'FREQ=MONTHLY' },
  { label: 'Every year', rule: 'FREQ=YEARLY' },
] as const;

export const CALENDAR_MESSAGES = {
  created: 'Event created',
  updated: 'Event updated',
  moved: 'Event moved',
  deleted: 'Event deleted',
  endBeforeStart: 'The end must be after the start',
  badRule: 'Repeat must be a valid recurrence rule (RRULE), e.g. FREQ=WEEKLY;COUNT=10',
  rangeTooLong: 'Ask for at most 100 days at a time',
  attendeeNotActive: 'Attendees must be active members of the firm',
} as const;

/** A wall-clock moment in the firm's time zone: YYYY-MM-DDTHH:MM. */
const localDateTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a date and time (YYYY-MM-DDTHH:MM)`);

export const calendarEventInputSchema = z
  .strictObject({
    title: requiredText('Title', 200).describe('What it is, at most 200 characters.'),
    kind: z
      .enum(CALENDAR_EVENT_KINDS, { error: 'Choose a kind' })
      .default('Meeting')
      .describe('Meeting (the default), Deadline, Consultation or Other.'),
    matterId: optionalUuid('Matter').describe('The matter it is about; null or absent: none.'),
    attendeeIds: z
      .array(z.uuid({ error: 'Attendee must be a valid id' }))
      .max(50, 'At most 50 attendees')
      .default([])
      .describe('The team members invited (emailed an invitation with an .ics file); at most 50.'),
    location: optionalText('Place', 300).describe('Where, at most 300 characters; blank or null: none.'),
    videoLink: z
      .union([z.url({ protocol: /^https$/, error: 'Video link must be an https:// address' }), z.literal('')])
      .nullish()
      .transform((value) => (value ? value : null))
      .describe('An https:// meeting link; blank or null: none.'),
    description: optionalMultilineText('Notes', 5000).describe('Notes, at most 5,000 characters; blank or null: none.'),
    isAllDay: z.boolean().default(false).describe('True for an all-day event (start and end times are ignored: 00:00 of the days).'),
    start: localDateTime('Start').describe('When it starts, on the firm’s clock (YYYY-MM-DDTHH:MM).'),
    end: localDateTime('End').describe(
      'When it ends, on the firm’s clock (YYYY-MM-DDTHH:MM); after the start (on or after it for all-day).',
    ),
    recurrence: z
      .string()
      .trim()
      .max(300)
      .regex(/^FREQ=[A-Z]+(;[A-Z]+=[A-Z0-9,+\-:]+)*$/, CALENDAR_MESSAGES.badRule)
      .nullish()
      .transform((value) => (value ? value : null))
      .describe('How it repeats, an RRULE body (e.g. FREQ=WEEKLY;BYDAY=MO;COUNT=10), expanded on the firm’s clock; null: once.'),
    reminderMinutesBefore: z
      .number()
      .int()
      .refine((value) => TASK_REMINDER_CHOICES.some((choice) => choice.minutes === value), 'Choose a reminder from the list')
      .nullish()
      .describe('Email the attendees this many minutes before each occurrence (15, 60, 1440, 2880 or 10080); null: none.'),
  })
  .superRefine((event, context) => {
    const isOrdered = event.isAllDay ? event.end.slice(0, 10) >= event.start.slice(0, 10) : event.end > event.start;
    if (!isOrdered) context.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_MESSAGES.endBeforeStart });
  });
export type CalendarEventInput = z.input<typeof calendarEventInputSchema>;
export type CalendarEventInputParsed = z.output<typeof calendarEventInputSchema>;

const person = z.object({ id: z.string().describe('The member’s id.'), name: z.string().describe('Their name.') });

export const calendarEventSchema = z.object({
  id: z.string().describe('The event’s id.'),
  title: z.string().describe('What it is.'),
  kind: z.enum(CALENDAR_EVENT_KINDS).describe('Meeting, Deadline, Consultation or Other.'),
  matterId: z.string().nullable().describe('The matter, or null.'),
  matterName: z.string().nullable().describe('The matter’s name, or null.'),
  clientName: z.string().nullable().describe('The matter’s client, or null.'),
  attendees: z.array(person).describe('Who is invited.'),
  location: z.string().nullable().describe('Where, or null.'),
  videoLink: z.string().nullable().describe('The meeting link, or null.'),
  description: z.string().nullable().describe('Notes, or null.'),
  isAllDay: z.boolean().describe('True for an all-day event.'),
  start: z.string().describe('Its (first) start on the firm’s clock, YYYY-MM-DDTHH:MM.'),
  end: z.string().describe('Its (first) end on the firm’s clock, YYYY-MM-DDTHH:MM.'),
  recurrence: z.string().nullable().describe('Its RRULE body, or null.'),
  reminderMinutesBefore: z.number().nullable().describe('Minutes before each occurrence the attendees are emailed, or null.'),
  createdByName: z.string().describe('Who created it.'),
  updatedAt: z.string().describe('When it last changed (ISO 8601).'),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** One occurrence of an event in the asked range (a recurring event has one per repeat). */
export const calendarOccurrenceSchema = z.object({
  eventId: z.string().describe('The event’s id.'),
  title: z.string().describe('Its title.'),
  kind: z.enum(CALENDAR_EVENT_KINDS).describe('Its kind.'),
  matterId: z.string().nullable().describe('Its matter, or null.'),
  matterName: z.string().nullable().describe('The matter’s name, or null.'),
  isAllDay: z.boolean().describe('True for an all-day event.'),
  start: z.string().describe('This occurrence’s start on the firm’s clock, YYYY-MM-DDTHH:MM.'),
  end: z.string().describe('This occurrence’s end on the firm’s clock, YYYY-MM-DDTHH:MM.'),
  startsAt: z.string().describe('The same start as an instant (ISO 8601, UTC): daylight saving applied in the firm’s time zone.'),
  endsAt: z.string().describe('The same end as an instant (ISO 8601, UTC).'),
  isRecurring: z.boolean().describe('True when the event repeats.'),
  attendeeIds: z.array(z.string()).describe('Who is invited, by id.'),
});
export type CalendarOccurrence = z.infer<typeof calendarOccurrenceSchema>;

/** A task with a due day in the range, as the calendar shows it. */
/**
 * How long a task due at a time stands in a calendar (the app's and a member's ICS feed): half an
 * hour, cut at midnight, so a task due at 23:45 is on its own day alone.
 */
export function taskCalendarMinutes(dueTime: string): number {
  const [hours = 0, minutes = 0] = dueTime.split(':').map(Number);
  return Math.max(1, Math.min(30, 24 * 60 - (hours * 60 + minutes)));
}

export const calendarTaskSchema = z.object({
  id: z.string().describe('The task’s id.'),
  title: z.string().describe('Its title.'),
  dueDate: z.string().describe('Its due day (YYYY-MM-DD).'),
  dueTime: z.string().nullable().describe('Its due time (HH:MM), or null: all day.'),
  status: z.enum(TASK_STATUSES).describe('Its status.'),
  priority: z.enum(TASK_PRIORITIES).describe('Its priority.'),
  matterId: z.string().nullable().describe('Its matter, or null.'),
  matterName: z.string().nullable().describe('The matter’s name, or null.'),
});
export type CalendarTask = z.infer<typeof calendarTaskSchema>;

export const calendarRangeQuerySchema = z.object({
  From: isoDate('From').describe('The first day (YYYY-MM-DD, the firm’s clock).'),
  To: isoDate('To').describe('The last day (YYYY-MM-DD), at most 100 days after From.'),
  Scope: z
    .enum(['mine', 'firm'], { error: 'Scope must be mine or firm' })
    .default('firm')
    .describe('firm (the default): everyone’s; mine: events the member attends or created, and tasks assigned to them.'),
});

export const calendarRangeSchema = z.object({
  timeZone: z.string().describe('The firm’s time zone (IANA), the clock every local time is on.'),
  events: z.array(calendarOccurrenceSchema).describe('The events’ occurrences in the range, by start.'),
  tasks: z.array(calendarTaskSchema).describe('Open tasks due in the range, by due moment.'),
});
export type CalendarRange = z.infer<typeof calendarRangeSchema>;

export const moveCalendarEventSchema = z.strictObject({
  deltaMinutes: z
    .number({ error: 'deltaMinutes must be a number' })
    .int()
    .min(-525_600)
    .max(525_600)
    .describe('Minutes to move the event by (the whole series for a recurring one): what a drag or a keyboard move does.'),
  durationMinutes: z
    .number({ error: 'durationMinutes must be a number' })
    .int()
    .min(1)
    .max(44_640)
    .optional()
    .describe('Its new length in minutes (a resize); absent: unchanged.'),
});

const base = '/api/admin/calendar';

export const calendarContracts = {
  range: defineRoute({ method: 'GET', path: `${base}/get-events`, query: calendarRangeQuerySchema, response: calendarRangeSchema }),
  view: defineRoute({ method: 'GET', path: `${base}/get-event/:id`, params: idParamsSchema, response: calendarEventSchema }),
  create: defineRoute({
    method: 'POST',
    path: `${base}/create-event`,
    body: calendarEventInputSchema,
    response: calendarEventSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/update-event/:id`,
    params: idParamsSchema,
    body: calendarEventInputSchema,
    response: calendarEventSchema,
  }),
  move: defineRoute({
    method: 'POST',
    path: `${base}/move-event/:id`,
    params: idParamsSchema,
    body: moveCalendarEventSchema,
    response: calendarEventSchema,
  }),
  remove: defineRoute({ method: 'DELETE', path: `${base}/delete-event/:id`, params: idParamsSchema, response: z.null() }),
};
