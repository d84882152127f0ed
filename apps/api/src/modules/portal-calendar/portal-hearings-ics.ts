import ical, { type ICalEventData } from 'ical-generator';
import type { PortalHearingRow } from './portal-calendar.repository.ts';

const HOUR = 3_600_000;

function eventOf(hearing: PortalHearingRow): ICalEventData {
  const updatedAt = new Date(hearing.updatedAt);
  const common = {
    id: `${hearing.courtUpdateId}@matterhorn-portal`,
    summary: `Hearing: ${hearing.matterName}${hearing.purpose ? ` — ${hearing.purpose}` : ''}`,
    location: hearing.court,
    description: [`Court: ${hearing.court}`, `Suit number: ${hearing.suitNumber}`, `Matter: ${hearing.matterName}`]
      .concat(hearing.purpose ? [`Purpose: ${hearing.purpose}`] : [])
      .join('\n'),
    stamp: updatedAt,
    lastModified: updatedAt,
  };
  if (!hearing.startsAt) return { ...common, start: hearing.date, allDay: true };
  const start = new Date(hearing.startsAt);
  return { ...common, start, end: new Date(start.getTime() + HOUR) };
}

/**
 * The client's feed: their hearings as the firm shared them (no fee earners, no internal notes).
 * Each event's UID is its court update's, so a changed date replaces the event; a timed hearing is
 * a UTC instant (converted in SQL from the firm's wall clock), an untimed one is all-day.
 */
export function portalHearingsIcs(firm: { firmName: string; timeZone: string }, hearings: PortalHearingRow[]): string {
  const calendar = ical({
    name: `Court dates — ${firm.firmName}`,
    prodId: { company: 'Matterhorn', product: 'Client portal', language: 'EN' },
    ttl: 3600,
    x: { 'X-WR-TIMEZONE': firm.timeZone },
  });
  for (const hearing of hearings) calendar.createEvent(eventOf(hearing));
  return calendar.toString();
}
