import { defineRoute } from '../common/route-contract.ts';
import { addTimerSchema, timerListSchema, timerParamsSchema } from './timers.schemas.ts';

const base = '/api/admin/time-entry-log';

/**
 * Several timers (issue 44), beside SPEC.md §7's four calls, which act on the current one. Every
 * change answers the caller's timers as they now stand.
 */
export const timerListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-timers`,
  response: timerListSchema,
});

export const timerAddRoute = defineRoute({
  method: 'POST',
  path: `${base}/add-timer`,
  body: addTimerSchema,
  response: timerListSchema,
  status: 201,
});

export const timerSwitchRoute = defineRoute({
  method: 'POST',
  path: `${base}/switch-timer/:id`,
  params: timerParamsSchema,
  response: timerListSchema,
});

export const timerRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-timer/:id`,
  params: timerParamsSchema,
  response: timerListSchema,
});

export const timersContracts = {
  list: timerListRoute,
  add: timerAddRoute,
  switch: timerSwitchRoute,
  remove: timerRemoveRoute,
};
