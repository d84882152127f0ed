import { workInProgressReport } from './work-in-progress.report.ts';

/** Every report of the report centre, in the order the centre lists them (the shared REPORTS catalogue's). */
export const REPORT_DEFINITIONS = [workInProgressReport] as const;

export type AnyReportDefinition = (typeof REPORT_DEFINITIONS)[number];

/** A report by its name (its address under /api/admin/reports/). */
export const reportDefinitionOf = (name: string): AnyReportDefinition | undefined =>
  REPORT_DEFINITIONS.find((report) => report.name === name);
