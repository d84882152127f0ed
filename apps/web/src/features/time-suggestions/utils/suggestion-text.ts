import { describeWorkActivity, isoToDisplayDate, type TimeSuggestion } from '@matterhorn/shared';

/** "MAT-00001 — Lease dispute", or the name alone for a matter without a number. */
export const matterLabel = (suggestion: Pick<TimeSuggestion, 'matterNumber' | 'matterName'>) =>
  suggestion.matterNumber ? `${suggestion.matterNumber} — ${suggestion.matterName}` : suggestion.matterName;

/** Decimal hours as a person reads them: "0.3000" → "0.3 h". */
export const hoursText = (hours: string) => `${String(Number(hours))} h`;

/** "Reviewed Lease v3.pdf · 12 min": what one action adds. */
export function actionLine(action: TimeSuggestion['actions'][number]): string {
  const phrase = describeWorkActivity(action.kind, action.subject);
  const minutes = Math.round(action.seconds / 60);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${minutes > 0 ? ` · ${minutes} min` : ''}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Friday 27/11/2026": a day's heading (the weekday of the calendar date itself, not of a time zone). */
export const dayHeading = (isoDate: string) => `${WEEKDAYS[new Date(`${isoDate}T00:00:00Z`).getUTCDay()]} ${isoToDisplayDate(isoDate)}`;

/** The ISO date a number of days from another, by the calendar. */
export const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
