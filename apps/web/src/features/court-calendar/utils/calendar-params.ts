import { isValidIsoDate } from '@matterhorn/shared';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** Whose calendar: the member's own (events they attend or made, their tasks, their matters' court dates) or the firm's. */
export type CalendarScope = 'mine' | 'firm';
/** The court-date feed and filters speak of hearings; the scope is the same pair. */
export type HearingScope = CalendarScope;

/** What the calendar shows, each of which can be hidden. */
export const CALENDAR_ITEM_KINDS = ['hearing', 'task', 'event'] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];

/** The calendar as the URL holds it: a reload or a shared link shows the same range, filters and open event. */
export type CalendarParams = {
  /** Null until the user picks one: phones then get the agenda, wider screens the month. */
  view: CalendarView | null;
  /** ISO date the view is anchored on; null is today. */
  date: string | null;
  /** Null until the user picks one: the firm's when allowed, else their own. */
  scope: CalendarScope | null;
  feeEarnerId: string;
  courtId: string;
  /** The kinds switched off (court dates, tasks, events); none by default. */
  hidden: CalendarItemKind[];
  /** The event whose form is open; '' when none. */
  eventId: string;
};

export type CalendarParamChanges = Partial<
  Record<'view' | 'date' | 'scope' | 'feeEarnerId' | 'courtId' | 'hidden' | 'eventId', string | null>
>;

const PARAM_NAMES = {
  view: 'view',
  date: 'date',
  scope: 'scope',
  feeEarnerId: 'feeEarner',
  courtId: 'court',
  hidden: 'hide',
  eventId: 'event',
} as const;

export function readCalendarParams(search: URLSearchParams): CalendarParams {
  const view = search.get(PARAM_NAMES.view);
  const date = search.get(PARAM_NAMES.date);
  const scope = search.get(PARAM_NAMES.scope);
  const hidden = (search.get(PARAM_NAMES.hidden) ?? '').split(',');
  return {
    view: CALENDAR_VIEWS.find((known) => known === view) ?? null,
    date: date && isValidIsoDate(date) ? date : null,
    scope: scope === 'mine' || scope === 'firm' ? scope : null,
    feeEarnerId: search.get(PARAM_NAMES.feeEarnerId) ?? '',
    courtId: search.get(PARAM_NAMES.courtId) ?? '',
    hidden: CALENDAR_ITEM_KINDS.filter((kind) => hidden.includes(kind)),
    eventId: search.get(PARAM_NAMES.eventId) ?? '',
  };
}

/** The `hide` parameter's value for these hidden kinds ('' when every kind shows). */
export const hiddenKindsParam = (hidden: CalendarItemKind[]) => CALENDAR_ITEM_KINDS.filter((kind) => hidden.includes(kind)).join(',');

/** The URL after `changes`; an empty or null value drops its parameter. */
export function withCalendarParams(search: URLSearchParams, changes: CalendarParamChanges): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes) as [keyof CalendarParamChanges, string | null | undefined][]) {
    if (value) next.set(PARAM_NAMES[key], value);
    else next.delete(PARAM_NAMES[key]);
  }
  return next;
}
