import type { FastifyInstance } from 'fastify';
import { dashboardContracts as contracts, type DashboardSummary } from '@matterhorn/shared';
import { READ_ONLY } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { findPendingRequests } from '../expenses/expenses.api.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { countMattersByBillingType, findDashboardCounts, findRecentMatters } from './dashboard.repository.ts';
import { createFirmKpiService } from './firm-kpis.service.ts';
import { createMyTimeService } from './my-time.service.ts';

const RECENT_MATTERS = 5;
const PENDING_REQUESTS_SHOWN = 5;

export function registerDashboardRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Dashboard']);
  const myTime = createMyTimeService(database);
  const firmKpis = createFirmKpiService(database);

  route(
    contracts.firmKpis,
    {
      access: firmAccess(),
      summary:
        "This month's and the year's billable hours, utilisation, billed, collected, work in progress, receivables and trust held, with the charts' figures",
      description:
        'Each card is the total of the report of the same name (billable-hours, utilisation, work-in-progress, collections, the invoice ' +
        'register’s issued invoices, aged-receivables, trust-listing), run in the same read. With viewSummary the firm’s figures; ' +
        'without, the user’s own hours, utilisation, work in progress and allocated collections, and no firm-wide money (null). Charts: ' +
        'billable hours per week by fee earner (8 weeks), billed and collected by month (12 months) and receivables by age.',
    },
    async (request) => ok('Firm figures', await firmKpis.find(firmPrincipalOf(request))),
  );
  route(
    contracts.summary,
    {
      access: firmAccess(),
      summary: "The firm's headline figures",
      description:
        'Answers the firm’s name, how many active clients, open and closed matters and active team members it has, its open ' +
        'matters by billing type, and the five matters added last.',
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

  route(
    contracts.myTime,
    {
      access: firmAccess('timeEntry'),
      summary:
        "The signed-in user's hours per day this week (Monday to Sunday in the firm's time zone), billable and not, and their unbilled billable time",
      description:
        'Answers each day’s billable and non-billable hours of the current week with the week’s totals, and the user’s billable time ' +
        'of any date not yet on an invoice, in hours and in the firm’s home currency.',
    },
    async (request) => ok('My time', await myTime.find(firmPrincipalOf(request))),
  );

  route(
    contracts.pendingExpenseRequests,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'For an approver: the expense requests waiting for their decision (not their own), the newest few and how many',
      description:
        'Answers how many expense requests await the signed-in user’s approval, never their own, and the first five by latest ' +
        'expense date, with amounts in the firm’s home currency.',
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
