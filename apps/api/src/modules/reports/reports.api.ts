/**
 * What other modules may use of the report centre: run a report by name inside their own
 * transaction (the dashboard's figures are the reports' own totals, so the two never disagree).
 */
export { answerReport, runReportIn } from './reports.service.ts';
export { findReportContext } from './report-context.repository.ts';
export { reportDefinitionOf } from './report-list.ts';
export type { ReportContext } from './report-definition.ts';
