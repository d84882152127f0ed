import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  timeEntryCreateRoute,
  timeEntryMatterRateRoute,
  timeEntryRemoveRoute,
  timeEntryUpdateRoute,
  timeEntryViewRoute,
} from './time-entry-edits.contracts.ts';
import {
  timeEntryListQuerySchema,
  timeEntryPageSchema,
  timeEntryTotalsSchema,
  timerRequestSchema,
  timerTotalSchema,
} from './time-entry.schemas.ts';

const base = '/api/admin/time-entry';

/**
 * SPEC.md §7's time-entry list and timer calls: the firm shell loads these on every page (the
 * header timer, the billable pre-fetch); the popup's calls are in time-entry-edits.contracts.ts.
 */
export const timeEntryListRoute = defineRoute({
  method: 'GET',
  path: base,
  query: timeEntryListQuerySchema,
  response: timeEntryPageSchema,
});

export const timeEntryTotalsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-totals`,
  query: timeEntryListQuerySchema,
  response: timeEntryTotalsSchema,
});

export const timeEntryContracts = {
  list: timeEntryListRoute,
  totals: timeEntryTotalsRoute,
  matterRate: timeEntryMatterRateRoute,
  create: timeEntryCreateRoute,
  view: timeEntryViewRoute,
  update: timeEntryUpdateRoute,
  remove: timeEntryRemoveRoute,
};

const timerBase = '/api/admin/time-entry-log';
/** SPEC.md §7: the timer calls may also be sent without a body. */
const timerBody = timerRequestSchema.nullish();

/** SPEC.md §7's four timer calls; each acts on the signed-in user's own timer. */
export const timerTotalRoute = defineRoute({
  method: 'POST',
  path: `${timerBase}/get-total-hours`,
  body: timerBody,
  response: timerTotalSchema,
});

export const timerStartRoute = defineRoute({
  method: 'POST',
  path: `${timerBase}/start-entry`,
  body: timerBody,
  response: timerTotalSchema,
});

export const timerPauseRoute = defineRoute({
  method: 'POST',
  path: `${timerBase}/pause-entry`,
  body: timerBody,
  response: timerTotalSchema,
});

export const timerResetRoute = defineRoute({
  method: 'POST',
  path: `${timerBase}/delete-time-entry-logs`,
  body: timerBody,
  response: z.null(),
});

export const timerContracts = {
  total: timerTotalRoute,
  start: timerStartRoute,
  pause: timerPauseRoute,
  reset: timerResetRoute,
};
