import type { Tx } from '../../db/database.ts';
import { findFirmTimeZone, findFirmToday } from '../../platform/firm-clock.ts';
import { busyTimesOf, wallClockNow } from '../calendar/calendar.api.ts';
import { hearingBusyTimesOf } from '../court-calendar/court-calendar.api.ts';
import { freeSlots, slotWindow, type SlotRules, type Span } from './consultation-slots.ts';
import { findBookedTimes } from './consultations.repository.ts';

export type FirmClock = { timeZone: string; today: string; nowLocal: string };

/** The firm's clock now: its zone, its today, and its wall-clock minute. */
export async function clockOf(tx: Tx, firmId: string): Promise<FirmClock> {
  const timeZone = await findFirmTimeZone(tx, firmId);
  return { timeZone, today: await findFirmToday(tx, firmId), nowLocal: wallClockNow(timeZone) };
}

/**
 * The assignee's free slots, computed on the server on the firm's clock: their consultation hours
 * minus the events they attend, the hearings of matters they are assigned to, and their other live
 * consultations (but `exceptConsultation`, the one being moved, and its own calendar event).
 */
export async function freeSlotsOf(
  tx: Tx,
  firmId: string,
  assigneeUserId: string,
  rules: SlotRules,
  clock: FirmClock,
  except: { consultationId: string; calendarEventId: string | null } | null = null,
) {
  const window = slotWindow(clock.today, rules);
  if (!window) return [];
  const range = { from: `${window.fromDate}T00:00`, to: `${window.toDate}T23:59` };
  const events = await busyTimesOf(tx, firmId, assigneeUserId, range.from, range.to);
  const busy: Span[] = [
    ...events.filter((event) => event.eventId !== except?.calendarEventId),
    ...(await hearingBusyTimesOf(tx, firmId, assigneeUserId, { ...window, timeZone: clock.timeZone })),
    ...(await findBookedTimes(tx, firmId, assigneeUserId, range, except?.consultationId ?? null)),
  ];
  return freeSlots(rules, clock, busy);
}
