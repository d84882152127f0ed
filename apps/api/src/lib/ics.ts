/**
 * A calendar feed (RFC 5545) written line by line. The feeds carry hearings (an all-day date or a
 * UTC instant), and events and tasks (issue 40: a wall-clock time on a named zone, an RRULE), which this writes
 * directly: ical-generator built an object per event and the text was then folded as a whole,
 * which took about a second for a firm's 15,000 hearings against the feed's 300 ms (issue 17).
 * The output is what ical-generator wrote, property for property, and the tests read it back with
 * ical.js.
 */

export type IcsEvent = {
  uid: string;
  summary: string;
  location: string;
  description: string;
  /** When the event last changed (ISO instant): its DTSTAMP and LAST-MODIFIED. */
  updatedAt: string;
  /**
   * The event's revision (SEQUENCE, RFC 5545 §3.8.7.4), raised with each change so a subscribed
   * calendar replaces the event it holds under the same UID instead of keeping the older one.
   */
  sequence: number;
  /** A cancelled event stays in the feed as STATUS:CANCELLED, so calendars take it away or mark it. */
  isCancelled?: boolean;
  /**
   * An all-day event on a date (YYYY-MM-DD), an instant (ISO) lasting `minutes`, or a wall-clock time
   * in an IANA zone (YYYY-MM-DDTHH:MM, an event that repeats on that clock across daylight saving).
   */
  start: { date: string; days?: number } | { instant: string; minutes: number } | { local: string; timeZone: string; minutes: number };
  /** How it repeats: an RRULE body (RFC 5545 §3.3.10). */
  rrule?: string | null;
  /** An invitation's organizer and attendees (METHOD:REQUEST / CANCEL). */
  organizer?: { name: string; email: string };
  attendees?: { name: string; email: string }[];
  /** A web address for the event (a video link). */
  url?: string | null;
};

export type IcsCalendar = {
  /** The calendar's name in the subscriber's app. */
  name: string;
  /** PRODID's company and product. */
  company: string;
  product: string;
  /** The IANA zone apps should show the times in (X-WR-TIMEZONE). */
  timeZone: string;
  /** How often apps should poll the feed. */
  refreshHours: number;
  /** An invitation sent by email (RFC 5546): REQUEST, or CANCEL for a deleted event. */
  method?: 'REQUEST' | 'CANCEL';
};

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
const NEEDS_ESCAPING = /[\\;,\r\n]/;
const escapeText = (value: string) => (NEEDS_ESCAPING.test(value) ? value.replace(/[\\;,]/g, '\\$&').replace(/\r\n|\r|\n/g, '\\n') : value);

/** Printable ASCII and tab: a character is an octet, so such a line is cut by length alone. */
const ASCII = /^[\t -~]*$/;

/**
 * RFC 5545 §3.1: lines of at most 75 octets (UTF-8), continued after CRLF and a space, never inside
 * a character. Most lines are short or ASCII; the rest are measured character by character.
 */
function foldLine(line: string): string {
  if (line.length <= 25) return line; // 25 characters are at most 75 octets
  if (ASCII.test(line)) {
    if (line.length <= 75) return line;
    let folded = line.slice(0, 75);
    for (let start = 75; start < line.length; start += 74) folded += `\r\n ${line.slice(start, start + 74)}`;
    return folded;
  }
  let folded = '';
  let start = 0;
  let octets = 0;
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    const isPair = code >= 0xd800 && code <= 0xdbff && index + 1 < line.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : isPair ? 4 : 3;
    if (octets + size > 75) {
      folded += `${line.slice(start, index)}\r\n `;
      start = index;
      octets = 1;
    }
    octets += size;
    if (isPair) index++;
  }
  return folded + line.slice(start);
}

/** 2026-12-01T08:30:00.000Z → 20261201T083000Z (a UTC DATE-TIME). */
const utcDateTime = (instant: string) => new Date(instant).toISOString().replace(/[-:]|\.\d+/g, '');
const dateOnly = (date: string) => date.replaceAll('-', '');
/** 2026-12-01T08:30 → 20261201T083000 (a DATE-TIME on a named zone's clock). */
const localDateTime = (local: string) => `${local.replace(/[-:]/g, '')}00`;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A parameter value (CN) quoted, without the characters a quoted value cannot hold. */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

function writeEvent(lines: string[], event: IcsEvent): void {
  const stamp = utcDateTime(event.updatedAt);
  lines.push('BEGIN:VEVENT', foldLine(`UID:${event.uid}`), `SEQUENCE:${event.sequence}`, `DTSTAMP:${stamp}`);
  if ('date' in event.start) {
    lines.push(`DTSTART;VALUE=DATE:${dateOnly(event.start.date)}`);
    if (event.start.days) lines.push(`DTEND;VALUE=DATE:${dateOnly(addDays(event.start.date, event.start.days))}`);
    lines.push('X-MICROSOFT-CDO-ALLDAYEVENT:TRUE', 'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE');
  } else if ('local' in event.start) {
    const end = new Date(Date.parse(`${event.start.local}:00Z`) + event.start.minutes * 60_000).toISOString().slice(0, 16);
    const zone = `TZID=${event.start.timeZone}`;
    lines.push(`DTSTART;${zone}:${localDateTime(event.start.local)}`, `DTEND;${zone}:${localDateTime(end)}`);
  } else {
    const end = new Date(Date.parse(event.start.instant) + event.start.minutes * 60_000).toISOString();
    lines.push(`DTSTART:${utcDateTime(event.start.instant)}`, `DTEND:${utcDateTime(end)}`);
  }
  if (event.rrule) lines.push(foldLine(`RRULE:${event.rrule}`));
  lines.push(foldLine(`SUMMARY:${escapeText(event.summary)}`));
  if (event.organizer) lines.push(foldLine(`ORGANIZER;CN=${quoted(event.organizer.name)}:mailto:${event.organizer.email}`));
  for (const attendee of event.attendees ?? [])
    lines.push(foldLine(`ATTENDEE;CN=${quoted(attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${attendee.email}`));
  if (event.url) lines.push(foldLine(`URL:${event.url}`));
  if (event.isCancelled) lines.push('STATUS:CANCELLED');
  if (event.location) lines.push(foldLine(`LOCATION:${escapeText(event.location)}`));
  if (event.description) lines.push(foldLine(`DESCRIPTION:${escapeText(event.description)}`));
  lines.push(`LAST-MODIFIED:${stamp}`, 'END:VEVENT');
}

export function icsCalendar(calendar: IcsCalendar, events: IcsEvent[]): string {
  const refresh = `PT${calendar.refreshHours}H`;
  const name = escapeText(calendar.name);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${calendar.company}//${calendar.product}//EN`,
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    foldLine(`NAME:${name}`),
    foldLine(`X-WR-CALNAME:${name}`),
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    foldLine(`X-WR-TIMEZONE:${calendar.timeZone}`),
  ];
  for (const event of events) writeEvent(lines, event);
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}
