import {
  isoToDisplayDate,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadSource,
  type ReportAnswer,
  type ReportColumn,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { countLeads, countLeadsBySourceAndStatus, findDaysToEngagement } from './lead-report.repository.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'source', label: 'Source', kind: 'text', drill: null },
  { key: 'leads', label: 'Leads', kind: 'count', drill: null },
  { key: 'new', label: 'New', kind: 'count', drill: null },
  { key: 'contacted', label: 'Contacted', kind: 'count', drill: null },
  { key: 'consultationBooked', label: 'Consultation booked', kind: 'count', drill: null },
  { key: 'engaged', label: 'Engaged', kind: 'count', drill: null },
  { key: 'notEngaged', label: 'Not engaged', kind: 'count', drill: null },
  { key: 'conversionRate', label: 'Conversion rate', kind: 'percent', drill: null },
  { key: 'medianDays', label: 'Median days to engagement', kind: 'count', drill: null },
];

/** engaged ÷ leads × 100, half-up to one decimal, in integers; null when there were no leads. */
export function conversionRateOf(engaged: number, leads: number): string | null {
  if (leads === 0) return null;
  const tenths = Math.floor((engaged * 2000 + leads) / (2 * leads));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Counts = { source: LeadSource; status: string; count: number }[];

function cellsOf(label: string, counts: Counts, days: number[]) {
  const byStatus = Object.fromEntries(
    LEAD_STATUSES.map((status) => [status, counts.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0)]),
  );
  const leads = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  return { source: label, leads, ...byStatus, conversionRate: conversionRateOf(byStatus.engaged!, leads), medianDays: medianOf(days) };
}

/** The report's range: From and To as asked, To defaulting to the firm's today and From to 1 January of To's year. */
export const leadReportRangeOf = (query: { From?: string | undefined; To?: string | undefined }, today: string) => {
  const to = query.To ?? today;
  return { from: query.From ?? `${to.slice(0, 4)}-01-01`, to };
};

/**
 * Leads by source and status (issue 45), in the report centre's shape: rows, totals, formula, date
 * basis and a tie-out. Read in the report centre's read-only transaction.
 */
export async function answerLeadReport(tx: Tx, firmId: string, range: { from: string; to: string }): Promise<Omit<ReportAnswer, 'title'>> {
  const { from, to } = range;
  const [counts, days, total] = await Promise.all([
    countLeadsBySourceAndStatus(tx, firmId, range),
    findDaysToEngagement(tx, firmId, range),
    countLeads(tx, firmId, range),
  ]);
  const rows = LEAD_SOURCES.map((source) => ({
    cells: cellsOf(
      LEAD_SOURCE_LABELS[source],
      counts.filter((row) => row.source === source),
      days.filter((row) => row.source === source).map((row) => row.days),
    ),
    drill: null,
  }));
  const totals = cellsOf(
    'All sources',
    counts,
    days.map((row) => row.days),
  );
  return {
    level: 'summary',
    criteria: [`Leads that came in: ${isoToDisplayDate(from)} – ${isoToDisplayDate(to)}`],
    columns: COLUMNS,
    rows,
    totals: [{ cells: totals, drill: null }],
    formula:
      'Leads: the leads that came in within the range (deleted ones left out), by where they came from, counted by their status today. ' +
      'Conversion rate = engaged ÷ leads × 100. Median days to engagement: the middle of the engaged leads’ whole days from the day they came in to the day they were engaged.',
    dateBasis: `The day a lead came in, on the firm’s clock; the range is ${isoToDisplayDate(from)} – ${isoToDisplayDate(to)}.`,
    rounding: 'The conversion rate is rounded half-up to one decimal, blank without leads; a median of two middle values is their mean.',
    checks: [
      {
        name: 'Σ rows’ leads = the leads that came in within the range',
        expected: String(totals.leads),
        actual: String(total),
        pass: totals.leads === total,
      },
    ],
    page: null,
  };
}
