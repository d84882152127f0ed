import { icsCalendar, type IcsEvent } from '../../lib/ics.ts';
import type { HearingRow } from './hearings.repository.ts';

// Said in the summary too: some calendar apps show a cancelled event of a subscribed feed as it was.
const summaryOf = (hearing: HearingRow) =>
  `${hearing.isCancelled ? 'Hearing (cancelled)' : 'Hearing'}: ${hearing.matterName} (${hearing.suitNumber})${hearing.purpose ? ` — ${hearing.purpose}` : ''}`;

const locationOf = (hearing: HearingRow) =>
  [hearing.courtName, hearing.courtDivision, hearing.courtAddress].filter((part) => part && part.trim()).join(', ');

function descriptionOf(hearing: HearingRow): string {
  const matter = hearing.matterNumber ? `${hearing.matterNumber} ${hearing.matterName}` : hearing.matterName;
  return [
    `Court: ${locationOf(hearing)}`,
    `Suit number: ${hearing.suitNumber}`,
    hearing.judge ? `Judge: ${hearing.judge}` : null,
    `Matter: ${matter}`,
    `Client: ${hearing.clientName}`,
    hearing.purpose ? `Purpose: ${hearing.purpose}` : null,
    hearing.feeEarners.length ? `Fee earners: ${hearing.feeEarners.map((earner) => earner.name).join(', ')}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

function eventOf(hearing: HearingRow): IcsEvent {
  return {
    uid: `${hearing.courtUpdateId}@matterhorn`,
    summary: summaryOf(hearing),
    location: locationOf(hearing),
    description: descriptionOf(hearing),
    updatedAt: hearing.updatedAt,
    sequence: hearing.sequence,
    isCancelled: hearing.isCancelled,
    start: hearing.startsAt ? { instant: hearing.startsAt, minutes: 60 } : { date: hearing.date },
  };
}

/**
 * The feed calendar apps subscribe to. Each hearing's UID is its court update's id and its SEQUENCE
 * the update's revision, so editing the court update replaces the event instead of adding one; a
 * hearing deleted or taken away by an edit stays in the feed as cancelled. The member's events and
 * tasks (the calendar module's) follow the hearings. A timed hearing is written as a UTC
 * instant (the firm's wall-clock time converted in SQL), which every client reads without a
 * VTIMEZONE block; X-WR-TIMEZONE tells apps which zone to show. Without a time it is all-day.
 */
export const hearingsIcs = (firm: { name: string; timeZone: string }, hearings: HearingRow[], others: IcsEvent[] = []): string =>
  icsCalendar(
    {
      name: `Matterhorn court dates — ${firm.name}`,
      company: 'Matterhorn',
      product: 'Court calendar',
      timeZone: firm.timeZone,
      refreshHours: 1,
    },
    [...hearings.map(eventOf), ...others],
  );
