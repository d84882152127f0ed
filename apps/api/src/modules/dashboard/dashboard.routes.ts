import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummarySchema, firmScopeQuerySchema, type DashboardSummary } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { countMattersByBillingType, findDashboardCounts, findRecentMatters } from './dashboard.repository.ts';

const RECENT_MATTERS = 5;

export function registerDashboardRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
}
