import { FROM_AFTER_TO, isoToDisplayDate, MONTH_NAMES, reportContracts, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import { badRequest } from '../../lib/errors.ts';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { addHours, hoursCheck, hoursText, percentOf } from './report-figures.ts';
import { criteriaOf } from './report-texts.ts';
import type { Tx } from '../../db/database.ts';
import {
  findUtilisationByMonth,
  findUtilisationEntries,
  sumUtilisationWhole,
  type UtilisationFilters,
  type UtilisationRow,
} from './utilisation.repository.ts';

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'month', label: 'Month', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'workingDays', label: 'Working days', kind: 'count', drill: null },
  { key: 'availableHours', label: 'Available hours', kind: 'hours', drill: null },
  { key: 'billableHours', label: 'Billable hours', kind: 'hours', drill: {} },
  { key: 'utilisation', label: 'Utilisation', kind: 'percent', drill: null },
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'description', label: 'Description', kind: 'text', drill: null },
  { key: 'hours', label: 'Billable hours', kind: 'hours', drill: null },
];

const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const figuresOf = (rows: readonly Pick<UtilisationRow, 'availableHours' | 'billableHours'>[]) => {
  const availableHours = addHours(...rows.map((row) => row.availableHours));
  const billableHours = addHours(...rows.map((row) => row.billableHours));
  return { availableHours, billableHours, utilisation: percentOf(billableHours, availableHours) };
};

/** The firm's line for each month of the range: Σ its fee earners' figures. */
function firmMonths(rows: readonly UtilisationRow[]): ReportRow[] {
  const months = [...new Set(rows.map((row) => row.month))];
  return months.map((month) => {
    const ofMonth = rows.filter((row) => row.month === month);
    const first = ofMonth[0]!;
    return {
      cells: { month: monthName(month), feeEarner: 'Firm', workingDays: Number(first.workingDays), ...figuresOf(ofMonth) },
      drill: { From: first.periodFrom, To: first.periodTo },
    };
  });
}

/** A period's billable hours, available hours and utilisation over every fee earner (the report's last total), for the dashboard. */
export async function findUtilisationFigures(tx: Tx, firmId: string, filters: UtilisationFilters) {
  return figuresOf(await findUtilisationByMonth(tx, firmId, filters));
}

/** Utilisation (issue 37, report 5): how much of each fee earner's available time was billable, month by month. */
export const utilisationReport = defineReport({
  contract: reportContracts.utilisation,
  name: 'utilisation',
  async run(tx, context, query) {
    const to = query.To ?? context.today;
    const from = query.From ?? `${to.slice(0, 4)}-01-01`;
    if (from > to) throw badRequest(FROM_AFTER_TO, { From: FROM_AFTER_TO });
    const filters = { from, to, feeEarnerId: query.FeeEarnerId };
    const footer = {
      formula:
        'Utilisation = billable hours ÷ available hours × 100. Billable hours = Σ hours of the fee earner’s billable time entries in the month. ' +
        'Available hours = the firm’s working days in the month (within the range) × the fee earner’s available hours per day (their own setting, ' +
        'else the firm’s; 8 unless set). Fee earners: every team member with a time entry (billable or not) in the range, active or not. ' +
        'Rows: one per fee earner per month; the totals: the firm per month (Σ of its fee earners), then the firm over the whole range.',
      dateBasis: `Activity date: each time entry’s date places it in its month; the range is ${isoToDisplayDate(from)} – ${isoToDisplayDate(to)}.`,
      rounding:
        'Hours are summed exactly (4 decimals kept); utilisation is rounded half-up to one decimal, blank when nothing was available.',
    };
    const criteria = criteriaOf(context, { From: from, To: to }, { dates: 'Activity dates' });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findUtilisationEntries(tx, context.firmId, filters, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            date: entry.date,
            feeEarner: entry.feeEarnerName,
            client: entry.clientName,
            matter: entry.matterName,
            description: entry.description,
            hours: hoursText(entry.hours),
          },
          drill: null,
        })),
        totals: [{ cells: { date: 'Total', hours: hoursText(entries.hours) }, drill: {} }],
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    const [rows, whole] = await Promise.all([
      findUtilisationByMonth(tx, context.firmId, filters),
      sumUtilisationWhole(tx, context.firmId, filters),
    ]);
    const months = firmMonths(rows);
    const total = figuresOf(rows);
    return {
      level: 'summary',
      criteria,
      columns: SUMMARY_COLUMNS,
      rows: rows.map((row) => ({
        cells: {
          month: monthName(row.month),
          feeEarner: row.feeEarnerName,
          workingDays: Number(row.workingDays),
          availableHours: hoursText(row.availableHours),
          billableHours: hoursText(row.billableHours),
          utilisation: percentOf(row.billableHours, row.availableHours),
        },
        drill: { FeeEarnerId: row.feeEarnerId, From: row.periodFrom, To: row.periodTo },
      })),
      totals: [
        ...months,
        {
          cells: {
            month: 'Whole range',
            feeEarner: 'Firm',
            workingDays: months.reduce((sum, month) => sum + Number(month.cells.workingDays), 0),
            ...total,
          },
          drill: {},
        },
      ],
      ...footer,
      checks: [
        hoursCheck('Σ rows’ billable hours = Σ hours of the billable time entries in the range', total.billableHours, whole.billableHours),
        hoursCheck(
          'Σ rows’ available hours = each fee earner’s hours per day × the working days of the whole range',
          total.availableHours,
          whole.availableHours,
        ),
      ],
      page: null,
    };
  },
});
