import { isValidIsoDate } from '@matterhorn/shared';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export type HearingScope = 'mine' | 'firm';

/** The calendar as the URL holds it: a reload or a shared link shows the same range and filters. */
export type CalendarParams = {
  /** Null until the user picks one: phones then get the agenda, wider screens the month. */
  view: CalendarView | null;
  /** ISO date the view is anchored on; null is today. */
  date: string | null;
  /** Null until the user picks one: the firm's when allowed, else their own. */
  scope: HearingScope | null;
  feeEarnerId: string;
  courtId: string;
};

export type CalendarParamChanges = Partial<Record<'view' | 'date' | 'scope' | 'feeEarnerId' | 'courtId', string | null>>;

const PARAM_NAMES = { view: 'view', date: 'date', scope: 'scope', feeEarnerId: 'feeEarner', courtId: 'court' } as const;

export function readCalendarParams(search: URLSearchParams): CalendarParams {
  const view = search.get(PARAM_NAMES.view);
  const date = search.get(PARAM_NAMES.date);
  const scope = search.get(PARAM_NAMES.scope);
  return {
    view: CALENDAR_VIEWS.find((known) => known === view) ?? null,
    date: date && isValidIsoDate(date) ? date : null,
    scope: scope === 'mine' || scope === 'firm' ? scope : null,
    feeEarnerId: search.get(PARAM_NAMES.feeEarnerId) ?? '',
    courtId: search.get(PARAM_NAMES.courtId) ?? '',
  };
}

/** The URL after `changes`; an empty or null value drops its parameter. */
export function withCalendarParams(search: URLSearchParams, changes: CalendarParamChanges): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes) as [keyof CalendarParamChanges, string | null | undefined][]) {
    if (value) next.set(PARAM_NAMES[key], value);
    else next.delete(PARAM_NAMES[key]);
  }
  return next;
}
