import { defineRoute } from '../common/route-contract.ts';
import { firmScopeQuerySchema } from '../common/fields.ts';
import { dashboardSummarySchema, myTimeSchema, pendingExpenseRequestsSchema } from './dashboard.schemas.ts';
import { firmKpisSchema } from './firm-kpis.schemas.ts';

const base = '/api/admin/dashboard';

export const dashboardSummaryRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-dashboard-summary`,
  query: firmScopeQuerySchema,
  response: dashboardSummarySchema,
});

export const dashboardMyTimeRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-my-time`,
  query: firmScopeQuerySchema,
  response: myTimeSchema,
});

export const dashboardPendingExpenseRequestsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-pending-expense-requests`,
  query: firmScopeQuerySchema,
  response: pendingExpenseRequestsSchema,
});

export const dashboardFirmKpisRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-firm-kpis`,
  query: firmScopeQuerySchema,
  response: firmKpisSchema,
});

export const dashboardContracts = {
  firmKpis: dashboardFirmKpisRoute,
  summary: dashboardSummaryRoute,
  myTime: dashboardMyTimeRoute,
  pendingExpenseRequests: dashboardPendingExpenseRequestsRoute,
};
