import { agedReceivablesReport } from './aged-receivables.report.ts';
import { auditTrailReport } from './audit-trail.report.ts';
import { billableHoursReport } from './billable-hours.report.ts';
import { collectionsReport } from './collections.report.ts';
import { expenseReport } from './expense-report.report.ts';
import { invoiceRegisterReport } from './invoice-register.report.ts';
import { leadsReport } from './leads.report.ts';
import { matterProfitabilityReport } from './matter-profitability.report.ts';
import { realisationReport } from './realisation.report.ts';
import { statutoryBooksReport } from './statutory-books.report.ts';
import { trustListingReport } from './trust-listing.report.ts';
import { utilisationReport } from './utilisation.report.ts';
import { workInProgressReport } from './work-in-progress.report.ts';
import type { AnyReportDefinition } from './report-definition.ts';

/** Every report of the report centre, in the order the centre lists them (the shared REPORTS catalogue's). */
export const REPORT_DEFINITIONS: readonly AnyReportDefinition[] = [
  workInProgressReport,
  agedReceivablesReport,
  collectionsReport,
  invoiceRegisterReport,
  billableHoursReport,
  utilisationReport,
  realisationReport,
  matterProfitabilityReport,
  trustListingReport,
  statutoryBooksReport,
  expenseReport,
  leadsReport,
  auditTrailReport,
];

export type { AnyReportDefinition };

/** A report by its name (its address under /api/admin/reports/). */
export const reportDefinitionOf = (name: string): AnyReportDefinition | undefined =>
  REPORT_DEFINITIONS.find((report) => report.name === name);
