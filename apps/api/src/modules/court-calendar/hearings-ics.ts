import ical, { type ICalEventData } from 'ical-generator';
import type { HearingRow } from './hearings.repository.ts';

const HOUR = 3_600_000;

const summaryOf = (hearing: HearingRow) =>
  `Hearing: ${hearing.matterName} (${hearing.suitNumber})${hearing.purpose ? ` — ${hearing.purpose}` : ''}`;

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

const octetsOf = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** Anything but printable ASCII (or a tab) is folded character by character, by its UTF-8 octets. */
const NON_ASCII = /[^ -~\t]/;
/** Lines that may be longer than 75 octets (26 characters of up to 3 octets each). */
const MAYBE_LONG = /[^\r\n]{26,}/g;

/** RFC 5545 §3.1: lines of at most 75 octets, continued after CRLF and a space, never inside a character. */
function foldLine(line: string): string {
  if (!NON_ASCII.test(line)) {
    if (line.length <= 75) return line;
    let folded = line.slice(0, 75);
    for (let start = 75; start < line.length; start += 74) folded += `\r\n ${line.slice(start, start + 74)}`;
    return folded;
  }
  let folded = '';
  let octets = 0;
  for (const character of line) {
    const size = octetsOf(character.codePointAt(0)!);
    if (octets + size > 75) {
      folded += '\r\n ';
      octets = 1;
    }
    folded += character;
    octets += size;
  }
  return folded;
}

const foldLines = (text: string) => text.replace(MAYBE_LONG, foldLine);

function eventOf(hearing: HearingRow): ICalEventData {
  const updatedAt = new Date(hearing.updatedAt);
  const common = {
    id: `${hearing.courtUpdateId}@matterhorn`,
    summary: summaryOf(hearing),
    location: locationOf(hearing),
    description: descriptionOf(hearing),
    stamp: updatedAt,
    lastModified: updatedAt,
  };
  if (!hearing.startsAt) return { ...common, start: hearing.date, allDay: true };
  const start = new Date(hearing.startsAt);
  return { ...common, start, end: new Date(start.getTime() + HOUR) };
}

/**
 * The feed calendar apps subscribe to. Each hearing's UID is its court update's id, so editing the
 * court update replaces the event instead of adding one. A timed hearing is written as a UTC
 * instant (the firm's wall-clock time converted in SQL), which every client reads without a
 * VTIMEZONE block; X-WR-TIMEZONE tells apps which zone to show. Without a time it is all-day.
 *
 * ical-generator writes the calendar and each event; the events are folded here, because its own
 * folding of the whole text (a TextEncoder per character) took seconds for a firm's 10,000 hearings.
 */
export function hearingsIcs(firm: { name: string; timeZone: string }, hearings: HearingRow[]): string {
  const calendar = ical({
    name: `Matterhorn court dates — ${firm.name}`,
    prodId: { company: 'Matterhorn', product: 'Court calendar', language: 'EN' },
    ttl: 3600,
    x: { 'X-WR-TIMEZONE': firm.timeZone },
  });
  const events = hearings.map((hearing) => foldLines(calendar.createEvent(eventOf(hearing)).toString()));
  calendar.clear();
  const [head] = calendar.toString().split('END:VCALENDAR');
  return `${head}${events.join('')}END:VCALENDAR`;
}
