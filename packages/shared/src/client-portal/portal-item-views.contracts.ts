import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { portalItemViewSchema, portalItemViewsQuerySchema } from './portal-calendar.schemas.ts';

/** The firm's read of when its clients opened what it shared (on a shared item's page). */
export const portalItemViewsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/client-portal/get-client-views',
  query: portalItemViewsQuerySchema,
  response: z.array(portalItemViewSchema),
});

export const portalItemViewContracts = { list: portalItemViewsRoute };
