import { icsCalendar, type IcsEvent } from '../../lib/ics.ts';
import type { PortalHearingRow } from './portal-calendar.repository.ts';

const eventOf = (hearing: PortalHearingRow): IcsEvent => ({
  uid: `${hearing.courtUpdateId}@matterhorn-portal`,
  summary: `${hearing.isCancelled ? 'Hearing (cancelled)' : 'Hearing'}: ${hearing.matterName}${hearing.purpose ? ` — ${hearing.purpose}` : ''}`,
  location: hearing.court,
  description: [`Court: ${hearing.court}`, `Suit number: ${hearing.suitNumber}`, `Matter: ${hearing.matterName}`]
    .concat(hearing.purpose ? [`Purpose: ${hearing.purpose}`] : [])
    .join('\n'),
  updatedAt: hearing.updatedAt,
  sequence: hearing.sequence,
  isCancelled: hearing.isCancelled,
  start: hearing.startsAt ? { instant: hearing.startsAt, minutes: 60 } : { date: hearing.date },
});

/**
 * The client's feed: their hearings as the firm shared them (no fee earners, no internal notes).
 * Each event's UID is its court update's and its SEQUENCE the update's revision, so a changed date
 * replaces the event and a cancelled one is sent as cancelled; a timed hearing is
 * a UTC instant (converted in SQL from the firm's wall clock), an untimed one is all-day.
 */
export const portalHearingsIcs = (firm: { firmName: string; timeZone: string }, hearings: PortalHearingRow[]): string =>
  icsCalendar(
    { name: `Court dates — ${firm.firmName}`, company: 'Matterhorn', product: 'Client portal', timeZone: firm.timeZone, refreshHours: 1 },
    hearings.map(eventOf),
  );
