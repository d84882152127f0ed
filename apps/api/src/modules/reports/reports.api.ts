/**
 * What other modules may use of the report centre: run a report by name inside their own
 * transaction, and the dashboard's quick figures read by the reports' own rules (utilisation, work
 * in progress) from the totals the database keeps.
 */
export { answerReport, runReportIn } from './reports.service.ts';
export { findReportContext } from './report-context.repository.ts';
export { reportDefinitionOf } from './report-list.ts';
export type { ReportContext } from './report-definition.ts';
export { findUtilisationFigures } from './utilisation.report.ts';
export { sumWorkInProgress } from './work-in-progress.repository.ts';
export { hoursText } from './report-figures.ts';
export { verifyAuditChain } from './audit-trail.repository.ts';
