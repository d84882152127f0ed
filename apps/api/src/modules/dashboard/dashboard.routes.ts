import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummarySchema, firmScopeQuerySchema, myTimeSchema, type DashboardSummary } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { countMattersByBillingType, findDashboardCounts, findRecentMatters } from './dashboard.repository.ts';
import { createMyTimeService } from './my-time.service.ts';

const RECENT_MATTERS = 5;

export function registerDashboardRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const myTime = createMyTimeService(database);
  api.get(
    '/api/admin/dashboard/get-dashboard-summary',
    {
      config: { access: firmAccess() },
      schema: {
        tags: ['Dashboard'],
        summary: "The firm's headline figures",
        querystring: firmScopeQuerySchema,
        response: answers(dashboardSummarySchema),
      },
    },
    async (request) => {
      const { firmId } = firmPrincipalOf(request);
      const summary = await database.withFirm(firmId, async (tx): Promise<DashboardSummary> => {
        const counts = await findDashboardCounts(tx, firmId);
        if (!counts) throw notFound('Firm');
        return {
          ...counts,
          mattersByBillingType: await countMattersByBillingType(tx, firmId),
          recentMatters: await findRecentMatters(tx, firmId, RECENT_MATTERS),
        };
      });
      return ok('Dashboard', summary);
    },
  );

  api.get(
    '/api/admin/dashboard/get-my-time',
    {
      config: { access: firmAccess('timeEntry') },
      schema: {
        tags: ['Dashboard'],
        summary:
          "The signed-in user's hours per day this week (Monday to Sunday in the firm's time zone), billable and not, and their unbilled billable time",
        querystring: firmScopeQuerySchema,
        response: answers(myTimeSchema),
      },
    },
    async (request) => ok('My time', await myTime.find(firmPrincipalOf(request))),
  );
}
