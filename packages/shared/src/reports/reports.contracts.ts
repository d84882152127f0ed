import type { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { agedReceivablesReportQuerySchema } from './aged-receivables-report.schemas.ts';
import { collectionsQuerySchema } from './collections.schemas.ts';
import { invoiceRegisterQuerySchema } from './invoice-register.schemas.ts';
import { reportAnswerSchema } from './report.schemas.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  reportPresetInputSchema,
  reportPresetListSchema,
  reportPresetQuerySchema,
  reportPresetSchema,
  reportScheduleInputSchema,
} from './report-preset.schemas.ts';
import { auditChainVerificationSchema, auditTrailQuerySchema } from './audit-trail.schemas.ts';
import { firmScopeQuerySchema } from '../common/fields.ts';

import { billableHoursQuerySchema } from './billable-hours.schemas.ts';
import { matterProfitabilityQuerySchema } from './matter-profitability.schemas.ts';
import { realisationQuerySchema } from './realisation.schemas.ts';
import { utilisationQuerySchema } from './utilisation.schemas.ts';
import { workInProgressQuerySchema } from './work-in-progress.schemas.ts';
import { trustListingQuerySchema } from './trust-listing.schemas.ts';
import { expenseReportQuerySchema } from './expense-report.schemas.ts';
import { statutoryBooksQuerySchema } from './statutory-books.schemas.ts';
import { leadReportQuerySchema } from '../leads/lead-report.schemas.ts';

export const REPORTS_BASE = '/api/admin/reports';

/** A report's route: GET /api/admin/reports/<name>, its own query, the one answer every report gives. */
const reportRoute = <const Name extends string, Query extends z.ZodType>(name: Name, query: Query) =>
  defineRoute({ method: 'GET', path: `${REPORTS_BASE}/${name}` as `${typeof REPORTS_BASE}/${Name}`, query, response: reportAnswerSchema });

export const reportContracts = {
  workInProgress: reportRoute('work-in-progress', workInProgressQuerySchema),
  auditTrail: reportRoute('audit-trail', auditTrailQuerySchema),
  agedReceivables: reportRoute('aged-receivables', agedReceivablesReportQuerySchema),
  collections: reportRoute('collections', collectionsQuerySchema),
  invoiceRegister: reportRoute('invoice-register', invoiceRegisterQuerySchema),
  trustListing: reportRoute('trust-listing', trustListingQuerySchema),
  expenseReport: reportRoute('expense-report', expenseReportQuerySchema),
  statutoryBooks: reportRoute('statutory-books', statutoryBooksQuerySchema),
  billableHours: reportRoute('billable-hours', billableHoursQuerySchema),
  utilisation: reportRoute('utilisation', utilisationQuerySchema),
  realisation: reportRoute('realisation', realisationQuerySchema),
  matterProfitability: reportRoute('matter-profitability', matterProfitabilityQuerySchema),
  leads: reportRoute('leads', leadReportQuerySchema),
};

/** Walks the firm's tamper-evident audit chain and names the first record that does not hold (issue 39). */
export const auditChainVerifyRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/audit/verify',
  query: firmScopeQuerySchema,
  response: auditChainVerificationSchema,
});

export const reportPresetContracts = {
  presets: defineRoute({
    method: 'GET',
    path: `${REPORTS_BASE}/get-presets`,
    query: reportPresetQuerySchema,
    response: reportPresetListSchema,
  }),
  savePreset: defineRoute({
    method: 'POST',
    path: `${REPORTS_BASE}/save-preset`,
    body: reportPresetInputSchema,
    response: reportPresetSchema,
  }),
  schedulePreset: defineRoute({
    method: 'POST',
    path: `${REPORTS_BASE}/schedule-preset/:id`,
    params: idParamsSchema,
    body: reportScheduleInputSchema,
    response: reportPresetSchema,
  }),
  sendPreset: defineRoute({
    method: 'POST',
    path: `${REPORTS_BASE}/send-preset/:id`,
    params: idParamsSchema,
    response: reportPresetSchema,
  }),
  deletePreset: defineRoute({
    method: 'POST',
    path: `${REPORTS_BASE}/delete-preset/:id`,
    params: idParamsSchema,
    response: reportPresetSchema,
  }),
};
