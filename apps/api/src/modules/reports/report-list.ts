import { workInProgressReport } from './work-in-progress.report.ts';

/** Every report of the report centre, in the order the centre lists them (the shared REPORTS catalogue's). */
export const REPORT_DEFINITIONS = [workInProgressReport] as const;
