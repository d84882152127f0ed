/**
 * The report centre's reports (issue 37): the address of each (`/api/admin/reports/<name>` and
 * `/reports/<name>`), its title, what it answers, who may read it, and the filters it offers. The
 * server registers a route per entry and the web lists and filters them from this one table.
 */
export const REPORT_FILTERS = ['dateRange', 'asOfDate', 'feeEarner', 'client', 'matter', 'practiceArea', 'currency', 'status'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export type ReportEntry = {
  name: string;
  title: string;
  summary: string;
  permission: 'Reports' | 'viewReportsAuditTrail';
  filters: readonly ReportFilter[];
  /** The choices of the Status filter, when the report has one. */
  statuses?: readonly string[];
};

export const REPORTS = [
  {
    name: 'work-in-progress',
    title: 'Work in progress',
    summary: 'Unbilled billable time, expenses and flat fees by matter and fee earner, aged by activity date.',
    permission: 'Reports',
    filters: ['dateRange', 'feeEarner', 'client', 'matter', 'practiceArea'],
  },
] as const satisfies readonly ReportEntry[];

export type ReportName = (typeof REPORTS)[number]['name'];

export const reportEntryOf = (name: string): ReportEntry | undefined => REPORTS.find((report) => report.name === name);
