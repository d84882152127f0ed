import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { firmScopeQuerySchema } from '../common/fields.ts';
import { customFieldListQuerySchema, customFieldSchema } from '../clients/client.schemas.ts';
import { activityTypeSchema, practiceAreaSchema } from './reference-data.schemas.ts';

/**
 * The lists many forms pick from, apart from the settings pages' contracts: a page with a dropdown
 * should not load the settings forms' schemas.
 */

export const activityTypeListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/activity/get-activity-type',
  query: firmScopeQuerySchema,
  response: z.array(activityTypeSchema),
});

export const practiceAreaListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/practice-area/get-practice-areas',
  query: firmScopeQuerySchema,
  response: z.array(practiceAreaSchema),
});

export const customFieldListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/custom-field/get-custom-fields',
  query: customFieldListQuerySchema,
  response: z.array(customFieldSchema),
});
