import {
  CALENDAR_MESSAGES,
  isoToDisplayDate,
  type CalendarEvent,
  type CalendarEventInputParsed,
  type CalendarRange,
  type calendarRangeQuerySchema,
  type moveCalendarEventSchema,
} from '@matterhorn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { icsCalendar } from '../../lib/ics.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  deleteEvent,
  findActiveMemberIds,
  findEvent,
  findEventsInRange,
  findFirmClock,
  findRemindedAttendees,
  findTasksDue,
  insertEvent,
  isLiveMatter,
  listFirmIds,
  lockEventsToRemind,
  markReminded,
  replaceAttendees,
  updateEvent,
  type EventRow,
  type EventValues,
} from './calendar.repository.ts';
import { addMinutes, lastEndOf, minutesBetween, occurrencesIn, ruleProblem, wallClockNow, wallTimeToInstant } from './recurrence.ts';

const MAX_RANGE_DAYS = 100;
const dayAfter = (date: string) => addMinutes(`${date}T00:00`, 24 * 60).slice(0, 10);

const viewOf = (row: EventRow): CalendarEvent => ({
  id: row.id,
  title: row.title,
  kind: row.kind,
  matterId: row.matterId,
  matterName: row.matterName,
  clientName: row.clientName,
  attendees: row.attendees.map(({ id, name }) => ({ id, name })),
  location: row.location,
  videoLink: row.videoLink,
  description: row.description,
  isAllDay: row.isAllDay,
  start: row.start,
  end: row.end,
  recurrence: row.recurrence,
  reminderMinutesBefore: row.reminderMinutesBefore,
  createdByName: row.createdByName,
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** An all-day event runs from 00:00 of its first day to 00:00 after its last. */
const timingOf = (input: { isAllDay: boolean; start: string; end: string }) =>
  input.isAllDay ? { start: `${input.start.slice(0, 10)}T00:00`, end: `${dayAfter(input.end.slice(0, 10))}T00:00` } : input;

function valuesOf(input: CalendarEventInputParsed): EventValues {
  if (input.recurrence) {
    const problem = ruleProblem(input.recurrence);
    if (problem) throw badRequest(CALENDAR_MESSAGES.badRule, { recurrence: CALENDAR_MESSAGES.badRule });
  }
  const { start, end } = timingOf(input);
  return {
    title: input.title,
    kind: input.kind,
    matterId: input.matterId ?? null,
    location: input.location ?? null,
    videoLink: input.videoLink ?? null,
    description: input.description ?? null,
    isAllDay: input.isAllDay,
    startLocal: start,
    endLocal: end,
    recurrence: input.recurrence ?? null,
    lastEndLocal: lastEndOf({ start, end, isAllDay: input.isAllDay, recurrence: input.recurrence ?? null }),
    reminderMinutesBefore: input.reminderMinutesBefore ?? null,
  };
}

/** The invitation attached to an event's emails (RFC 5546), in the firm's zone, repeating as it does. */
function invitationIcs(
  event: EventRow,
  firm: { name: string; timeZone: string },
  method: 'REQUEST' | 'CANCEL',
  organizer: { name: string; email: string },
) {
  const minutes = minutesBetween(event.start, event.end);
  return icsCalendar({ name: firm.name, company: 'Matterhorn', product: 'Calendar', timeZone: firm.timeZone, refreshHours: 24, method }, [
    {
      uid: `${event.id}@matterhorn`,
      summary: event.title,
      location: event.location ?? '',
      description: [event.matterName ? `Matter: ${event.matterName} — ${event.clientName}` : null, event.description, event.videoLink]
        .filter(Boolean)
        .join('\n'),
      updatedAt: new Date(event.updatedAt).toISOString(),
      sequence: Math.floor(new Date(event.updatedAt).getTime() / 1000),
      isCancelled: method === 'CANCEL',
      start: event.isAllDay
        ? { date: event.start.slice(0, 10), days: Math.max(1, Math.round(minutes / (24 * 60))) }
        : { local: event.start, timeZone: firm.timeZone, minutes },
      rrule: event.recurrence,
      organizer,
      attendees: event.attendees.map(({ name, email }) => ({ name, email })),
      url: event.videoLink,
    },
  ]);
}

const whenOf = (event: Pick<EventRow, 'start' | 'end' | 'isAllDay'>) =>
  event.isAllDay
    ? `${isoToDisplayDate(event.start.slice(0, 10))} (all day)`
    : `${isoToDisplayDate(event.start.slice(0, 10))} at ${event.start.slice(11)}`;

/**
 * The firm calendar's events (issue 40): meetings, deadlines and consultations on the firm's wall
 * clock, repeating by RRULE, with attendees emailed an invitation (.ics) when they are invited, the
 * event changes or is cancelled; shown with the firm's tasks due in the range.
 */
export function createCalendarService({ database, outbox, appUrl }: { database: Database; outbox: Outbox; appUrl: string }) {
  async function checkReferences(tx: Tx, firmId: string, input: CalendarEventInputParsed) {
    if (input.matterId && !(await isLiveMatter(tx, firmId, input.matterId))) throw notFound('Matter');
    const active = await findActiveMemberIds(tx, firmId, input.attendeeIds);
    if (input.attendeeIds.some((id) => !active.has(id)))
      throw badRequest(CALENDAR_MESSAGES.attendeeNotActive, { attendeeIds: CALENDAR_MESSAGES.attendeeNotActive });
  }

  async function eventOrMissing(tx: Tx, firmId: string, id: string, lock = false) {
    const row = await findEvent(tx, firmId, id, lock);
    if (!row) throw notFound('Event');
    return row;
  }

  /** Emails the attendees (not the one who acted) the invitation, its change or its cancellation. */
  async function tellAttendees(
    tx: Tx,
    principal: FirmPrincipal,
    event: EventRow,
    what: 'invited' | 'changed' | 'cancelled',
    only?: Set<string>,
  ) {
    const firm = await findFirmClock(tx, principal.firmId);
    const actor = event.attendees.find((person) => person.id === principal.userId) ?? { name: event.createdByName, email: '' };
    const organizer = { name: actor.name, email: actor.email || `calendar@${new URL(appUrl).hostname}` };
    const ics = Buffer.from(invitationIcs(event, firm, what === 'cancelled' ? 'CANCEL' : 'REQUEST', organizer));
    for (const attendee of event.attendees) {
      if (attendee.id === principal.userId || (only && !only.has(attendee.id))) continue;
      const verb = what === 'invited' ? 'Invitation' : what === 'changed' ? 'Changed' : 'Cancelled';
      await outbox.queue(tx, principal.firmId, {
        to: attendee.email,
        sender: 'firm',
        greeting: `Dear ${attendee.name},`,
        subject: `${verb}: ${event.title} — ${whenOf(event)}`.slice(0, 200),
        paragraphs: [
          what === 'cancelled' ? 'This event was cancelled:' : `You are invited by ${event.createdByName}:`,
          [
            event.title,
            `When: ${whenOf(event)}${event.recurrence ? ' (repeats)' : ''}`,
            ...(event.location ? [`Where: ${event.location}`] : []),
            ...(event.videoLink ? [`Video: ${event.videoLink}`] : []),
            ...(event.matterName ? [`Matter: ${event.matterName} — ${event.clientName}`] : []),
          ].join('\n'),
          'The attached calendar file adds it to your calendar.',
        ],
        action: { label: 'Open the calendar', url: `${appUrl}/calendar` },
        why: 'a colleague put you on a calendar event',
        attachments: [
          {
            filename: 'invite.ics',
            content: ics,
            contentType: `text/calendar; method=${what === 'cancelled' ? 'CANCEL' : 'REQUEST'}; charset=utf-8`,
          },
        ],
      });
    }
  }

  const audited = (event: EventRow) => ({
    title: event.title,
    kind: event.kind,
    matterId: event.matterId,
    start: event.start,
    end: event.end,
    recurrence: event.recurrence,
    attendeeIds: event.attendees.map((person) => person.id).sort(),
  });

  return {
    async range(principal: FirmPrincipal, query: z.output<typeof calendarRangeQuerySchema>): Promise<CalendarRange> {
      if (query.To < query.From || minutesBetween(`${query.From}T00:00`, `${query.To}T00:00`) > MAX_RANGE_DAYS * 24 * 60)
        throw badRequest(CALENDAR_MESSAGES.rangeTooLong, { To: CALENDAR_MESSAGES.rangeTooLong });
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const { timeZone } = await findFirmClock(tx, principal.firmId);
          const who = query.Scope === 'mine' ? principal.userId : null;
          const range = { from: `${query.From}T00:00`, to: `${dayAfter(query.To)}T00:00` };
          const rows = await findEventsInRange(tx, principal.firmId, range, who);
          const events = rows
            .flatMap((row) =>
              occurrencesIn(row, range.from, range.to).map((occurrence) => ({
                eventId: row.id,
                title: row.title,
                kind: row.kind,
                matterId: row.matterId,
                matterName: row.matterName,
                isAllDay: row.isAllDay,
                start: occurrence.start,
                end: occurrence.end,
                startsAt: wallTimeToInstant(occurrence.start, timeZone).toISOString(),
                endsAt: wallTimeToInstant(occurrence.end, timeZone).toISOString(),
                isRecurring: row.recurrence !== null,
                attendeeIds: row.attendees.map((person) => person.id),
              })),
            )
            .sort((left, right) => left.start.localeCompare(right.start));
          return { timeZone, events, tasks: await findTasksDue(tx, principal.firmId, { from: query.From, to: query.To }, who) };
        },
        READ_ONLY,
      );
    },

    view: (principal: FirmPrincipal, id: string) =>
      database.withFirm(principal.firmId, async (tx) => viewOf(await eventOrMissing(tx, principal.firmId, id)), READ_ONLY),

    create: (principal: FirmPrincipal, input: CalendarEventInputParsed): Promise<CalendarEvent> =>
      database.withFirm(principal.firmId, async (tx) => {
        await checkReferences(tx, principal.firmId, input);
        const id = await insertEvent(tx, principal.firmId, principal.userId, valuesOf(input));
        await replaceAttendees(tx, principal.firmId, id, input.attendeeIds);
        const event = await eventOrMissing(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'calendarEvent.created', id, { after: audited(event) });
        await tellAttendees(tx, principal, event, 'invited');
        return viewOf(event);
      }),

    update: (principal: FirmPrincipal, id: string, input: CalendarEventInputParsed): Promise<CalendarEvent> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await eventOrMissing(tx, principal.firmId, id, true);
        await checkReferences(tx, principal.firmId, input);
        const values = valuesOf(input);
        const isRetimed =
          values.startLocal !== before.start ||
          values.endLocal !== before.end ||
          values.recurrence !== before.recurrence ||
          values.reminderMinutesBefore !== before.reminderMinutesBefore;
        await updateEvent(tx, principal.firmId, id, values, isRetimed);
        await replaceAttendees(tx, principal.firmId, id, input.attendeeIds);
        const after = await eventOrMissing(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'calendarEvent.updated', id, changeOf(audited(before), audited(after)));
        const wasInvited = new Set(before.attendees.map((person) => person.id));
        const removed = { ...before, attendees: before.attendees.filter((person) => !input.attendeeIds.includes(person.id)) };
        if (removed.attendees.length > 0) await tellAttendees(tx, principal, removed, 'cancelled');
        await tellAttendees(tx, principal, after, 'invited', new Set(input.attendeeIds.filter((userId) => !wasInvited.has(userId))));
        if (isRetimed) await tellAttendees(tx, principal, after, 'changed', wasInvited);
        return viewOf(after);
      }),

    /** A drag or a keyboard move: the event (the whole series) shifted, its length changed on a resize. */
    move: (principal: FirmPrincipal, id: string, input: z.output<typeof moveCalendarEventSchema>): Promise<CalendarEvent> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await eventOrMissing(tx, principal.firmId, id, true);
        const start = addMinutes(before.start, input.deltaMinutes);
        const end = addMinutes(start, input.durationMinutes ?? minutesBetween(before.start, before.end));
        const timing = { start, end, isAllDay: before.isAllDay, recurrence: before.recurrence };
        await updateEvent(tx, principal.firmId, id, { startLocal: start, endLocal: end, lastEndLocal: lastEndOf(timing) }, true);
        const after = await eventOrMissing(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'calendarEvent.updated', id, changeOf(audited(before), audited(after)));
        await tellAttendees(tx, principal, after, 'changed');
        return viewOf(after);
      }),

    remove: (principal: FirmPrincipal, id: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await eventOrMissing(tx, principal.firmId, id, true);
        await tellAttendees(tx, principal, before, 'cancelled');
        await deleteEvent(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'calendarEvent.deleted', id, { before: audited(before) });
      }),
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

