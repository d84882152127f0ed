import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { customFieldInputSchema, customFieldSchema } from '../clients/client.schemas.ts';
import { exchangeRateEntrySchema, exchangeRateInputSchema } from './exchange-rate.schemas.ts';
import {
  activityTypeInputSchema,
  activityTypeSchema,
  firmProfileInputSchema,
  firmProfileSchema,
  practiceAreaInputSchema,
  practiceAreaSchema,
} from './reference-data.schemas.ts';
import { currencyListRoute } from '../firm/currency.contracts.ts';
import { exchangeRateOnDateRoute } from './exchange-rate.contracts.ts';
import { activityTypeListRoute, customFieldListRoute, practiceAreaListRoute } from './reference-lookups.contracts.ts';

/** The activity-type and exchange-rate routes' own `:id` message, kept as the server has always answered it. */
const validIdParamsSchema = z.object({ id: z.uuid({ error: 'Id must be a valid id' }).describe('The record’s id (a UUID).') });

/** Answers 200, not 201, as it always has. */
export const activityTypeCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/activity/create-activity-type',
  body: activityTypeInputSchema,
  response: activityTypeSchema,
});

export const activityTypeUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/activity/update-activity-type/:id',
  params: validIdParamsSchema,
  body: activityTypeInputSchema,
  response: activityTypeSchema,
});

export const activityTypeRemoveRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/activity/delete-activity-type/:id',
  params: validIdParamsSchema,
  response: z.null(),
});

export const practiceAreaCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/practice-area/create-practice-area',
  body: practiceAreaInputSchema,
  response: practiceAreaSchema,
  status: 201,
});

export const practiceAreaUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/practice-area/update-practice-area/:id',
  params: idParamsSchema,
  body: practiceAreaInputSchema,
  response: practiceAreaSchema,
});

export const practiceAreaRemoveRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/practice-area/delete-practice-area/:id',
  params: idParamsSchema,
  response: z.null(),
});

export const customFieldCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/custom-field/create-custom-field',
  body: customFieldInputSchema,
  response: customFieldSchema,
  status: 201,
});

export const customFieldUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/custom-field/update-custom-field/:id',
  params: idParamsSchema,
  body: customFieldInputSchema,
  response: customFieldSchema,
});

export const customFieldRemoveRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/custom-field/delete-custom-field/:id',
  params: idParamsSchema,
  response: z.null(),
});

export const exchangeRateListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/business/get-exchange-rates',
  response: z.array(exchangeRateEntrySchema),
});

/** Setting the same currency and date again replaces the rate, so it answers 200. */
export const exchangeRateSetRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/business/set-exchange-rate',
  body: exchangeRateInputSchema,
  response: exchangeRateEntrySchema,
});

export const exchangeRateRemoveRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/business/delete-exchange-rate/:id',
  params: validIdParamsSchema,
  response: z.null(),
});

export const firmProfileRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/business/get-firm-profile',
  response: firmProfileSchema,
});

export const firmProfileUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/business/update-firm-profile',
  body: firmProfileInputSchema,
  response: firmProfileSchema,
});

export const currencyContracts = { list: currencyListRoute };

export const activityTypeContracts = {
  list: activityTypeListRoute,
  create: activityTypeCreateRoute,
  update: activityTypeUpdateRoute,
  remove: activityTypeRemoveRoute,
};

export const practiceAreaContracts = {
  list: practiceAreaListRoute,
  create: practiceAreaCreateRoute,
  update: practiceAreaUpdateRoute,
  remove: practiceAreaRemoveRoute,
};

export const customFieldContracts = {
  list: customFieldListRoute,
  create: customFieldCreateRoute,
  update: customFieldUpdateRoute,
  remove: customFieldRemoveRoute,
};

export const exchangeRateContracts = {
  onDate: exchangeRateOnDateRoute,
  list: exchangeRateListRoute,
  set: exchangeRateSetRoute,
  remove: exchangeRateRemoveRoute,
};

export const firmProfileContracts = {
  view: firmProfileRoute,
  update: firmProfileUpdateRoute,
};
