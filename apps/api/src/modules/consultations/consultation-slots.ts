import type { ConsultationSlots } from '@matterhorn/shared';
import { addMinutes } from '../calendar/calendar.api.ts';

/** A span of wall-clock time on the firm's clock, [start, end) as YYYY-MM-DDTHH:MM. */
export type Span = { start: string; end: string };
export type SlotRules = {
  lengthMinutes: number;
  workingHours: { weekday: number; start: string; end: string }[];
  noticeDays: number;
  horizonDays: number;
};

const DAY = 24 * 60;
export const addDays = (date: string, days: number) => addMinutes(`${date}T00:00`, days * DAY).slice(0, 10);
/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The first day slots may be on: `noticeDays` working days after today (0: today itself); null when no day has hours. */
export function firstBookableDay(today: string, rules: Pick<SlotRules, 'noticeDays' | 'workingHours'>): string | null {
  if (rules.workingHours.length === 0) return null;
  if (rules.noticeDays === 0) return today;
  const working = new Set(rules.workingHours.map((day) => day.weekday));
  let date = today;
  for (let counted = 0; counted < rules.noticeDays;) {
    date = addDays(date, 1);
    if (working.has(weekdayOf(date))) counted += 1;
  }
  return date;
}

const overlaps = (left: Span, right: Span) => left.start < right.end && right.start < left.end;

/** The window slots are computed over: from the first bookable day to the horizon (inclusive); null: none. */
export function slotWindow(today: string, rules: SlotRules): { fromDate: string; toDate: string } | null {
  const fromDate = firstBookableDay(today, rules);
  const toDate = addDays(today, rules.horizonDays);
  return fromDate && fromDate <= toDate ? { fromDate, toDate } : null;
}

/**
 * The free slots: each working day's hours cut into consultations of the set length from the day's
 * start, keeping those that start after `nowLocal`, from the notice to the horizon, and overlap
 * nothing busy (the assignee's events, hearings and other consultations).
 */
export function freeSlots(rules: SlotRules, clock: { today: string; nowLocal: string }, busy: Span[]): ConsultationSlots['days'] {
  const window = slotWindow(clock.today, rules);
  if (!window) return [];
  const hoursOf = new Map(rules.workingHours.map((day) => [day.weekday, day]));
  const days: ConsultationSlots['days'] = [];
  for (let date = window.fromDate; date <= window.toDate; date = addDays(date, 1)) {
    const hours = hoursOf.get(weekdayOf(date));
    if (!hours) continue;
    const closing = `${date}T${hours.end}`;
    const slots: Span[] = [];
    for (
      let start = `${date}T${hours.start}`;
      addMinutes(start, rules.lengthMinutes) <= closing;
      start = addMinutes(start, rules.lengthMinutes)
    ) {
      const slot = { start, end: addMinutes(start, rules.lengthMinutes) };
      if (slot.start > clock.nowLocal && !busy.some((span) => overlaps(span, slot))) slots.push(slot);
    }
    if (slots.length > 0) days.push({ date, slots });
  }
  return days;
}

/** Whether a start is one of the slots offered. */
export const isOffered = (days: ConsultationSlots['days'], start: string) =>
  days.some((day) => day.slots.some((slot) => slot.start === start));
