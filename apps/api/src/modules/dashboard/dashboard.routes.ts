import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardSummarySchema,
  firmScopeQuerySchema,
  myTimeSchema,
  pendingExpenseRequestsSchema,
  type DashboardSummary,
} from '@matterhorn/shared';
import { READ_ONLY } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { findPendingRequests } from '../expenses/expenses.api.ts';
import { notFound } from '../../lib/errors.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { countMattersByBillingType, findDashboardCounts, findRecentMatters } from './dashboard.repository.ts';
import { createMyTimeService } from './my-time.service.ts';

const RECENT_MATTERS = 5;
const PENDING_REQUESTS_SHOWN = 5;

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

  api.get(
    '/api/admin/dashboard/get-pending-expense-requests',
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags: ['Dashboard'],
        summary: 'For an approver: the expense requests waiting for their decision (not their own), the newest few and how many',
        querystring: firmScopeQuerySchema,
        response: answers(pendingExpenseRequestsSchema),
      },
    },
    async (request) => {
      const { firmId, userId } = firmPrincipalOf(request);
      const pending = await database.withFirm(firmId, (tx) => findPendingRequests(tx, firmId, userId, PENDING_REQUESTS_SHOWN), READ_ONLY);
      return ok('Pending expense requests', {
        count: pending.count,
        requests: pending.rows.map((row) => ({
          ...row,
          addedByUserName: row.addedByUserName ?? '',
          createdAt: new Date(row.createdAt).toISOString(),
        })),
      });
    },
  );
}
