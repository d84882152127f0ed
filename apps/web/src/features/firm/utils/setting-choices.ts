import { DATE_FORMATS, isoToDocumentDate } from '@matterhorn/shared';

export type Choice = { value: string; label: string };

/** A length of time in hours as people say it: '8 h', '24 h', '3 days'. */
export function hoursLabel(hours: number): string {
  return hours > 24 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} h`;
}

/** A length of time in minutes as people say it: '15 min', '1 h', '24 h'. */
export function minutesLabel(minutes: number): string {
  return minutes % 60 === 0 ? hoursLabel(minutes / 60) : `${minutes} min`;
}

const IDLE_TIMEOUT_MINUTES = [15, 30, 60, 120, 240, 480, 720, 1440];
const DEFAULT_IDLE_TIMEOUT_MINUTES = 480;
const MAX_SESSION_HOURS = [8, 12, 24, 72, 168, 336, 720];
const DEFAULT_MAX_SESSION_HOURS = 12;

/**
 * The listed lengths, in order, with the firm's stored one among them when it is not listed (set
 * through the API), so the control never shows blank for a real setting.
 */
function lengthChoices(listed: number[], fallback: number, stored: string, labelOf: (value: number) => string): Choice[] {
  const current = Number(stored);
  const values = Number.isInteger(current) && current > 0 && !listed.includes(current) ? [...listed, current] : listed;
  return [...values]
    .sort((left, right) => left - right)
    .map((value) => ({ value: String(value), label: value === fallback ? `${labelOf(value)} (default)` : labelOf(value) }));
}

export const idleTimeoutChoices = (stored: string): Choice[] =>
  lengthChoices(IDLE_TIMEOUT_MINUTES, DEFAULT_IDLE_TIMEOUT_MINUTES, stored, minutesLabel);

export const maxSessionChoices = (stored: string): Choice[] =>
  lengthChoices(MAX_SESSION_HOURS, DEFAULT_MAX_SESSION_HOURS, stored, hoursLabel);

/** A day whose day and month cannot be mistaken for each other, to show what each format prints. */
const SAMPLE_DATE = '2026-01-31';

export const DATE_FORMAT_CHOICES: Choice[] = DATE_FORMATS.map((format) => ({
  value: format,
  label: `${format} (${isoToDocumentDate(SAMPLE_DATE, format)})`,
}));

/** A list of names with the stored one kept when the list lacks it (an older or hand-set value). */
export function namesWith(names: string[], stored: string): string[] {
  return stored === '' || names.includes(stored) ? names : [stored, ...names];
}