/**
 * Emails each event's attendees before its next occurrence, once per occurrence (the occurrence's
 * start is recorded in the locked event's row in the same transaction as the emails are queued).
 */
export async function sendDueEventReminders(
  deps: { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger },
  now = new Date(),
) {
  let sent = 0;
  for (const firmId of await deps.database.withIdentityLookup((tx) => listFirmIds(tx))) {
    try {
      sent += await deps.database.withFirm(firmId, async (tx) => {
        const { timeZone } = await findFirmClock(tx, firmId);
        const wallNow = wallClockNow(timeZone, now);
        let queued = 0;
        for (const { id } of await lockEventsToRemind(tx, firmId, wallNow)) {
          const event = await findEvent(tx, firmId, id);
          if (!event?.reminderMinutesBefore) continue;
          const [next] = occurrencesIn(event, wallNow, addMinutes(wallNow, event.reminderMinutesBefore + 1)).filter(
            (occurrence) => occurrence.start >= wallNow && (!event.remindedThrough || occurrence.start > event.remindedThrough),
          );
          if (!next) continue;
          await markReminded(tx, firmId, id, next.start);
          for (const attendee of await findRemindedAttendees(tx, firmId, id)) {
            await deps.outbox.queue(tx, firmId, {
              to: attendee.email,
              sender: 'firm',
              greeting: `Dear ${attendee.name},`,
              subject: `Reminder: ${event.title} — ${whenOf({ ...event, start: next.start })}`.slice(0, 200),
              paragraphs: [
                [
                  event.title,
                  `When: ${whenOf({ ...event, start: next.start })}`,
                  ...(event.location ? [`Where: ${event.location}`] : []),
                  ...(event.videoLink ? [`Video: ${event.videoLink}`] : []),
                ].join('\n'),
              ],
              action: { label: 'Open the calendar', url: `${deps.appUrl}/calendar` },
              why: 'you are on this calendar event and it asked for a reminder',
            });
            queued += 1;
          }
        }
        return queued;
      });
    } catch (error) {
      deps.logger?.error({ err: error, firmId }, 'event reminders not sent');
    }
  }
  return sent;
}
