import type { z } from 'zod';
import { reportEntryOf, type ReportAnswer, type RouteContract } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';

/**
 * What every report reads before its own rows: the firm, its today, its home currency, and the
 * names of the records the filters name (for the criteria printed above the table).
 */
export type ReportContext = {
  firmId: string;
  userId: string;
  firmName: string;
  today: string;
  homeCurrencyCode: string;
  timeZone: string;
  names: { feeEarner?: string; client?: string; matter?: string; practiceArea?: string };
};

/** The level, page and size every report's query carries. */
export type ReportPaging = { Level?: 'summary' | 'entries' | undefined; Page?: number | undefined; Size?: number | undefined };

/** The answer before the report centre adds its title: what a report's run returns (a title of its own when the query picks one of several books). */
export type ReportBody = Omit<ReportAnswer, 'title'> & { title?: string };

/**
 * A report of the report centre: its route (from the shared contract), who may read it, its file
 * name, and how it answers a query. run reads only (the route's transaction is read-only).
 */
export type ReportDefinition<C extends RouteContract & { query: z.ZodType }> = {
  contract: C;
  permission: 'Reports' | 'viewReportsAuditTrail';
  name: string;
  title: string;
  summary: string;
  // A method, so the report centre can hold reports of different queries in one list.
  run(tx: Tx, context: ReportContext, query: z.output<C['query']>): Promise<ReportBody>;
};

/** The query fields every report's contract has (reportQueryBase): what the report centre's routes read. */
type ReportQueryFields = {
  format?: 'json' | 'csv' | 'pdf' | undefined;
  Level?: 'summary' | 'entries' | undefined;
  Page?: number | undefined;
  Size?: number | undefined;
};

/** Any report of the report centre, whatever its own filters. */
export type AnyReportDefinition = ReportDefinition<RouteContract & { query: z.ZodType<ReportQueryFields> }>;

/**
 * Declares a report: its contract, its name and how it runs; its title, summary and permission are
 * its entry in the shared catalogue (REPORTS), which the web lists, so the two are said once.
 */
export function defineReport<C extends RouteContract & { query: z.ZodType }>(
  definition: Omit<ReportDefinition<C>, 'title' | 'summary' | 'permission'>,
): ReportDefinition<C> {
  const entry = reportEntryOf(definition.name);
  if (!entry) throw new Error(`The report ${definition.name} is not in the shared catalogue (REPORTS)`);
  return { ...definition, title: entry.title, summary: entry.summary, permission: entry.permission };
}

export const DEFAULT_ENTRIES_PAGE_SIZE = 100;

/** The page of entries a query asks for: page 1 of 100 unless it says otherwise. */
export const entriesPageOf = (query: ReportPaging) => {
  const size = query.Size ?? DEFAULT_ENTRIES_PAGE_SIZE;
  const page = query.Page ?? 1;
  return { page, size, offset: (page - 1) * size };
};

/**
 * A summary as the screen shows it: its rows a page at a time (a year of a large firm is tens of
 * thousands of matter and fee-earner rows, megabytes no browser should draw at once), its totals and
 * checks over them all. The CSV and PDF hold the whole table.
 */
export function summaryPageOf(answer: ReportAnswer, query: ReportPaging): ReportAnswer {
  // A report that read only the page (a statutory book) has paged itself.
  if (answer.level !== 'summary' || answer.page) return answer;
  const page = entriesPageOf(query);
  return {
    ...answer,
    rows: answer.rows.slice(page.offset, page.offset + page.size),
    page: { page: page.page, size: page.size, totalCount: answer.rows.length },
  };
}
