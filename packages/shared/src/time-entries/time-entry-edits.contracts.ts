import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { matterRateQuerySchema, timeEntryInputSchema } from './time-entry-input.schemas.ts';
import { matterRateSchema, timeEntrySchema } from './time-entry.schemas.ts';

const base = '/api/admin/time-entry';

/** SPEC.md §7's calls that record, open, change and delete one time entry (the popup and the list's delete). */
export const timeEntryMatterRateRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-time-entry-matter-rate`,
  query: matterRateQuerySchema,
  response: matterRateSchema,
});

export const timeEntryCreateRoute = defineRoute({
  method: 'POST',
  path: base,
  body: timeEntryInputSchema,
  response: timeEntrySchema,
  status: 201,
});

export const timeEntryViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/:id`,
  params: idParamsSchema,
  response: timeEntrySchema,
});

export const timeEntryUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/:id`,
  params: idParamsSchema,
  body: timeEntryInputSchema,
  response: timeEntrySchema,
});

export const timeEntryRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/:id`,
  params: idParamsSchema,
  response: z.null(),
});
